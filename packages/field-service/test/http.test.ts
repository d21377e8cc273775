import { describe, expect, it } from 'vitest';
import { backoffDelay, maxRetryAfterMs, retryAfterMs } from '../src/http.ts';
import { phoneDigits } from '../src/index.ts';

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, never negative, capped at 30 s', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2_000);
    expect(retryAfterMs('0.5', now)).toBe(500);
    expect(retryAfterMs('Sun, 01 Mar 2026 12:00:07 GMT', now)).toBe(7_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 11:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('3600', now)).toBe(maxRetryAfterMs);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('backoff', () => {
  it('doubles per attempt with jitter between half and all of the doubled delay, capped', () => {
    expect(backoffDelay(0, 250, () => 0)).toBe(125);
    expect(backoffDelay(0, 250, () => 1)).toBe(250);
    expect(backoffDelay(3, 250, () => 0)).toBe(1_000);
    expect(backoffDelay(3, 250, () => 1)).toBe(2_000);
    expect(backoffDelay(20, 250, () => 1)).toBe(maxRetryAfterMs);
  });
});

describe('phone digits', () => {
  it('finds the ten digits in common US formats, a leading 1 and an extension dropped', () => {
    for (const typed of ['(904) 802-1998', '904.802.1998', '+1 904 802 1998', '1-904-802-1998', '904 802 1998', '904-802-1998 x2', '(904) 802-1998 ext. 12']) {
      expect(phoneDigits(typed)).toBe('9048021998');
    }
    expect(phoneDigits('+44 20 7946 0958')).toBeUndefined();
    expect(phoneDigits('802-1998')).toBeUndefined();
    expect(phoneDigits('')).toBeUndefined();
  });
});
