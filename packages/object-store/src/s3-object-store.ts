import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ObjectStore } from './object-store.ts';

export type S3ObjectStoreConfig = {
  /** Where the service reaches the store (in compose, the store's service name; for AWS, `https://s3.<region>.amazonaws.com`). */
  endpoint: string;
  /** Where browsers reach it: upload addresses are signed for this origin. Defaults to `endpoint`. */
  publicEndpoint?: string;
  bucket: string;
  /** Default us-east-1 (any value for the local store). */
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Bucket in the path (`host/bucket/key`), as S3-compatible servers want, rather than in the host name
   * (`bucket.host/key`), as AWS prefers. Default: true, except for an endpoint on amazonaws.com.
   */
  forcePathStyle?: boolean;
  /** How long one call may take, reading the body included, before it fails: a hung store never hangs a request. Default 5 s. */
  timeoutMs?: number;
};

export const defaultTimeoutMs = 5_000;

const isAws = (endpoint: string) => /(^|\.)amazonaws\.com(\.cn)?$/.test(new URL(endpoint).hostname);

/** Whether the bucket goes in the path (see `S3ObjectStoreConfig.forcePathStyle`). */
export const pathStyle = (config: Pick<S3ObjectStoreConfig, 'endpoint' | 'forcePathStyle'>) => config.forcePathStyle ?? !isAws(config.endpoint);

/**
 * The origin of the addresses browsers upload to (the gateways' `connect-src` must allow it): the public endpoint's,
 * or with the bucket in the host name, `<bucket>.<host>`.
 */
export function uploadOrigin(config: Pick<S3ObjectStoreConfig, 'endpoint' | 'publicEndpoint' | 'forcePathStyle' | 'bucket'>): string {
  const endpoint = new URL(config.publicEndpoint ?? config.endpoint);
  if (pathStyle(config)) return endpoint.origin;
  return `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');

const tooLarge = (key: string, maxBytes: number) => new Error(`The stored object ${key} is larger than ${maxBytes} bytes: it was not read.`);

/** The object store on any S3-compatible API: AWS S3 in production, the local store (`./local.ts`) elsewhere. */
export function s3ObjectStore(config: S3ObjectStoreConfig): ObjectStore {
  const timeoutMs = config.timeoutMs ?? defaultTimeoutMs;
  const client = (endpoint: string) =>
    new S3Client({
      endpoint,
      region: config.region ?? 'us-east-1',
      forcePathStyle: pathStyle(config),
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      maxAttempts: 2,
      // Checksums only where S3 requires them. By default the SDK also puts a CRC32 in a presigned upload's query,
      // computed over the empty body it signs, so S3 would refuse every real file sent there.
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  const inside = client(config.endpoint);
  const outside = config.publicEndpoint && config.publicEndpoint !== config.endpoint ? client(config.publicEndpoint) : inside;
  const bucket = config.bucket;
  // One bound per call, covering the SDK's retry and, for `get`, reading the body.
  const timed = () => ({ abortSignal: AbortSignal.timeout(timeoutMs) });

  return {
    async presignUpload(key, file, expiresInSeconds) {
      const command = new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: file.contentType, ContentLength: file.contentLength });
      // The type and length are signed headers: the store refuses an upload of another type or size.
      const url = await getSignedUrl(outside, command, { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type', 'content-length']) });
      return {
        url,
        method: 'PUT',
        headers: { 'content-type': file.contentType, 'content-length': String(file.contentLength) },
        expiresAt: new Date(Date.now() + expiresInSeconds * 1000).toISOString(),
      };
    },
    async head(key) {
      try {
        const answer = await inside.send(new HeadObjectCommand({ Bucket: bucket, Key: key }), timed());
        return { size: answer.ContentLength ?? 0, contentType: answer.ContentType };
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },
    async get(key, maxBytes) {
      const options = timed();
      let answer;
      try {
        answer = await inside.send(new GetObjectCommand({ Bucket: bucket, Key: key }), options);
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
      const body = answer.Body as (AsyncIterable<Uint8Array> & { destroy?: () => void }) | undefined;
      if (!body) throw new Error(`The store answered no body for ${key}.`);
      if ((answer.ContentLength ?? 0) > maxBytes) {
        body.destroy?.();
        throw tooLarge(key, maxBytes);
      }
      // Read as it streams, and stop at the first chunk past the bound (leaving the loop closes the stream), whatever
      // the length the store announced.
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of body) {
        size += chunk.length;
        if (size > maxBytes) throw tooLarge(key, maxBytes);
        chunks.push(Buffer.from(chunk));
      }
      if (options.abortSignal.aborted) throw new Error(`Reading ${key} from the store took longer than ${timeoutMs} ms.`);
      return Buffer.concat(chunks, size);
    },
    async put(key, body, contentType) {
      await inside.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }), timed());
    },
    async delete(key) {
      await inside.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }), timed());
    },
  };
}
