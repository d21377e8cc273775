import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from '../idempotency-key.ts';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
// What the payments and booking services accept in the Idempotency-Key header.
const acceptedByServices = /^[A-Za-z0-9_-]{8,200}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('newIdempotencyKey', () => {
  it('is the purpose and a random UUID v4 the services accept', () => {
    const key = newIdempotencyKey('booking');
    expect(key.startsWith('booking-')).toBe(true);
    expect(key.slice('booking-'.length)).toMatch(uuidV4);
    expect(key).toMatch(acceptedByServices);
  });

  it('differs on every call', () => {
    const keys = new Set(Array.from({ length: 500 }, () => newIdempotencyKey('payment')));
    expect(keys.size).toBe(500);
  });

  it('works on a plain-http origin, where crypto.randomUUID does not exist', () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    expect('randomUUID' in globalThis.crypto).toBe(false);
    expect(newIdempotencyKey('payment').slice('payment-'.length)).toMatch(uuidV4);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    const fill = (value: number) => ({ getRandomValues: <T extends ArrayBufferView | null>(array: T) => ((array as Uint8Array | null)?.fill(value), array) });
    expect(newIdempotencyKey('payment', fill(0xff))).toBe('payment-ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newIdempotencyKey('payment', fill(0x00))).toBe('payment-00000000-0000-4000-8000-000000000000');
  });
});
