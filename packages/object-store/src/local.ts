// s3rver ships no types, and an untyped module cannot be augmented by an import: its declarations are referenced.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./s3rver.d.ts" />
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import localAccount from 's3rver/lib/models/account.js';
import { verifySignatureV4 } from './signature-v4.ts';

/** The key pair the local store accepts unless given another (s3rver's own): OBJECT_STORE_ACCESS_KEY_ID and its secret. */
export const localStoreCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type LocalObjectStoreOptions = {
  /** Where the files are kept (created when missing); they survive a restart. */
  directory: string;
  bucket: string;
  /** The browser origins that may upload and read (the apps' origins): the bucket's CORS rule. */
  allowedOrigins: readonly string[];
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The one key pair every request must be signed with (default `localStoreCredentials`). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

export type LocalObjectStore = {
  /** The store's address (`http://host:port`): OBJECT_STORE_URL, and OBJECT_STORE_PUBLIC_URL for browsers on this machine. */
  url: string;
  close: () => Promise<void>;
};

const xmlText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The bucket's CORS rule: the apps' origins may PUT (a presigned upload sends Content-Type; Chromium and Firefox ask
 * for it in the preflight, Content-Length is the browser's own), GET and HEAD, and read the ETag of what they sent.
 */
export function corsConfiguration(allowedOrigins: readonly string[]): string {
  const origins = allowedOrigins.map((origin) => `<AllowedOrigin>${xmlText(origin)}</AllowedOrigin>`).join('');
  const methods = ['PUT', 'GET', 'HEAD'].map((method) => `<AllowedMethod>${method}</AllowedMethod>`).join('');
  return `<CORSConfiguration><CORSRule>${origins}${methods}<AllowedHeader>content-type</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

type KoaContext = {
  method: string;
  req: { url?: string; headers: Record<string, string | string[] | undefined> };
  status: number;
  body: unknown;
  set: (name: string, value: string) => void;
  get: (name: string) => string;
};

/**
 * An S3-compatible store on this machine with its files on disk (s3rver 3, from the npm registry): what `pnpm start`,
 * compose and the tests use where production has a bucket, through the same client and presigned addresses.
 *
 * s3rver itself serves anyone (an unsigned request reads and writes) and checks of a V4 signature only that its access
 * key id is one it knows: not the signature, the signed headers (a presigned upload's type and length) nor the secret.
 * So every request but a CORS preflight passes `verifySignatureV4` first, with this store's one key pair, as S3 would:
 * an unsigned, wrongly signed, expired, or differently typed or sized upload is refused with 403. What it still does
 * not check, unlike S3: the body against `x-amz-content-sha256` or an `x-amz-checksum-*` value (booking checks the size
 * that arrived and the file's content itself), bucket policies, and anything beyond one bucket with one CORS rule.
 */
export async function startLocalObjectStore(options: LocalObjectStoreOptions): Promise<LocalObjectStore> {
  await mkdir(options.directory, { recursive: true });
  const credentials = options.credentials ?? localStoreCredentials;
  const allowedOrigins = new Set(options.allowedOrigins);
  const host = options.host ?? '127.0.0.1';
  // s3rver then checks the key id against its own (process-wide) list of accounts: this store's key joins it.
  localAccount.DUMMY_ACCOUNT.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);
  const server = new S3rver({
    address: host,
    port: options.port ?? 0,
    silent: true,
    directory: options.directory,
    // Buckets are in the path (`/bucket/key`), as the client asks (forcePathStyle).
    vhostBuckets: false,
    // Without origins, no CORS rule: no page may call it (an older rule kept in `directory` stays).
    configureBuckets: [{ name: options.bucket, configs: allowedOrigins.size > 0 ? [corsConfiguration([...allowedOrigins])] : [] }],
  });
  const verify = async (ctx: KoaContext, next: () => Promise<void>) => {
    // A preflight carries no credentials; s3rver answers it from the bucket's CORS rule.
    if (ctx.method === 'OPTIONS') return next();
    const verdict = verifySignatureV4({ method: ctx.method, url: ctx.req.url ?? '/', headers: ctx.req.headers }, (id) =>
      id === credentials.accessKeyId ? credentials.secretAccessKey : undefined,
    );
    if (verdict.ok) return next();
    ctx.status = verdict.status;
    ctx.set('Content-Type', 'application/xml');
    // As S3 does, a refusal carries the CORS answer, so the page can read why.
    const origin = ctx.get('origin');
    if (allowedOrigins.has(origin)) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Vary', 'Origin');
    }
    if (ctx.method !== 'HEAD') {
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${verdict.code}</Code><Message>${xmlText(verdict.message)}</Message></Error>`;
    }
  };
  // Before s3rver's own middleware (its logger, router and authentication), so nothing unverified reaches it.
  server.middleware.unshift(verify as (typeof server.middleware)[number]);
  const address = (await server.run()) as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    close: () => server.close(),
  };
}
