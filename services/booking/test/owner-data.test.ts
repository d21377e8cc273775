import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerDeletionCompletedTopic,
  customerDeletionRequestedTopic,
  erasedCustomerName,
  type CustomerDeletionCompleted,
  type CustomerDeletionRequested,
} from '@repo/contracts';
import { s3ObjectStore } from '@repo/object-store';
import { localStoreCredentials, startLocalObjectStore } from '@repo/object-store/local';
import { publishedEffects } from '@repo/service-kit/testing';
import { expectApiError, injectEffect, type TestService } from '@repo/service-kit/test-service';
import type { BookingDatabase } from '../src/db/schema.ts';
import { bookSlot, buildBooking, customerClaims, staffClaims, testClock } from './helpers.ts';

const clock = testClock('2026-11-23T15:00:00Z');
let objects: Awaited<ReturnType<typeof startLocalObjectStore>>;
let directory: string;
let booking: TestService<BookingDatabase>;
const bearer = (claims: Parameters<TestService<BookingDatabase>['bearer']>[0]) => ({ authorization: booking.bearer(claims) });
const admin = () => bearer({ sub: 'staff:2', role: 'admin', email: 'owner@example.com', sid: 'test-session-admin-0001' });
const exportUrl = '/api/appointments/export/appointments.csv';
const store = () => s3ObjectStore({ endpoint: objects.url, bucket: 'appointment-photos', ...localStoreCredentials });

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'booking-erasure-'));
  objects = await startLocalObjectStore({ directory, bucket: 'appointment-photos', allowedOrigins: ['http://127.0.0.1:8082'] });
  booking = await buildBooking(clock.now, {
    OBJECT_STORE_URL: objects.url,
    OBJECT_STORE_BUCKET: 'appointment-photos',
    OBJECT_STORE_ACCESS_KEY_ID: 'S3RVER',
    OBJECT_STORE_SECRET_ACCESS_KEY: 'S3RVER',
  });
}, 60_000);
afterAll(async () => {
  await booking?.close();
  await objects?.close();
  await rm(directory, { recursive: true, force: true });
});

