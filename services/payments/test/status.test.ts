import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentStatuses } from '@repo/contracts';
import { supersedes, type StatusPoint } from '../src/domain/status.ts';

const start: StatusPoint = { status: 'pending', at: null };
const fold = (points: StatusPoint[]) => points.reduce((current, next) => (supersedes(next, current) ? next : current), start);

/** Events as Stripe sends them: a few seconds apart (ties happen), any status. */
const point = fc.record({ status: fc.constantFrom(...paymentStatuses), at: fc.integer({ min: 0, max: 5 }).map((s) => new Date(1_700_000_000_000 + s * 1000)) });

describe('supersedes', () => {
  it('never leaves succeeded or canceled for an in-between status', () => {
    for (const final of ['succeeded', 'canceled'] as const) {
      for (const status of ['pending', 'processing', 'failed'] as const) {
        expect(supersedes({ status, at: new Date(9e12) }, { status: final, at: new Date(0) })).toBe(false);
      }
    }
    expect(supersedes({ status: 'succeeded', at: new Date(0) }, { status: 'failed', at: new Date(9e12) })).toBe(true);
  });

  it('prefers the later event, and within one second a failure over processing', () => {
    const at = new Date(1_700_000_000_000);
    expect(supersedes({ status: 'processing', at: new Date(at.getTime() + 1000) }, { status: 'failed', at })).toBe(true);
    expect(supersedes({ status: 'processing', at }, { status: 'failed', at })).toBe(false);
    expect(supersedes({ status: 'failed', at }, { status: 'processing', at })).toBe(true);
    expect(supersedes({ status: 'failed', at }, { status: 'failed', at })).toBe(false);
  });

  it('leaves the same status whatever order and how often events arrive', () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 8 }), fc.infiniteStream(fc.nat()), fc.array(fc.nat(), { maxLength: 6 }), (points, keys, repeats) => {
        const deliveries = [...points, ...repeats.map((index) => points[index % points.length]!)];
        const shuffled = deliveries.map((p) => ({ p, key: keys.next().value as number })).sort((a, b) => a.key - b.key).map(({ p }) => p);
        expect(fold(shuffled).status).toBe(fold(points).status);
      }),
    );
  });
});
