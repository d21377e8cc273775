import { createHash, randomBytes } from 'node:crypto';

/** A new reset token: 256 random bits, base64url (43 characters), as `passwordResetCompleteRequestSchema` expects. */
export const newResetToken = () => randomBytes(32).toString('base64url');

/** What is stored of a token: its sha256, hex. A 256-bit random token needs no salt or slow hash to be unguessable. */
export const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
