// s3rver ships no types: the part of its API the local store uses. Ambient module declarations, since an untyped
// JavaScript module cannot be augmented from a module file; local.ts references this file.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  type Options = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };
  /** A Koa application: `middleware` is Koa's list, run in order for each request. */
  export default class S3rver {
    constructor(options: Options);
    middleware: ((ctx: never, next: () => Promise<void>) => unknown)[];
    run(): Promise<AddressInfo | string | null>;
    close(): Promise<void>;
  }
}

// The accounts s3rver knows (one process-wide list): a key pair added to its account is accepted.
declare module 's3rver/lib/models/account.js' {
  const account: { DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void } };
  export default account;
}
