import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { invoiceLinkValidDays } from '@repo/contracts';

const dayMs = 24 * 60 * 60 * 1000;

/** SHA-256 (hex) of an invoice link's key: what payments keeps of it. */
export const invoiceKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key for an invoice's link (32 random bytes, base64url) and the hash payments keeps of it. */
export function newInvoiceKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: invoiceKeyHash(key) };
}

/** Whether `key` is the key whose hash is `stored`, compared in constant time. */
export function invoiceKeyMatches(stored: string | null, key: string): boolean {
  if (stored === null) return false;
  const given = Buffer.from(invoiceKeyHash(key), 'hex');
  const kept = Buffer.from(stored, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/** Whether the link of an invoice sent at `sentAt` has stopped working at `now` (`invoiceLinkValidDays` later). */
export const invoiceLinkExpired = (sentAt: Date, now: Date) => now.getTime() >= sentAt.getTime() + invoiceLinkValidDays * dayMs;
