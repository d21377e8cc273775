import { createHash, randomBytes } from 'node:crypto';

/**
 * A new token for an emailed link (a password reset, a registration's email proof): 256 random bits, base64url (43
 * characters), as contracts' token schemas expect.
 */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** What is stored of a token: its sha256, hex. A 256-bit random token needs no salt or slow hash to be unguessable. */
export const linkTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
