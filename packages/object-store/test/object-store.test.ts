import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectStoreEnvSchema, objectStoreFromEnv, objectStoreUploadOrigin, s3ObjectStore, uploadOrigin, type ObjectStore } from '../src/index.ts';
import { localStoreCredentials, startLocalObjectStore, type LocalObjectStore } from '../src/local.ts';

// The S3 client and presigned addresses against a real S3-compatible server on disk (s3rver), behind the local store's
// own Signature V4 check (s3rver checks none of a V4 signature but its key id).
const origin = 'http://127.0.0.1:8082';
const bucket = 'photos-test';
let local: LocalObjectStore;
let directory: string;
let store: ObjectStore;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'object-store-'));
  local = await startLocalObjectStore({ directory, bucket, allowedOrigins: [origin] });
  store = s3ObjectStore({ endpoint: local.url, bucket, ...localStoreCredentials, timeoutMs: 5_000 });
});
afterAll(async () => {
  await local?.close();
  await rm(directory, { recursive: true, force: true });
});

const photo = Buffer.alloc(2048, 7);
const upload = (url: string, headers: Record<string, string>, body: Buffer) => fetch(url, { method: 'PUT', headers: { ...headers, origin }, body });
const errorCode = async (response: Response) => /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1];

describe('the object store', () => {
  it('puts, reads, describes and removes an object; a missing one is undefined, removing it again no error', async () => {
    const body = Buffer.from('a photo, as bytes');
    await store.put('a/b c.jpg', body, 'image/jpeg');
    expect(await store.head('a/b c.jpg')).toEqual({ size: body.length, contentType: 'image/jpeg' });
    expect(await store.get('a/b c.jpg', 1000)).toEqual(body);
    await store.delete('a/b c.jpg');
    expect(await store.head('a/b c.jpg')).toBeUndefined();
    expect(await store.get('a/b c.jpg', 1000)).toBeUndefined();
    await store.delete('a/b c.jpg');
  });

  it('refuses to read an object past maxBytes, by its announced length or as it streams', async () => {
    await store.put('big', Buffer.alloc(100_000, 1), 'application/octet-stream');
    await expect(store.get('big', 99_999)).rejects.toThrow(/larger than 99999 bytes/);
    expect((await store.get('big', 100_000))?.length).toBe(100_000);

    // A store that announces no length and streams more than allowed: reading stops past the bound.
    const streaming = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(16 * 1024, 2);
      let sent = 0;
      const more = () => {
        while (sent < 64 && response.write(chunk)) sent += 1;
        if (sent < 64) response.once('drain', more);
        else response.end();
      };
      more();
    });
    await withServer(streaming, async (url) => {
      const liar = s3ObjectStore({ endpoint: url, bucket, ...localStoreCredentials, timeoutMs: 2_000 });
      await expect(liar.get('x', 100_000)).rejects.toThrow(/larger than 100000 bytes/);
    });
  });

  it('takes a browser upload at a presigned address for exactly the signed type and size, from an allowed origin', async () => {
    const presigned = await store.presignUpload('quarantine/1', { contentType: 'image/jpeg', contentLength: photo.length }, 60);
    expect(presigned).toMatchObject({ method: 'PUT', headers: { 'content-type': 'image/jpeg', 'content-length': String(photo.length) } });
    const query = new URL(presigned.url).searchParams;
    expect(query.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'content-type', 'host']);
    expect(query.get('X-Amz-Expires')).toBe('60');
    // No checksum of the (empty) body the SDK signs with: S3 would hold a real file to it and refuse it.
    expect([...query.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);

    // The browser's preflight: what a PUT with a Content-Type asks (Content-Length is the browser's own header).
    const preflight = await fetch(presigned.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' } });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).not.toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
    const elsewhere = await fetch(presigned.url, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' } });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    const otherHeader = await fetch(presigned.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type,x-custom' } });
    expect(otherHeader.status).toBe(403);

    const sent = await upload(presigned.url, presigned.headers, photo);
    expect(sent.status).toBe(200);
    expect(sent.headers.get('access-control-allow-origin')).toBe(origin);
    expect(await store.head('quarantine/1')).toEqual({ size: photo.length, contentType: 'image/jpeg' });
    expect(await store.get('quarantine/1', 10_000)).toEqual(photo);
  });

  it('refuses an upload of another size or type than signed, and changes nothing', async () => {
    const presigned = await store.presignUpload('quarantine/2', { contentType: 'image/jpeg', contentLength: photo.length }, 60);
    const larger = Buffer.concat([photo, Buffer.from('more')]);
    const wrongSize = await upload(presigned.url, { 'content-type': 'image/jpeg' }, larger);
    expect(wrongSize.status).toBe(403);
    // The refusal carries the CORS answer, so the page can read it.
    expect(wrongSize.headers.get('access-control-allow-origin')).toBe(origin);
    expect(await errorCode(wrongSize)).toBe('SignatureDoesNotMatch');
    const wrongType = await upload(presigned.url, { 'content-type': 'text/html' }, photo);
    expect(wrongType.status).toBe(403);
    const noType = await fetch(presigned.url, { method: 'PUT', body: photo });
    expect(noType.status).toBe(403);
    const tampered = new URL(presigned.url);
    tampered.pathname = `/${bucket}/quarantine/3`;
    expect((await upload(tampered.toString(), presigned.headers, photo)).status).toBe(403);
    expect(await store.head('quarantine/2')).toBeUndefined();
    expect(await store.head('quarantine/3')).toBeUndefined();
  });

  it('refuses an expired address, an unsigned request, and one signed with another key or secret', async () => {
    // Signed an hour ago for a minute: no wait needed.
    const client = new S3Client({ endpoint: local.url, region: 'us-east-1', forcePathStyle: true, credentials: localStoreCredentials, requestChecksumCalculation: 'WHEN_REQUIRED' });
    const command = new PutObjectCommand({ Bucket: bucket, Key: 'quarantine/4', ContentType: 'image/jpeg', ContentLength: photo.length });
    const expired = await getSignedUrl(client, command, { expiresIn: 60, signingDate: new Date(Date.now() - 3600_000), signableHeaders: new Set(['content-type', 'content-length']) });
    const late = await upload(expired, { 'content-type': 'image/jpeg' }, photo);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('Request has expired');

    expect((await fetch(`${local.url}/${bucket}/quarantine/4`, { method: 'PUT', body: photo })).status).toBe(403);
    expect((await fetch(`${local.url}/${bucket}/quarantine/1`)).status).toBe(403);
    expect((await fetch(`${local.url}/${bucket}`)).status).toBe(403);

    const stranger = s3ObjectStore({ endpoint: local.url, bucket, accessKeyId: 'SOMEONE', secretAccessKey: 'ELSE' });
    const strangers = await stranger.presignUpload('quarantine/4', { contentType: 'image/png', contentLength: 3 }, 60);
    const refused = await fetch(strangers.url, { method: 'PUT', headers: strangers.headers, body: Buffer.from('abc') });
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe('InvalidAccessKeyId');
    const guesser = s3ObjectStore({ endpoint: local.url, bucket, accessKeyId: localStoreCredentials.accessKeyId, secretAccessKey: 'a guess' });
    await expect(guesser.put('quarantine/4', Buffer.from('abc'), 'image/png')).rejects.toThrow();
    await expect(guesser.head('quarantine/1')).rejects.toThrow();
    expect(await store.head('quarantine/4')).toBeUndefined();
  });

  it('fails a call to a store that takes the connection and never answers, or never finishes its body, within its time', async () => {
    const hung = createServer(() => undefined);
    await withServer(hung, async (url) => {
      const silent = s3ObjectStore({ endpoint: url, bucket, ...localStoreCredentials, timeoutMs: 300 });
      const started = Date.now();
      await expect(silent.head('x')).rejects.toThrow();
      await expect(silent.get('x', 10)).rejects.toThrow();
      await expect(silent.put('x', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3_000);
    });
    const stalled = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '1000' });
      response.write(Buffer.alloc(10));
    });
    await withServer(stalled, async (url) => {
      const slow = s3ObjectStore({ endpoint: url, bucket, ...localStoreCredentials, timeoutMs: 300 });
      await expect(slow.get('x', 10_000)).rejects.toThrow();
    });
  });
});

