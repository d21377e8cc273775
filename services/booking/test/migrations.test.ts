import { Migrator } from 'kysely';
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

it('takes the slot-place functions down to the first booking function and back up, booking alike on both', async () => {
  const migrator = new Migrator({ db: service.db, provider: { getMigrations: async () => migrations } });
  const down = await migrator.migrateTo('2026-11-22T0100-book-function');
  expect(down.error).toBeUndefined();
  expect(down.results).toContainEqual(expect.objectContaining({ migrationName: '2026-11-24T0000-slot-place-functions', direction: 'Down', status: 'Success' }));
  expect((await book('08:00-09:00')).statusCode).toBe(201);
  expect((await book('08:00-09:00')).statusCode).toBe(409);

  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
  expect(up.results).toContainEqual(expect.objectContaining({ migrationName: '2026-11-24T0000-slot-place-functions', direction: 'Up', status: 'Success' }));
  expect((await book('09:00-10:00')).statusCode).toBe(201);
  expect((await book('09:00-10:00')).statusCode).toBe(409);
});
