import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AppointmentReport } from '@repo/contracts';
import { expectApiError } from '@repo/service-kit/test-service';
import { bookingForTests, customerClaims, staffClaims, testClock } from './helpers.ts';

// Wednesday 2 December 2026: every seeded visit is in the past. Standard time (EST, UTC-5) from 1 November.
const clock = testClock('2026-12-02T15:00:00Z');
const booking = bookingForTests(clock.now);

const staff = () => ({ authorization: booking.service.bearer(staffClaims()) });
const admin = () => ({ authorization: booking.service.bearer({ sub: 'admin:1', role: 'admin', sid: 'test-session-admin-0001' }) });
const report = (query: string, headers: Record<string, string> = staff()) => booking.service.app.inject({ method: 'GET', url: `/api/appointments/reports/summary?${query}`, headers });

type Seed = {
  date: string; status: string; appliance?: string; customerId?: number | null; email?: string; technician?: string | null;
  createdAt?: string; holdsPlace?: boolean; importKey?: string | null;
};
let code = 0;
async function seed(row: Seed) {
  code += 1;
  await sql`
    insert into appointments (customer_id, customer_name, email, phone, address, city, state, zip_code, appointment_date, time_slot,
      service_type, appliance, brand, status, technician_id, confirmation_code, holds_slot_place, import_key, created_at)
    values (${row.customerId ?? null}, 'Seeded Customer', ${row.email ?? `seeded${code}@example.com`}, '(904) 555-0100', '12 King St', 'St Augustine', 'FL', '32084',
      ${row.date}, '09:00-10:00', 'Repair', ${row.appliance ?? 'Refrigerator'}, 'Sub-Zero', ${row.status}, ${row.technician ?? null}, ${`RPT${code}`},
      ${row.holdsPlace ?? false}, ${row.importKey ?? null}, ${row.createdAt ?? '2026-10-01T12:00:00Z'})`.execute(booking.service.db);
}

beforeAll(async () => {
  await sql`insert into technicians (id, name, status, version) values ('tech_a', 'Alex Carter', 'available', 1), ('tech_b', 'Bea Ortiz', 'available', 1)`.execute(booking.service.db);
  // Bookings made (holding a place), on either side of midnight in New York.
  await seed({ date: '2026-12-15', status: 'scheduled', holdsPlace: true, createdAt: '2026-11-01T03:30:00Z' }); // Sat 31 Oct, 23:30 EDT
  await seed({ date: '2026-12-15', status: 'scheduled', holdsPlace: true, createdAt: '2026-11-09T04:30:00Z', email: 'b1@example.com' }); // Sun 8 Nov, 23:30 EST
  await seed({ date: '2026-12-16', status: 'cancelled', holdsPlace: true, createdAt: '2026-11-09T05:30:00Z', email: 'b2@example.com' }); // Mon 9 Nov, 00:30 EST
  // Visits. Customer 1's refrigerator needed a return visit 17 days later: the first completion is not a first-visit one.
  await seed({ date: '2026-11-03', status: 'completed', customerId: 1, technician: 'tech_a' });
  await seed({ date: '2026-11-20', status: 'completed', customerId: 1, technician: 'tech_a' });
  // A guest's washer on a Sunday; the later visit for it was cancelled, so it does not count as a return.
  await seed({ date: '2026-11-08', status: 'completed', email: 'guest@example.com', appliance: 'Washer', technician: 'tech_b' });
  await seed({ date: '2026-11-12', status: 'cancelled', email: 'Guest@Example.com', appliance: 'Washer' });
  await seed({ date: '2026-11-10', status: 'cancelled', email: 'c@example.com' });
  await seed({ date: '2026-11-11', status: 'no-show', email: 'd@example.com' });
  // Imported history is not the business's work through this system.
  await seed({ date: '2026-11-12', status: 'completed', email: 'e@example.com', importKey: 'imported-1', technician: 'tech_b' });
  // Customer 2's oven on the last Sunday of the range, back the next day (outside the range): not a first-visit completion.
  await seed({ date: '2026-11-29', status: 'completed', customerId: 2, appliance: 'Oven', technician: 'tech_a' });
  await seed({ date: '2026-11-30', status: 'completed', customerId: 2, appliance: 'Oven', technician: 'tech_b' });
  // The same customer's other appliance is not a return visit for the first.
  await seed({ date: '2026-12-01', status: 'completed', customerId: 1, appliance: 'Dishwasher' });
});

