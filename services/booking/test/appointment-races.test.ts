import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { appointmentPageMessages, slotTakenMessage } from '@repo/contracts';
import { bookSlot, bookingForTests, testClock, validBooking } from './helpers.ts';

/**
 * Reschedules and cancellations race bookings of the same slots on the real database. After every race the slot
 * counter equals the appointments that hold a place in each slot, never above capacity (2), and no row is lost or
 * duplicated.
 */
const clock = testClock('2026-11-23T15:00:00Z'); // Monday 10:00 Eastern
const capacity = 2;
const booking = bookingForTests(clock.now);

const book = (appointmentDate: string, timeSlot: string, i: number) =>
  booking.service.app.inject({ method: 'POST', url: '/api/appointments', payload: { ...validBooking, email: `racer${i}@example.com`, appointmentDate, timeSlot } });

async function expectCountersExact() {
  const counters = await booking.service.db.selectFrom('slot_bookings').select(['appointment_date', 'time_slot', 'booked']).where('booked', '>', 0).execute();
  const holders = await booking.service.db.selectFrom('appointments')
    .select(['appointment_date', 'time_slot', (eb) => eb.fn.countAll<string>().as('count')])
    .where('status', '!=', 'cancelled').where('holds_slot_place', '=', true)
    .groupBy(['appointment_date', 'time_slot']).execute();
  const bySlot = (rows: { appointment_date: string; time_slot: string }[], value: (row: never) => number) =>
    Object.fromEntries(rows.map((row) => [`${row.appointment_date} ${row.time_slot}`, value(row as never)]));
  const counted = bySlot(counters, (row: { booked: number }) => row.booked);
  expect(counted).toEqual(bySlot(holders, (row: { count: string }) => Number(row.count)));
  for (const booked of Object.values(counted)) expect(booked).toBeLessThanOrEqual(capacity);
  return counted;
}
const appointmentRows = async () => Number((await sql<{ n: string }>`select count(*) as n from appointments`.execute(booking.service.db)).rows[0]?.n);

it('runs on real PostgreSQL unless PGlite is asked for', () => {
  expect(booking.service.database.kind).toBe(process.env.TEST_DB === 'pglite' ? 'pglite' : 'postgres');
});

describe('races on one slot', () => {
  it('lets exactly one of ten reschedules and ten bookings take the last place', async () => {
    const target = { date: '2026-11-27', slot: '10:00-11:00' };
    await bookSlot(booking.service, target.date, target.slot);
    const movers = [];
    for (let i = 0; i < 10; i += 1) movers.push(await bookSlot(booking.service, '2026-11-30', `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:00-${String(9 + Math.floor(i / 2)).padStart(2, '0')}:00`));
    const before = await appointmentRows();

    const answers = await Promise.all([
      ...movers.map(({ id, manageToken }) => booking.page.reschedule(id, { appointmentDate: target.date, timeSlot: target.slot }, { token: manageToken })),
      ...Array.from({ length: 10 }, (_, i) => book(target.date, target.slot, i)),
    ]);
    const won = answers.filter((answer) => answer.statusCode === 200 || answer.statusCode === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((answer) => answer.statusCode !== 200 && answer.statusCode !== 201)) {
      expect(lost.statusCode).toBe(409);
      expect(lost.json().error.message).toBe(slotTakenMessage);
    }
    const counted = await expectCountersExact();
    expect(counted[`${target.date} ${target.slot}`]).toBe(2);
    expect(await appointmentRows()).toBe(before + (won[0]?.statusCode === 201 ? 1 : 0));
  });

  it('gives a cancelled place to at most one racing booking each, never more than capacity', async () => {
    const slot = { date: '2026-12-01', slot: '13:00-14:00' };
    const holders = [await bookSlot(booking.service, slot.date, slot.slot), await bookSlot(booking.service, slot.date, slot.slot)];
    const answers = await Promise.all([
      ...holders.map(({ id, manageToken }) => booking.page.cancel(id, { token: manageToken })),
      ...Array.from({ length: 20 }, (_, i) => book(slot.date, slot.slot, 100 + i)),
    ]);
    expect(answers.slice(0, 2).map((answer) => answer.statusCode)).toEqual([200, 200]);
    const booked = answers.slice(2).filter((answer) => answer.statusCode === 201).length;
    expect(booked).toBeLessThanOrEqual(2);
    expect(answers.slice(2).every((answer) => answer.statusCode === 201 || answer.statusCode === 409)).toBe(true);
    const counted = await expectCountersExact();
    expect(counted[`${slot.date} ${slot.slot}`] ?? 0).toBe(booked);
  });
});

describe('races on one appointment', () => {
  it('cancels once out of ten concurrent cancels and gives back exactly one place', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-12-02', '09:00-10:00');
    const answers = await Promise.all(Array.from({ length: 10 }, () => booking.page.cancel(id, { token: manageToken })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(appointmentPageMessages.alreadyCancelled);
    }
    expect((await expectCountersExact())['2026-12-02 09:00-10:00']).toBeUndefined();
  });

  it('applies concurrent moves of one appointment one after another, leaving one place held', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-12-03', '08:00-09:00');
    const targets = ['09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00', '13:00-14:00', '14:00-15:00'];
    const answers = await Promise.all(targets.map((timeSlot) => booking.page.reschedule(id, { appointmentDate: '2026-12-03', timeSlot }, { token: manageToken })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(targets.map(() => 200));
    const final = await booking.service.db.selectFrom('appointments').select(['time_slot', 'revision']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(final.revision).toBe(targets.length);
    const counted = await expectCountersExact();
    const heldOnTheDay = Object.entries(counted).filter(([key]) => key.startsWith('2026-12-03 '));
    expect(heldOnTheDay).toEqual([[`2026-12-03 ${final.time_slot}`, 1]]);
  });
});

describe('moves crossing each other', () => {
  it('swaps eighteen pairs of appointments between their slots at once: every move goes through, no deadlock, no place lost', async () => {
    const slots = ['08:00-09:00', '09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00', '13:00-14:00', '14:00-15:00', '15:00-16:00', '16:00-17:00'];
    const movers = [];
    for (const [first, second] of [['2026-12-04', '2026-12-05'], ['2026-12-07', '2026-12-08']] as const) {
      for (const slot of slots) {
        // One appointment in each of the two slots; each moves to the other's, so both slot rows are touched by both.
        movers.push({ ...(await bookSlot(booking.service, first, slot)), to: second, slot });
        movers.push({ ...(await bookSlot(booking.service, second, slot)), to: first, slot });
      }
    }
    const before = await appointmentRows();
    const answers = await Promise.all(movers.map((mover) =>
      booking.page.reschedule(mover.id, { appointmentDate: mover.to, timeSlot: mover.slot }, { token: mover.manageToken })));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const counted = await expectCountersExact();
    for (const date of ['2026-12-04', '2026-12-05', '2026-12-07', '2026-12-08']) for (const slot of slots) expect(counted[`${date} ${slot}`]).toBe(1);
    expect(await appointmentRows()).toBe(before);
  });
});