describe('the object store from the environment', () => {
  it('has none without OBJECT_STORE_URL, and with it needs both keys', () => {
    const parse = (env: Record<string, string>) => objectStoreEnvSchema.parse(env);
    expect(objectStoreFromEnv(parse({}))).toBeUndefined();
    expect(parse({})).toMatchObject({ OBJECT_STORE_BUCKET: 'appointment-photos', OBJECT_STORE_REGION: 'us-east-1', OBJECT_STORE_TIMEOUT_MS: 5000 });
    expect(() => objectStoreFromEnv(parse({ OBJECT_STORE_URL: local.url }))).toThrow(/OBJECT_STORE_ACCESS_KEY_ID and OBJECT_STORE_SECRET_ACCESS_KEY must be/);
    expect(objectStoreFromEnv(parse({ OBJECT_STORE_URL: local.url, OBJECT_STORE_ACCESS_KEY_ID: 'S3RVER', OBJECT_STORE_SECRET_ACCESS_KEY: 'S3RVER' }))).toBeDefined();
    expect(objectStoreEnvSchema.safeParse({ OBJECT_STORE_URL: 'ftp://store' }).success).toBe(false);
    expect(objectStoreEnvSchema.safeParse({ OBJECT_STORE_BUCKET: 'Not_A_Bucket' }).success).toBe(false);
  });

  it('uploads through the public address when the service reaches the store by another', async () => {
    const env = objectStoreEnvSchema.parse({
      OBJECT_STORE_URL: local.url.replace('127.0.0.1', 'localhost'),
      OBJECT_STORE_PUBLIC_URL: local.url,
      OBJECT_STORE_BUCKET: bucket,
      OBJECT_STORE_ACCESS_KEY_ID: 'S3RVER',
      OBJECT_STORE_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const configured = objectStoreFromEnv(env)!;
    const presigned = await configured.presignUpload('quarantine/5', { contentType: 'image/webp', contentLength: 4 }, 60);
    expect(new URL(presigned.url).origin).toBe(local.url);
    expect(objectStoreUploadOrigin(env)).toBe(local.url);
    expect((await upload(presigned.url, presigned.headers, Buffer.from('webp'))).status).toBe(200);
    expect(await configured.head('quarantine/5')).toEqual({ size: 4, contentType: 'image/webp' });
  });

  it('names the origin browsers upload to: the bucket in the path, or in the host name on AWS', async () => {
    expect(uploadOrigin({ endpoint: 'http://object-store:9000', publicEndpoint: 'https://files.example.com', bucket: 'photos' })).toBe('https://files.example.com');
    expect(uploadOrigin({ endpoint: 'https://s3.us-east-1.amazonaws.com', bucket: 'photos' })).toBe('https://photos.s3.us-east-1.amazonaws.com');
    expect(uploadOrigin({ endpoint: 'https://s3.us-east-1.amazonaws.com', bucket: 'photos', forcePathStyle: true })).toBe('https://s3.us-east-1.amazonaws.com');
    const aws = s3ObjectStore({ endpoint: 'https://s3.us-east-1.amazonaws.com', bucket: 'photos', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });
    const presigned = await aws.presignUpload('quarantine/6', { contentType: 'image/jpeg', contentLength: 1 }, 60);
    expect(new URL(presigned.url).origin).toBe('https://photos.s3.us-east-1.amazonaws.com');
    expect(objectStoreUploadOrigin({ OBJECT_STORE_URL: undefined, OBJECT_STORE_PUBLIC_URL: undefined, OBJECT_STORE_BUCKET: 'photos' })).toBeUndefined();
  });
});

async function withServer(server: Server, run: (url: string) => Promise<void>): Promise<void> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
