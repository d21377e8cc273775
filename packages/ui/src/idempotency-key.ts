type RandomSource = Pick<Crypto, 'getRandomValues'>;

/**
 * A fresh Idempotency-Key for one attempt: `<purpose>-<random UUID v4>`. Made with `getRandomValues`, which every
 * browser has on any origin, because `crypto.randomUUID` exists only in secure contexts (not on plain http://).
 */
export function newIdempotencyKey(purpose: string, random: RandomSource = globalThis.crypto): string {
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${purpose}-${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
