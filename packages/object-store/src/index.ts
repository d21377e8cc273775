export type { ObjectStore, PresignedUpload, StoredObject } from './object-store.ts';
export { s3ObjectStore, uploadOrigin, defaultTimeoutMs, type S3ObjectStoreConfig } from './s3-object-store.ts';
export { objectStoreEnvShape, objectStoreEnvSchema, objectStoreFromEnv, objectStoreUploadOrigin, type ObjectStoreEnv } from './env.ts';
