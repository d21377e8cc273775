import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentDispatchTopic, demoCustomerSeededTopic, technicianChangedTopic, type AppointmentDispatch } from '@repo/contracts';
import { injectEffect, type TestService } from '@repo/service-kit/test-service';
import { publishedEffects } from '@repo/service-kit/testing';
import type { BookingDatabase } from '../src/db/schema.ts';
import { buildBooking, customerClaims } from './helpers.ts';

const demo = { customerId: 7, email: 'demo@example.com' };

describe('demo data: the demo customer is linked by the email accounts owns', () => {
  let service: TestService<BookingDatabase>;
  beforeAll(async () => {
    service = await buildBooking(() => new Date(), { SEED_DEMO: 'true' });
  });
  afterAll(async () => {
    await service?.close();
  });

  const history = async (customerId: number) => {
    const authorization = service.bearer(customerClaims(customerId));
    const [appointments, requests] = await Promise.all([
      service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: { authorization } }),
      service.app.inject({ method: 'GET', url: '/api/customer/service-requests', headers: { authorization } }),
    ]);
    return { appointments: appointments.json() as { customerName: string }[], requests: requests.json() as { firstName: string }[] };
  };

  it('seeds the history under the email only, then gives it to the account accounts names, once', async () => {
    expect(await history(demo.customerId)).toEqual({ appointments: [], requests: [] });

    const messageId = randomUUID();
    const first = await injectEffect(service.app, { from: 'accounts', topic: demoCustomerSeededTopic, payload: demo, messageId });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ messageId, status: 'applied' });

    const linked = await history(demo.customerId);
    // The past visit, today's live-tracking visit and an upcoming one.
    expect(linked.appointments.map((a) => a.customerName)).toEqual(['Dana Whitfield', 'Dana Whitfield', 'Dana Whitfield']);
    expect(linked.requests.map((r) => r.firstName)).toEqual(['Dana', 'Dana']);

    const again = await injectEffect(service.app, { from: 'accounts', topic: demoCustomerSeededTopic, payload: { ...demo, customerId: 8 }, messageId });
    expect(again.json()).toEqual({ messageId, status: 'duplicate' });
    expect(await history(8)).toEqual({ appointments: [], requests: [] });
    expect((await history(demo.customerId)).appointments).toHaveLength(3);
  });

  it('tells tracking the new owner of a demo appointment it already follows', async () => {
    const other = { customerId: 11, email: 'marcus.lee@example.com' };
    const [appointment] = await service.db.selectFrom('appointments').select('id').where('email', '=', other.email).execute();
    expect(appointment).toBeDefined();
    await injectEffect(service.app, { from: 'tracking', topic: technicianChangedTopic, payload: { id: 'tech_mike', name: 'Mike Johnson', status: 'available', version: 1 } });
    const staff = service.bearer({ sub: 'staff:1', role: 'staff' });
    const assigned = await service.app.inject({ method: 'PUT', url: `/api/appointments/${appointment!.id}/assign`, headers: { authorization: staff }, payload: { technicianId: 'tech_mike' } });
    expect(assigned.statusCode, assigned.body).toBe(200);

    expect((await injectEffect(service.app, { from: 'accounts', topic: demoCustomerSeededTopic, payload: other })).json()).toMatchObject({ status: 'applied' });
    const published = await publishedEffects<AppointmentDispatch>(service.database, appointmentDispatchTopic);
    const snapshots = published.filter((payload) => payload.appointmentId === appointment!.id).sort((a, b) => a.version - b.version);
    expect(snapshots.map((snapshot) => snapshot.customerId)).toEqual([null, other.customerId]);
  });

  it('refuses the topic from any service but accounts, and a payload without an email', async () => {
    const fromPayments = await injectEffect(service.app, { from: 'payments', topic: demoCustomerSeededTopic, payload: demo });
    expect(fromPayments.statusCode).toBe(403);
    expect(fromPayments.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });

    const bad = await injectEffect(service.app, { from: 'accounts', topic: demoCustomerSeededTopic, payload: { customerId: 9 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { email: expect.any(String) } } });
  });
});

describe('without demo data', () => {
  it('has no demo topic to receive', async () => {
    const service = await buildBooking(() => new Date());
    try {
      // Booking receives tracking's effects either way; without demo data accounts may send it nothing.
      const response = await injectEffect(service.app, { from: 'accounts', topic: demoCustomerSeededTopic, payload: demo });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: `accounts may not send ${demoCustomerSeededTopic} effects to booking.` } });
    } finally {
      await service.close();
    }
  });
});
