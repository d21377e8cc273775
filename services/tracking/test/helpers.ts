import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { appointmentDispatchTopic, type AppointmentDispatch } from '@repo/contracts';
import type { ServiceApp } from '@repo/service-kit';
import { injectEffect } from '@repo/service-kit/test-service';

/** A clock the test can move. */
export function testClock(iso: string) {
  let current = new Date(iso);
  return { now: () => current, set: (next: string) => { current = new Date(next); } };
}

/** Booking's snapshot of an appointment, as its outbox sends it. */
export function dispatchSnapshot(appointmentId: number, version: number, overrides: Partial<AppointmentDispatch> = {}): AppointmentDispatch {
  return {
    appointmentId,
    version,
    technicianId: 'tech_mike',
    status: 'scheduled',
    customerId: 7,
    customerName: 'Dana Whitfield',
    phone: '(904) 555-0142',
    address: '48 Cordova St',
    city: 'St Augustine',
    state: 'FL',
    zipCode: '32084',
    serviceType: 'Repair',
    appliance: 'Dishwasher',
    brand: 'Bosch',
    startsAt: '2026-11-24T09:00:00-05:00',
    endsAt: '2026-11-24T10:00:00-05:00',
    ...overrides,
  };
}

/** Delivers a snapshot to tracking as booking's outbox does (signed, by inject). */
export const deliverSnapshot = (app: ServiceApp, snapshot: AppointmentDispatch, messageId: string = randomUUID()) =>
  injectEffect(app, { from: 'booking', topic: appointmentDispatchTopic, payload: snapshot, messageId });

/** Starts a test service on a real port (any free one by default) and answers its address. */
export async function listen(app: ServiceApp, port = 0): Promise<string> {
  await app.listen({ host: '127.0.0.1', port });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
