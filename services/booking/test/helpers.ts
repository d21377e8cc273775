import { createTestService } from '@repo/service-kit/test-service';
import { bookingService } from '../src/definition.ts';

export const validBooking = {
  customerName: 'Jordan Reyes',
  email: 'jordan@example.com',
  phone: '(904) 555-0100',
  address: '12 King St',
  city: 'St Augustine',
  state: 'FL',
  zipCode: '32084',
  serviceType: 'Repair',
  appliance: 'Refrigerator',
  brand: 'Sub-Zero',
  description: 'Not cooling',
};

/** A clock the test can move. */
export function testClock(iso: string) {
  let current = new Date(iso);
  return { now: () => current, set: (next: string) => { current = new Date(next); } };
}

export function buildBooking(now: () => Date, env: Record<string, string> = {}) {
  return createTestService(bookingService, { BOOKING_RATE_LIMIT_MAX: '1000', RATE_LIMIT_MAX: '10000', ...env }, { now });
}
