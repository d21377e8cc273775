import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestService } from '@repo/service-kit/test-service';
import { migrations } from '../src/db/migrations/index.ts';
import type { BookingDatabase } from '../src/db/schema.ts';
import { buildBooking, testClock, validBooking } from './helpers.ts';

let service: TestService<BookingDatabase>;
beforeAll(async () => {
  service = await buildBooking(testClock('2026-11-23T15:00:00Z').now, { BOOKING_SLOT_CAPACITY: '1' });
});
afterAll(async () => {
  await service?.close();
});

const book = (timeSlot: string) =>
  service.app.inject({ method: 'POST', url: '/api/appointments', payload: { ...validBooking, appointmentDate: '2026-11-25', timeSlot } });

/**
 * Books through `book_appointment` as the schema defines it at that point: the first version takes 18 arguments, the
 * one with SMS consent 19, the current one (with the consent's words) 20. The running code calls the current one, so
 * the older schemas are booked directly.
 */
const bookInSql = async (timeSlot: string, withConsent: 'no consent' | 'consent' | 'consent and words') => {
  const code = `M${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const consent = { 'no consent': sql``, consent: sql`, true`, 'consent and words': sql`, true, 'Text me'` }[withConsent];
  const { rows } = await sql<{ id: number }>`select id from book_appointment('2026-11-25'::date, ${timeSlot}, 1, null::integer, 'Jordan Reyes',
    'jordan@example.com', '(904) 555-0100', '12 King St', 'St Augustine', 'FL', '32084', 'Repair', 'Refrigerator', 'Sub-Zero',
    null::text, ${code}, null::text, 'hash'${consent})`.execute(service.db);
  return rows.length;
};

it('takes the slot-place functions and SMS consent (and its words) down to the first booking function and back up, booking alike on each', async () => {
  const migrator = new Migrator({ db: service.db, provider: { getMigrations: async () => migrations } });
  const down = await migrator.migrateTo('2026-11-22T0100-book-function');
  expect(down.error).toBeUndefined();
  for (const name of ['2026-12-10T0000-sms-consent-text', '2026-12-05T0000-sms-consent', '2026-11-24T0000-slot-place-functions']) {
    expect(down.results).toContainEqual(expect.objectContaining({ migrationName: name, direction: 'Down', status: 'Success' }));
  }
  expect(await bookInSql('08:00-09:00', 'no consent')).toBe(1);
  expect(await bookInSql('08:00-09:00', 'no consent')).toBe(0);

  const consent = await migrator.migrateTo('2026-12-05T0000-sms-consent');
  expect(consent.error).toBeUndefined();
  expect(await bookInSql('11:00-12:00', 'consent')).toBe(1);
  expect(await bookInSql('11:00-12:00', 'consent')).toBe(0);

  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
  expect(up.results).toContainEqual(expect.objectContaining({ migrationName: '2026-12-10T0000-sms-consent-text', direction: 'Up', status: 'Success' }));
  expect((await book('09:00-10:00')).statusCode).toBe(201);
  expect((await book('09:00-10:00')).statusCode).toBe(409);
  expect(await bookInSql('10:00-11:00', 'consent and words')).toBe(1);
  expect(await bookInSql('10:00-11:00', 'consent and words')).toBe(0);
  // A consent given before its words were kept stays a consent, with no words.
  const kept = await service.db.selectFrom('appointments').select(['sms_consent', 'sms_consent_text']).where('time_slot', 'in', ['11:00-12:00', '10:00-11:00']).orderBy('time_slot').execute();
  expect(kept).toEqual([
    { sms_consent: true, sms_consent_text: 'Text me' },
    { sms_consent: true, sms_consent_text: null },
  ]);
});
