/**
 * One interface for the files the services keep (appointment photos first): an S3-compatible bucket in production,
 * and in `pnpm start`, compose and the tests a local S3-compatible server keeping its files on disk, so there is one
 * code path. Browsers upload straight to the store with a presigned request: a file never passes through the gateways
 * or a service's request body.
 */
export type PresignedUpload = {
  /**
   * The address the browser sends the file to, with `method` and exactly these headers. Content-Length is the one a
   * browser sets itself from the body (XMLHttpRequest refuses to set it): the file must be exactly that long.
   */
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  /** When the address stops working. */
  expiresAt: string;
};

export type StoredObject = { size: number; contentType: string | undefined };

export type ObjectStore = {
  /**
   * An address a browser may upload one object to, for `expiresInSeconds`: the content type and the exact length are
   * part of the signature, so the store refuses another type or size.
   */
  presignUpload(key: string, file: { contentType: string; contentLength: number }, expiresInSeconds: number): Promise<PresignedUpload>;
  /** What is stored under `key`, or undefined when nothing is. */
  head(key: string): Promise<StoredObject | undefined>;
  /** The object's bytes, or undefined when nothing is stored; refuses (throws) past `maxBytes`, reading no further. */
  get(key: string, maxBytes: number): Promise<Buffer | undefined>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes the object; removing what is not there is no error. */
  delete(key: string): Promise<void>;
};
