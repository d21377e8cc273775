import { describe, expect, it } from 'vitest';
import type { Appliance } from '@repo/contracts';
import { expectApiError } from '@repo/service-kit/test-service';
import { applianceHistory, type ApplianceVisitRow } from '../src/domain/appliance-history.ts';
import { bookSlot, bookingForTests, customerClaims, staffClaims, testClock } from './helpers.ts';

let nextId = 1;
function visit(overrides: Partial<ApplianceVisitRow> = {}): ApplianceVisitRow {
  return {
    id: nextId++, appointment_date: '2026-05-01', service_type: 'Repair', appliance: 'Washer', brand: 'LG', status: 'completed', confirmation_code: 'SA-AAAAAA',
    model_number: null, serial_number: null, job_model_number: null, job_serial_number: null, diagnosis: null, parts_needed: null,
    warranty_purchase_date: null, source_system: null, import_key: null, visit_stage: null, ...overrides,
  };
}
const keysOf = (appliances: Appliance[]) => appliances.map((appliance) => appliance.visits.map((entry) => entry.appointmentId));

describe('the appliance history, made up from visits', () => {
  it('makes one appliance of visits that share a serial, and two of one brand and type with different serials', () => {
    const first = visit({ appointment_date: '2025-03-02', serial_number: 'K123' });
    const second = visit({ appointment_date: '2026-01-10', job_serial_number: 'K123', job_model_number: 'WM3900' });
    const other = visit({ appointment_date: '2025-08-20', serial_number: 'Z999' });
    const appliances = applianceHistory([first, second, other]);
    expect(keysOf(appliances)).toEqual([[second.id, first.id], [other.id]]);
    expect(appliances[0]).toMatchObject({ appliance: 'Washer', brand: 'LG', serialNumber: 'K123', modelNumber: 'WM3900', key: 'washer|lg|serial K123' });
  });

  it('puts a visit without a serial with the appliance of its model, or the only one of its kind; the technician\'s reading wins', () => {
    const known = visit({ appointment_date: '2026-02-01', serial_number: 'K1', model_number: 'WM1' });
    const byModel = visit({ appointment_date: '2026-03-01', model_number: ' wm1 ' });
    const unread = visit({ appointment_date: '2026-04-01' });
    expect(keysOf(applianceHistory([known, byModel, unread]))).toEqual([[unread.id, byModel.id, known.id]]);
    const corrected = visit({ appointment_date: '2026-05-01', serial_number: 'WRONG', job_serial_number: 'K1' });
    expect(keysOf(applianceHistory([known, corrected]))).toEqual([[corrected.id, known.id]]);
    // Two known washers: an unread visit cannot be told apart, so it stays on its own.
    const second = visit({ serial_number: 'K2' });
    expect(applianceHistory([known, second, unread])).toHaveLength(3);
  });

  it('keeps types and brands apart, leaves cancelled visits out, and says bought, installed and imported from where known', () => {
    const install = visit({ appointment_date: '2024-06-01', service_type: 'Installation', appliance: 'Refrigerator', brand: 'Sub-Zero', serial_number: 'SZ1' });
    const claim = visit({ appointment_date: '2026-06-01', appliance: 'refrigerator', brand: 'SUB-ZERO', serial_number: 'SZ1', warranty_purchase_date: '2024-05-17', diagnosis: 'Fan motor seized.', parts_needed: 'Evaporator fan motor' });
    const cancelled = visit({ appointment_date: '2026-07-01', appliance: 'Refrigerator', brand: 'Sub-Zero', serial_number: 'SZ1', status: 'cancelled' });
    const imported = visit({ appointment_date: '2023-01-01', appliance: 'Dishwasher', brand: 'Bosch', source_system: 'servicetitan' });
    const upcoming = visit({ appointment_date: '2026-12-01', appliance: 'Dishwasher', brand: 'Bosch', status: 'scheduled', diagnosis: 'working notes' });
    const appliances = applianceHistory([install, claim, cancelled, imported, upcoming]);
    expect(keysOf(appliances)).toEqual([[upcoming.id, imported.id], [claim.id, install.id]]);
    const fridge = appliances[1]!;
    expect(fridge).toMatchObject({ purchasedOn: '2024-05-17', installedOn: '2024-06-01' });
    expect(fridge.visits[0]).toMatchObject({ diagnosis: 'Fan motor seized.', parts: 'Evaporator fan motor', status: 'completed', importedFrom: null });
    const dishwasher = appliances[0]!;
    // A visit not completed yet shows no diagnosis: until then it is the technician's working notes.
    expect(dishwasher.visits[0]).toMatchObject({ status: 'scheduled', diagnosis: null, parts: null });
    expect(dishwasher.visits[1]?.importedFrom).toBe('ServiceTitan');
  });
});

// Monday 23 November 2026, 10:00 Eastern.
const clock = testClock('2026-11-23T15:00:00Z');
const booking = bookingForTests(clock.now);
const bearer = (claims: Parameters<typeof booking.service.bearer>[0]) => ({ authorization: booking.service.bearer(claims) });
const appliancesOf = (headers: Record<string, string>) => booking.service.app.inject({ method: 'GET', url: '/api/customer/appliances', headers });

describe('GET /api/customer/appliances', () => {
  it('answers the signed-in customer their own appliances only; others are refused', async () => {
    await bookSlot(booking.service, '2026-11-24', '09:00-10:00', bearer(customerClaims(81)), { modelNumber: 'wrf555', serialNumber: 'k12345' });
    await bookSlot(booking.service, '2026-11-25', '09:00-10:00', bearer(customerClaims(81)), { appliance: 'Dishwasher', brand: 'Bosch' });
    await bookSlot(booking.service, '2026-11-24', '10:00-11:00', bearer(customerClaims(82)), { appliance: 'Oven', brand: 'Wolf' });
    const mine = await appliancesOf(bearer(customerClaims(81)));
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as Appliance[]).map((appliance) => [appliance.brand, appliance.appliance, appliance.serialNumber, appliance.visits.length])).toEqual([
      ['Bosch', 'Dishwasher', null, 1],
      ['Sub-Zero', 'Refrigerator', 'K12345', 1],
    ]);
    expect(((await appliancesOf(bearer(customerClaims(83)))).json() as Appliance[])).toEqual([]);
    expectApiError(await appliancesOf({}), 401, 'UNAUTHORIZED');
    expectApiError(await appliancesOf(bearer(staffClaims())), 403, 'FORBIDDEN');
  });
});
