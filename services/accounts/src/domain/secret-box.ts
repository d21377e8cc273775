import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Field-service credentials at rest (the Jobber tokens): AES-256-GCM with a key from the environment, a fresh 12-byte
 * nonce per value, stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). The GCM tag makes a changed or
 * wrongly-keyed value fail to open instead of decrypting to garbage.
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export class SecretBoxError extends Error {}

/**
 * The key of `pnpm start` and the tests when FIELD_SERVICE_CREDENTIALS_KEY is not set (outside production only; the
 * environment check refuses to start production without one). Public, so it protects nothing: it only lets the
 * embedded default run without setup.
 */
export const developmentCredentialsKey = Buffer.alloc(32, 'development-only-field-service-key').toString('base64');

/** A 32-byte key written as 64 hex digits or base64 (44 characters), or undefined when it is neither. */
export function parseCredentialsKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed, 'base64');
    return key.length === 32 ? key : undefined;
  }
  return undefined;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new SecretBoxError('An AES-256 key is 32 bytes');
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(text) {
      const [version, nonce, tag, sealed] = text.split('.');
      if (version !== 'v1' || !nonce || !tag || sealed === undefined) throw new SecretBoxError('Not a sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      } catch (err) {
        throw new SecretBoxError('The stored value cannot be opened with FIELD_SERVICE_CREDENTIALS_KEY (was the key changed?)', { cause: err });
      }
    },
  };
}
