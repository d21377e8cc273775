import { describe, expect, it } from 'vitest';
import { clearStoredToken, hasUnexpiredToken, readStoredToken, storeToken, tokenExpirySeconds } from '../auth-token.ts';

const jwt = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`;
const now = Date.UTC(2025, 0, 1);
const nowSeconds = now / 1000;

describe('tokenExpirySeconds', () => {
  it('reads exp from the payload', () => {
    expect(tokenExpirySeconds(jwt({ sub: '1', exp: 1_900_000_000 }))).toBe(1_900_000_000);
  });

  it('answers undefined for tokens without a readable numeric exp', () => {
    expect(tokenExpirySeconds('not-a-jwt')).toBeUndefined();
    expect(tokenExpirySeconds('a.%%%.c')).toBeUndefined();
    expect(tokenExpirySeconds(jwt({ sub: '1' }))).toBeUndefined();
    expect(tokenExpirySeconds(jwt({ exp: '1900000000' }))).toBeUndefined();
  });
});

describe('hasUnexpiredToken', () => {
  it('is true only for a stored token whose expiry (in seconds) is in the future', () => {
    expect(hasUnexpiredToken('admin_token', now)).toBe(false);
    storeToken('admin_token', jwt({ exp: nowSeconds + 60 }));
    expect(hasUnexpiredToken('admin_token', now)).toBe(true);
    storeToken('admin_token', jwt({ exp: nowSeconds }));
    expect(hasUnexpiredToken('admin_token', now)).toBe(false);
    storeToken('admin_token', jwt({ sub: 'no-expiry' }));
    expect(hasUnexpiredToken('admin_token', now)).toBe(false);
  });

  it('reads and clears under the given key only', () => {
    storeToken('auth_token', 'customer');
    storeToken('admin_token', 'admin');
    clearStoredToken('admin_token');
    expect(readStoredToken('admin_token')).toBeNull();
    expect(readStoredToken('auth_token')).toBe('customer');
  });
});
