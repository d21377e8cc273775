import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerDeletionCompletedTopic, customerDeletionRequestedTopic, erasedCustomerName, type CustomerDeletionCompleted, type CustomerDeletionRequested } from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { createTestService, injectEffect, type TestService } from '@repo/service-kit/test-service';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { deliverSnapshot, dispatchSnapshot, testClock } from './helpers.ts';

/** A customer's deletion request heard by tracking, on real PostgreSQL. */
const clock = testClock('2026-11-24T13:00:00Z');
let service: TestService<TrackingDatabase>;
let technicianId: string;
const snapshotOf = (id: number) => service.db.selectFrom('appointment_snapshots').selectAll().where('appointment_id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  service = await createTestService(trackingService, { RATE_LIMIT_MAX: '100000' }, { now: clock.now });
  const staff = { authorization: service.bearer({ sub: 'staff:1', role: 'staff', email: 'desk@example.com' }) };
  const created = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: staff, payload: { name: 'Mike Torres', phone: '(904) 555-0100', vehicleInfo: 'Van' } });
  expect(created.statusCode, created.body).toBe(201);
  technicianId = created.json().id as string;
  for (const snapshot of [
    dispatchSnapshot(801, 1, { technicianId }),
    // Someone else at the same phone (a household's line), booked as a guest: not theirs to erase.
    dispatchSnapshot(802, 1, { technicianId, customerId: null, customerName: 'Same Phone', phone: '904.555.0142', address: '12 Bay St' }),
    dispatchSnapshot(803, 1, { technicianId, customerId: 8, customerName: 'Kept Person', phone: '(904) 555-0199', address: '9 Bay St' }),
  ]) {
    const delivered = await deliverSnapshot(service.app, snapshot);
    expect(delivered.statusCode, delivered.body).toBe(200);
  }
  await service.db
    .insertInto('tracking_route_points')
    .values([
      { appointment_id: 801, lat: 29.89, lng: -81.31, recorded_at: clock.now() },
      { appointment_id: 803, lat: 29.9, lng: -81.3, recorded_at: clock.now() },
    ])
    .execute();
});
afterAll(async () => service?.close());

describe("a customer's deletion request", () => {
  it("anonymises the customer's visits and deletes the trips there, once however often delivered", async () => {
    const request: CustomerDeletionRequested = { requestId: randomUUID(), customerId: 7, email: 'dana@example.com', phoneDigits: '9045550142', requestedAt: clock.now().toISOString() };
    for (const messageId of [randomUUID(), randomUUID()]) {
      const delivered = await injectEffect(service.app, { from: 'accounts', topic: customerDeletionRequestedTopic, payload: request, messageId });
      expect(delivered.statusCode, delivered.body).toBe(200);
    }
    for (const id of [801]) {
      const row = await snapshotOf(id);
      expect({ customerId: row.customer_id, name: row.customer_name, phone: row.phone, address: row.address, zip: row.zip_code, lat: row.customer_lat, lng: row.customer_lng }).toEqual({
        customerId: null, name: erasedCustomerName, phone: '', address: '', zip: '', lat: null, lng: null,
      });
      expect({ technician: row.technician_id, appliance: row.appliance }).toEqual({ technician: technicianId, appliance: 'Dishwasher' });
    }
    const kept = await snapshotOf(803);
    expect({ name: kept.customer_name, phone: kept.phone, address: kept.address }).toEqual({ name: 'Kept Person', phone: '(904) 555-0199', address: '9 Bay St' });
    const samePhone = await snapshotOf(802);
    expect({ name: samePhone.customer_name, phone: samePhone.phone, address: samePhone.address }).toEqual({ name: 'Same Phone', phone: '904.555.0142', address: '12 Bay St' });
    expect(await service.db.selectFrom('tracking_route_points').select('appointment_id').execute()).toEqual([{ appointment_id: 803 }]);

    const reports = (await publishedEffects<CustomerDeletionCompleted>(service.database, customerDeletionCompletedTopic)).filter((report) => report.requestId === request.requestId);
    expect(reports.map((report) => report.summary.split(' ')[0])).toEqual(['1', '0']);
    expect(reports[0]!.service).toBe('tracking');
  });

  it('is taken from accounts only', async () => {
    const request = { requestId: randomUUID(), customerId: 8, email: 'kept@example.com', phoneDigits: '9045550199', requestedAt: clock.now().toISOString() };
    expect((await injectEffect(service.app, { from: 'booking', topic: customerDeletionRequestedTopic, payload: request })).statusCode).toBe(403);
    expect((await snapshotOf(803)).customer_name).toBe('Kept Person');
  });
});
