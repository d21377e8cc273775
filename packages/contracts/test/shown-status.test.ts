import { describe, expect, it } from 'vitest';
import { arrivalProgress, shownAppointmentStatus } from '../src/index.ts';

describe('one status and one progress for every page', () => {
  it("shows the visit's stage in the status's place only while the appointment is open", () => {
    expect(shownAppointmentStatus({ status: 'scheduled', visitStage: null })).toBe('scheduled');
    expect(shownAppointmentStatus({ status: 'confirmed', visitStage: 'en-route' })).toBe('en-route');
    expect(shownAppointmentStatus({ status: 'scheduled', visitStage: 'arrived' })).toBe('arrived');
    expect(shownAppointmentStatus({ status: 'in-progress', visitStage: 'in-progress' })).toBe('in-progress');
    for (const status of ['completed', 'cancelled', 'no-show'] as const) expect(shownAppointmentStatus({ status, visitStage: 'arrived' })).toBe(status);
  });

  it('runs progress over the 45 minutes before the estimated arrival, and is 100 once the technician is there', () => {
    const estimatedArrival = '2026-11-25T15:00:00.000Z';
    const at = (iso: string) => Date.parse(iso);
    expect(arrivalProgress({ status: 'dispatched', estimatedArrival }, at('2026-11-25T14:00:00.000Z'))).toBe(0);
    expect(arrivalProgress({ status: 'en-route', estimatedArrival }, at('2026-11-25T14:15:00.000Z'))).toBe(0);
    expect(arrivalProgress({ status: 'en-route', estimatedArrival }, at('2026-11-25T14:37:30.000Z'))).toBe(50);
    expect(arrivalProgress({ status: 'en-route', estimatedArrival }, at('2026-11-25T15:10:00.000Z'))).toBe(100);
    for (const status of ['arrived', 'in-progress', 'completed'] as const) expect(arrivalProgress({ status, estimatedArrival }, at('2026-11-25T13:00:00.000Z'))).toBe(100);
    expect(arrivalProgress({ status: 'en-route', estimatedArrival: 'not a time' }, at('2026-11-25T14:37:30.000Z'))).toBe(0);
  });
});
