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
 * one with SMS consent 19, the one with the consent's words 20, the current one (with the appliance intake) 24. The
 * running code calls the current one, so the older schemas are booked directly.
 */
const bookInSql = async (timeSlot: string, withConsent: 'no consent' | 'consent' | 'consent and words' | 'consent, words and intake') => {
  const code = `M${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const consent = {
    'no consent': sql``,
    consent: sql`, true`,
    'consent and words': sql`, true, 'Text me'`,
    'consent, words and intake': sql`, true, 'Text me', 'WRF555SDFZ', null::text, 'none', null::text`,
  }[withConsent];
  const { rows } = await sql<{ id: number }>`select id from book_appointment('2026-11-25'::date, ${timeSlot}, 1, null::integer, 'Jordan Reyes',
    'jordan@example.com', '(904) 555-0100', '12 King St', 'St Augustine', 'FL', '32084', 'Repair', 'Refrigerator', 'Sub-Zero',
    null::text, ${code}, null::text, 'hash'${consent})`.execute(service.db);
  return rows.length;
};

it('takes the slot-place functions, SMS consent (and its words) and the intake down to the first booking function and back up, booking alike on each', async () => {
  const migrator = new Migrator({ db: service.db, provider: { getMigrations: async () => migrations } });
  const down = await migrator.migrateTo('2026-11-22T0100-book-function');
  expect(down.error).toBeUndefined();
  for (const name of ['2026-12-22T0000-appliance-intake', '2026-12-10T0000-sms-consent-text', '2026-12-05T0000-sms-consent', '2026-11-24T0000-slot-place-functions']) {
    expect(down.results).toContainEqual(expect.objectContaining({ migrationName: name, direction: 'Down', status: 'Success' }));
  }
  expect(await bookInSql('08:00-09:00', 'no consent')).toBe(1);
  expect(await bookInSql('08:00-09:00', 'no consent')).toBe(0);

  const consent = await migrator.migrateTo('2026-12-05T0000-sms-consent');
  expect(consent.error).toBeUndefined();
  expect(await bookInSql('11:00-12:00', 'consent')).toBe(1);
  expect(await bookInSql('11:00-12:00', 'consent')).toBe(0);

  const words = await migrator.migrateTo('2026-12-21T0000-call-back-requests');
  expect(words.error).toBeUndefined();
  expect(words.results).toContainEqual(expect.objectContaining({ migrationName: '2026-12-10T0000-sms-consent-text', direction: 'Up', status: 'Success' }));
  expect(await bookInSql('12:00-13:00', 'consent and words')).toBe(1);
  expect(await bookInSql('12:00-13:00', 'consent and words')).toBe(0);

  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
  expect((await book('09:00-10:00')).statusCode).toBe(201);
  expect((await book('09:00-10:00')).statusCode).toBe(409);
  expect(up.results).toContainEqual(expect.objectContaining({ migrationName: '2026-12-22T0000-appliance-intake', direction: 'Up', status: 'Success' }));
  expect(await bookInSql('10:00-11:00', 'consent, words and intake')).toBe(1);
  expect(await bookInSql('10:00-11:00', 'consent, words and intake')).toBe(0);
  expect(await service.db.selectFrom('appointments').select(['model_number', 'warranty']).where('time_slot', '=', '10:00-11:00').execute()).toEqual([{ model_number: 'WRF555SDFZ', warranty: 'none' }]);
  // A consent given before its words were kept stays a consent, with no words.
  const kept = await service.db.selectFrom('appointments').select(['sms_consent', 'sms_consent_text']).where('time_slot', 'in', ['11:00-12:00', '10:00-11:00']).orderBy('time_slot').execute();
  expect(kept).toEqual([
    { sms_consent: true, sms_consent_text: 'Text me' },
    { sms_consent: true, sms_consent_text: null },
  ]);
});