const zeros = { booked: 0, completed: 0, cancelled: 0, noShows: 0, completedFirstVisit: 0 };

describe("the owner's visit figures", () => {
  it('are for staff and administrators only, checked before the query', async () => {
    expectApiError(await report('from=nope', {}), 401, 'UNAUTHORIZED');
    expectApiError(await report('from=nope', { authorization: booking.service.bearer(customerClaims(1)) }), 403, 'FORBIDDEN');
    expect((await report('from=2026-11-01&to=2026-11-30', admin())).statusCode).toBe(200);
  });

  it('refuse a bad range with a message beside each field', async () => {
    expectApiError(await report(''), 400, 'VALIDATION_ERROR', { 'querystring.from': 'Date is required', 'querystring.to': 'Date is required' });
    expectApiError(await report('from=2026-02-30&to=2026-03-01'), 400, 'VALIDATION_ERROR', { 'querystring.from': 'Date is not a real calendar date' });
    expectApiError(await report('from=2026-11-30&to=2026-11-01'), 400, 'VALIDATION_ERROR', { 'querystring.to': 'The end date must not be before the start date' });
    expectApiError(await report('from=2024-01-01&to=2026-01-01'), 400, 'VALIDATION_ERROR', { 'querystring.to': 'Choose a range of at most 731 days (two years)' });
    expectApiError(await report('from=2026-11-01&to=2026-11-30&by=day'), 400, 'VALIDATION_ERROR', { 'querystring.by': 'Group by week or month' });
    expect((await report('from=2024-01-01&to=2025-12-31')).statusCode).toBe(200);
  });

  it('count by week (Monday to Sunday) in New York time, with every week of the range', async () => {
    const response = await report('from=2026-11-02&to=2026-11-29&by=week');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as AppointmentReport;
    expect(body.periods).toEqual([
      { period: '2026-11-02', from: '2026-11-02', to: '2026-11-08', ...zeros, booked: 1, completed: 2, completedFirstVisit: 1 },
      { period: '2026-11-09', from: '2026-11-09', to: '2026-11-15', ...zeros, booked: 1, cancelled: 2, noShows: 1 },
      { period: '2026-11-16', from: '2026-11-16', to: '2026-11-22', ...zeros, completed: 1, completedFirstVisit: 1 },
      { period: '2026-11-23', from: '2026-11-23', to: '2026-11-29', ...zeros, completed: 1 },
    ]);
    expect(body.firstVisitDays).toBe(30);
    expect(body.technicians).toEqual([
      { technicianId: 'tech_a', name: 'Alex Carter', completed: [{ period: '2026-11-02', visits: 1 }, { period: '2026-11-09', visits: 0 }, { period: '2026-11-16', visits: 1 }, { period: '2026-11-23', visits: 1 }] },
      { technicianId: 'tech_b', name: 'Bea Ortiz', completed: [{ period: '2026-11-02', visits: 1 }, { period: '2026-11-09', visits: 0 }, { period: '2026-11-16', visits: 0 }, { period: '2026-11-23', visits: 0 }] },
    ]);
  });

  it('count by month, a range starting mid-week clipped to its own dates', async () => {
    const month = (await report('from=2026-10-01&to=2026-11-30&by=month')).json() as AppointmentReport;
    expect(month.periods).toEqual([
      { period: '2026-10-01', from: '2026-10-01', to: '2026-10-31', ...zeros, booked: 1 },
      { period: '2026-11-01', from: '2026-11-01', to: '2026-11-30', ...zeros, booked: 2, completed: 5, cancelled: 2, noShows: 1, completedFirstVisit: 3 },
    ]);
    const week = (await report('from=2026-11-04&to=2026-11-08&by=week')).json() as AppointmentReport;
    expect(week.periods).toEqual([{ period: '2026-11-02', from: '2026-11-04', to: '2026-11-08', ...zeros, booked: 1, completed: 1, completedFirstVisit: 1 }]);
  });

  it('answer zeros for a range with nothing in it', async () => {
    const body = (await report('from=2025-01-01&to=2025-01-31&by=month')).json() as AppointmentReport;
    expect(body.periods).toEqual([{ period: '2025-01-01', from: '2025-01-01', to: '2025-01-31', ...zeros }]);
    expect(body.technicians).toEqual([]);
  });
});
