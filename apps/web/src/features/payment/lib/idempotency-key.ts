/** A random key for one payment attempt. getRandomValues works on plain-http origins too, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `payment-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
