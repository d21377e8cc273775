/**
 * The local object store as a process of its own: docker-compose.yml's `object-store` service (infra/Dockerfile,
 * `--target object-store`), where production has an S3 bucket. `pnpm start` and the tests start the same store inside
 * their own process (`startLocalObjectStore`).
 *
 * Environment: HOST (127.0.0.1), PORT (9000), OBJECT_STORE_DIRECTORY (where the files are kept; required),
 * OBJECT_STORE_BUCKET (appointment-photos), OBJECT_STORE_ACCESS_KEY_ID and OBJECT_STORE_SECRET_ACCESS_KEY (the one key
 * pair it accepts; required), OBJECT_STORE_ALLOWED_ORIGINS (the apps' origins browsers upload from, comma-separated).
 */
import { z } from 'zod';
import { startLocalObjectStore } from './local.ts';

const schema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(9000),
  OBJECT_STORE_DIRECTORY: z.string({ error: 'is required: the folder the files are kept in' }).min(1),
  OBJECT_STORE_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name').default('appointment-photos'),
  OBJECT_STORE_ACCESS_KEY_ID: z.string({ error: 'is required: the access key id requests are signed with' }).min(1),
  OBJECT_STORE_SECRET_ACCESS_KEY: z.string({ error: 'is required: the secret requests are signed with' }).min(16, 'must be at least 16 characters'),
  OBJECT_STORE_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must list origins such as https://example.com' })).min(1, 'must list the apps\' origins, such as https://example.com')),
});

const parsed = schema.safeParse(process.env);
if (!parsed.success) {
  console.error(`object store: invalid environment:\n${parsed.error.issues.map((issue) => `  - ${issue.path.join('.')} ${issue.message}`).join('\n')}`);
  process.exit(1);
}
const env = parsed.data;
const store = await startLocalObjectStore({
  directory: env.OBJECT_STORE_DIRECTORY,
  bucket: env.OBJECT_STORE_BUCKET,
  host: env.HOST,
  port: env.PORT,
  allowedOrigins: env.OBJECT_STORE_ALLOWED_ORIGINS,
  credentials: { accessKeyId: env.OBJECT_STORE_ACCESS_KEY_ID, secretAccessKey: env.OBJECT_STORE_SECRET_ACCESS_KEY },
});
console.log(JSON.stringify({ level: 'info', msg: 'object store listening', url: store.url, bucket: env.OBJECT_STORE_BUCKET, directory: env.OBJECT_STORE_DIRECTORY }));

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  // Uploads in flight finish; past 10 s the process exits anyway.
  setTimeout(() => process.exit(1), 10_000).unref();
  void store.close().then(() => process.exit(0), () => process.exit(1));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
