import { z } from 'zod';
import type { ObjectStore } from './object-store.ts';
import { defaultTimeoutMs, s3ObjectStore, uploadOrigin } from './s3-object-store.ts';

const httpUrl = (name: string) =>
  z.url({ protocol: /^https?$/, error: `${name} must be an http(s) address such as https://s3.us-east-1.amazonaws.com` });

/**
 * The object store's settings, to spread into a service's environment schema
 * (`baseEnvSchema(port).extend({ ...objectStoreEnvShape })`). Without OBJECT_STORE_URL the service has no store (it
 * says so where a photo would be taken). With it, both keys are required (`objectStoreFromEnv` says which is missing):
 * the local store's are `S3RVER` / `S3RVER` unless it was started with others, a bucket's are its own.
 */
export const objectStoreEnvShape = {
  /** Where the service reaches the store: the local store's address, or S3's regional endpoint. */
  OBJECT_STORE_URL: httpUrl('OBJECT_STORE_URL').optional(),
  /** The store's address as browsers reach it, when it differs (compose: the host's address, not the service name). */
  OBJECT_STORE_PUBLIC_URL: httpUrl('OBJECT_STORE_PUBLIC_URL').optional(),
  OBJECT_STORE_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'OBJECT_STORE_BUCKET must be an S3 bucket name: 3 to 63 lower-case letters, digits, dots and hyphens')
    .default('appointment-photos'),
  OBJECT_STORE_REGION: z.string().min(1).default('us-east-1'),
  OBJECT_STORE_ACCESS_KEY_ID: z.string().min(1).optional(),
  OBJECT_STORE_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** How long one call to the store may take before it fails. */
  OBJECT_STORE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(defaultTimeoutMs),
};

/** The same settings as a schema of their own. */
export const objectStoreEnvSchema = z.object(objectStoreEnvShape);
export type ObjectStoreEnv = z.infer<typeof objectStoreEnvSchema>;

type Configured = ObjectStoreEnv & { OBJECT_STORE_URL: string; OBJECT_STORE_ACCESS_KEY_ID: string; OBJECT_STORE_SECRET_ACCESS_KEY: string };

function configured(env: ObjectStoreEnv): Configured | undefined {
  if (!env.OBJECT_STORE_URL) return undefined;
  const missing = (['OBJECT_STORE_ACCESS_KEY_ID', 'OBJECT_STORE_SECRET_ACCESS_KEY'] as const).filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`OBJECT_STORE_URL is set, so ${missing.join(' and ')} must be too (the store's key pair).`);
  return env as Configured;
}

const storeConfig = (env: Configured) => ({
  endpoint: env.OBJECT_STORE_URL,
  publicEndpoint: env.OBJECT_STORE_PUBLIC_URL,
  bucket: env.OBJECT_STORE_BUCKET,
  region: env.OBJECT_STORE_REGION,
  accessKeyId: env.OBJECT_STORE_ACCESS_KEY_ID,
  secretAccessKey: env.OBJECT_STORE_SECRET_ACCESS_KEY,
  timeoutMs: env.OBJECT_STORE_TIMEOUT_MS,
});

/** The store the environment names, or undefined without OBJECT_STORE_URL; throws when its key pair is incomplete. */
export function objectStoreFromEnv(env: ObjectStoreEnv): ObjectStore | undefined {
  const settings = configured(env);
  return settings && s3ObjectStore(storeConfig(settings));
}

/** The origin browsers upload to under these settings (for the gateways' `connect-src`), or undefined without a store. */
export function objectStoreUploadOrigin(env: Pick<ObjectStoreEnv, 'OBJECT_STORE_URL' | 'OBJECT_STORE_PUBLIC_URL' | 'OBJECT_STORE_BUCKET'>): string | undefined {
  if (!env.OBJECT_STORE_URL) return undefined;
  return uploadOrigin({ endpoint: env.OBJECT_STORE_URL, publicEndpoint: env.OBJECT_STORE_PUBLIC_URL, bucket: env.OBJECT_STORE_BUCKET });
}
