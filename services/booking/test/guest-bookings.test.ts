import { describe, expect, it } from 'vitest';
import { customerEmailProvenTopic } from '@repo/contracts';
import { injectEffect } from '@repo/service-kit/test-service';
import { bookSlot, bookingForTests, customerClaims, testClock } from './helpers.ts';

// Monday 2 November 2026, 9:00 EST.
const clock = testClock('2026-11-02T14:00:00Z');
const booking = bookingForTests(clock.now);

const listFor = async (customerId: number) => {
  const response = await booking.service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: { authorization: booking.service.bearer(customerClaims(customerId)) } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: number }[]).map((appointment) => appointment.id).sort((a, b) => a - b);
};

describe('what was booked before the account', () => {
  it("gives the account the visits booked under its proven email without one, whatever the letter case, and no one else's", async () => {
    const first = await bookSlot(booking.service, '2026-11-04', '08:00-09:00', {}, { email: 'Rae.Lin@Example.com' });
    const second = await bookSlot(booking.service, '2026-11-05', '10:00-11:00', {}, { email: 'rae.lin@example.com' });
    const someoneElse = await bookSlot(booking.service, '2026-11-05', '10:00-11:00', {}, { email: 'other@example.com' });
    // Booked signed in as another customer under the same email: that account keeps it.
    const owned = await bookSlot(booking.service, '2026-11-06', '08:00-09:00', { authorization: booking.service.bearer(customerClaims(77)) }, { email: 'rae.lin@example.com' });
    expect(await listFor(41)).toEqual([]);

    const applied = await injectEffect(booking.service.app, { from: 'accounts', topic: customerEmailProvenTopic, payload: { customerId: 41, email: 'rae.lin@example.com' } });
    expect(applied.json()).toMatchObject({ status: 'applied' });
    expect(await listFor(41)).toEqual([first.id, second.id]);
    expect(await listFor(77)).toEqual([owned.id]);
    const other = await booking.service.db.selectFrom('appointments').select('customer_id').where('id', '=', someoneElse.id).executeTakeFirstOrThrow();
    expect(other.customer_id).toBeNull();

    // A later session of another account on that email finds nothing left to take.
    await injectEffect(booking.service.app, { from: 'accounts', topic: customerEmailProvenTopic, payload: { customerId: 42, email: 'RAE.LIN@example.com' } });
    expect(await listFor(42)).toEqual([]);
    expect(await listFor(41)).toEqual([first.id, second.id]);
  });

  it('takes the effect from accounts only, with a whole payload', async () => {
    const fromPayments = await injectEffect(booking.service.app, { from: 'payments', topic: customerEmailProvenTopic, payload: { customerId: 43, email: 'x@example.com' } });
    expect(fromPayments.statusCode).toBe(403);
    const partial = await injectEffect(booking.service.app, { from: 'accounts', topic: customerEmailProvenTopic, payload: { customerId: 43 } });
    expect(partial.statusCode).toBe(400);
  });
});