describe("the owner's export of appointments", () => {
  it('answers every appointment as CSV, formula-escaped, to an administrator only', async () => {
    await bookSlot(booking, '2026-11-24', '09:00-10:00', {}, { customerName: '+1 (904) =SUM(A1)', email: 'formula@example.com' });
    expectApiError(await booking.app.inject({ method: 'GET', url: exportUrl }), 401, 'UNAUTHORIZED');
    for (const headers of [bearer(staffClaims()), bearer(customerClaims(5)), bearer({ sub: 'technician:tech_a', role: 'technician', technicianId: 'tech_a', sid: 'test-session-tech-0001' })]) {
      expectApiError(await booking.app.inject({ method: 'GET', url: exportUrl, headers }), 403, 'FORBIDDEN');
    }
    const response = await booking.app.inject({ method: 'GET', url: exportUrl, headers: admin() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,confirmation_code,customer_id,customer_name,email,phone,address,city,state,zip_code,appointment_date,time_slot,service_type,appliance,brand,description,status,technician_id,' +
        'model_number,serial_number,warranty,diagnosis,parts_needed,total_cost,source_system,created_at',
    );
    expect(lines.find((line) => line.includes('formula@example.com'))).toMatch(
      /^\d+,[\w-]+,,'\+1 \(904\) =SUM\(A1\),formula@example.com,\(904\) 555-0100,12 King St,St Augustine,FL,32084,2026-11-24,09:00-10:00,Repair,Refrigerator,Sub-Zero,Not cooling,scheduled,,/,
    );
  });
});

describe("a customer's deletion request", () => {
  it("anonymises the customer's appointments (signed in and as a guest) and deletes their photos and files, once however often delivered", async () => {
    const own = await bookSlot(booking, '2026-11-24', '10:00-11:00', bearer(customerClaims(91)), { customerName: 'Erin Gone', email: 'customer91@example.com', phone: '(904) 555-0177' });
    const guest = await bookSlot(booking, '2026-11-24', '11:00-12:00', {}, { customerName: 'Erin Gone', email: 'Customer91@Example.com', phone: '(904) 555-0177' });
    const other = await bookSlot(booking, '2026-11-24', '12:00-13:00', bearer(customerClaims(92)), { customerName: 'Kept Person', email: 'customer92@example.com' });
    const files = [`quarantine/${randomUUID()}`, `photos/${own.id}/1.jpg`, `quarantine/${randomUUID()}`, `photos/${other.id}/2.jpg`];
    for (const key of files) await store().put(key, Buffer.alloc(100, 1), 'image/jpeg');
    await booking.db
      .insertInto('appointment_photos')
      .values([
        { appointment_id: own.id, kind: 'before', state: 'ready', upload_key: files[0]!, content_type: 'image/jpeg', declared_bytes: 100, stored_key: files[1]!, bytes: 100, width: 10, height: 10, taken_by: 'customer' },
        { appointment_id: other.id, kind: 'before', state: 'ready', upload_key: files[2]!, content_type: 'image/jpeg', declared_bytes: 100, stored_key: files[3]!, bytes: 100, width: 10, height: 10, taken_by: 'customer' },
      ])
      .execute();
    const request: CustomerDeletionRequested = { requestId: randomUUID(), customerId: 91, email: 'customer91@example.com', phoneDigits: '9045550177', requestedAt: clock.now().toISOString() };

    for (const messageId of [randomUUID(), randomUUID()]) {
      const delivered = await injectEffect(booking.app, { from: 'accounts', topic: customerDeletionRequestedTopic, payload: request, messageId });
      expect(delivered.statusCode, delivered.body).toBe(200);
    }

    const rows = await booking.db.selectFrom('appointments').selectAll().where('id', 'in', [own.id, guest.id, other.id]).orderBy('id').execute();
    for (const row of rows.slice(0, 2)) {
      expect({ customerId: row.customer_id, name: row.customer_name, email: row.email, phone: row.phone, address: row.address, zip: row.zip_code, description: row.description }).toEqual({
        customerId: null, name: erasedCustomerName, email: '', phone: '', address: '', zip: '', description: null,
      });
      expect({ date: row.appointment_date, appliance: row.appliance, brand: row.brand, status: row.status }).toEqual({ date: '2026-11-24', appliance: 'Refrigerator', brand: 'Sub-Zero', status: 'scheduled' });
    }
    expect({ name: rows[2]!.customer_name, email: rows[2]!.email }).toEqual({ name: 'Kept Person', email: 'customer92@example.com' });

    // The photos of the erased visit are gone, rows and files; the other customer's stay.
    const photos = await booking.db.selectFrom('appointment_photos').select('appointment_id').execute();
    expect(photos).toEqual([{ appointment_id: other.id }]);
    expect(await Promise.all(files.map(async (key) => (await store().head(key)) !== undefined))).toEqual([false, false, true, true]);

    // Staff see the visit without the customer's name.
    const staffView = await booking.app.inject({ method: 'GET', url: `/api/appointments/${own.id}/photos`, headers: bearer(staffClaims()) });
    expect(staffView.json()).toEqual([]);
    const csv = (await booking.app.inject({ method: 'GET', url: exportUrl, headers: admin() })).body;
    expect(csv).not.toContain('Erin Gone');
    expect(csv).toContain('Kept Person');

    const reports = (await publishedEffects<CustomerDeletionCompleted>(booking.database, customerDeletionCompletedTopic)).filter((report) => report.requestId === request.requestId);
    expect(reports.map((report) => report.summary)).toEqual([
      '2 appointment(s) anonymised (name, contact, address, notes removed; date, appliance and work kept), 1 photo(s) deleted with their files, 0 service request(s) anonymised.',
      '0 appointment(s) anonymised (name, contact, address, notes removed; date, appliance and work kept), 0 photo(s) deleted with their files, 0 service request(s) anonymised.',
    ]);
  });

  it('is taken from accounts only', async () => {
    const request = { requestId: randomUUID(), customerId: 92, email: 'customer92@example.com', phoneDigits: '', requestedAt: clock.now().toISOString() };
    expect((await injectEffect(booking.app, { from: 'payments', topic: customerDeletionRequestedTopic, payload: request })).statusCode).toBe(403);
    expect((await booking.db.selectFrom('appointments').select('customer_name').where('customer_id', '=', 92).executeTakeFirstOrThrow()).customer_name).toBe('Kept Person');
  });
});
