import { describe, expect, it } from 'vitest';
import { defaultWorkingHours, type ArrivalWindow, type StaffAppointment, type StaffTechnician } from '@repo/contracts';
import { boardLanes, cellId, covers, moveWarnings, parseCellId, scheduleWarning, unassignedLane, windowLabel } from '../conflicts.ts';

const technician = (id: string, name: string, specialties: string[], active = true): StaffTechnician => ({
  id, name, phone: '(904) 555-0100', avatar: null, vehicleInfo: null, specialties, rating: 5, completedJobs: 0, status: 'available', currentLocation: null, active,
  workingHours: [...defaultWorkingHours], daysOff: [],
});
const visit = (id: number, changes: Partial<StaffAppointment> = {}): StaffAppointment => ({
  id, customerId: null, serviceRequestId: null, customerName: `Customer ${id}`, email: 'c@example.com', phone: '(904) 555-0142', address: '1 King St', city: 'St Augustine',
  state: 'FL', zipCode: '32084', appointmentDate: '2026-12-01', timeSlot: '09:00-10:00', serviceType: 'Repair', appliance: 'Refrigerator', brand: 'Sub-Zero',
  description: null, status: 'scheduled', technicianId: null, technicianNotes: null, totalCost: null, confirmationCode: 'ABC', createdAt: '2026-11-20T12:00:00Z',
  scheduledTime: '2026-12-01T14:00:00Z', version: 1, confirmedAt: null, confirmedBy: null, cancelReason: null, callBackRequestedAt: null, intake: null, waitingForParts: null, visitStage: null, jobRecord: null, warrantyClaim: null, partArrivedAt: null, ...changes,
});
const window = (timeSlot: string, booked = 0, capacity = 2): ArrivalWindow => ({ timeSlot, start: '', end: '', booked, capacity });

const mike = technician('tech_mike', 'Mike Johnson', ['Sub-Zero', 'Wolf', 'Refrigeration']);
const sara = technician('tech_sara', 'Sara Martinez', ['Washers', 'Dryers', 'Dishwashers']);
const lane = (t: StaffTechnician) => ({ id: t.id, name: t.name, technician: t });

describe('the dispatch board’s warnings before a drop', () => {
  it('matches specialties as technicians write them', () => {
    expect(covers('Refrigeration', 'Refrigerator')).toBe(true);
    expect(covers('Washers', 'Washer')).toBe(true);
    expect(covers('sub-zero', 'Sub-Zero')).toBe(true);
    expect(covers('Dishwashers', 'Washer')).toBe(false);
    expect(covers('Ovens', 'Range')).toBe(false);
  });

  it('says nothing for a technician with the specialty, a free window and no other visit then', () => {
    expect(moveWarnings({ appointment: visit(1), lane: lane(mike), window: window('09:00-10:00', 1), appointments: [visit(1)] })).toEqual([]);
    expect(moveWarnings({ appointment: visit(1), lane: unassignedLane, window: window('09:00-10:00', 1), appointments: [] })).toEqual([]);
  });

  it("warns of a day off, a weekday not worked and a window outside the technician's hours (Tuesday 1 December)", () => {
    const partTime = { ...mike, workingHours: [{ weekday: 2, start: '08:00', end: '12:00' }, { weekday: 4, start: '08:00', end: '17:00' }], daysOff: ['2026-12-03'] };
    expect(scheduleWarning(partTime, '2026-12-01', '09:00-10:00')).toBeUndefined();
    expect(scheduleWarning(partTime, '2026-12-01', '11:00-12:00')).toBeUndefined();
    expect(scheduleWarning(partTime, '2026-12-01', '12:00-13:00')).toBe(
      'Outside working hours: Mike Johnson works 8:00 AM - 12:00 PM on Tuesdays, and the 12:00 PM - 1:00 PM window is not within them.',
    );
    expect(scheduleWarning(partTime, '2026-12-02', '09:00-10:00')).toBe('Mike Johnson does not work on Wednesdays.');
    expect(scheduleWarning(partTime, '2026-12-03', '09:00-10:00')).toBe('Mike Johnson is off on Thursday, December 3.');
    expect(moveWarnings({ appointment: visit(1), lane: lane(partTime), window: window('14:00-15:00'), appointments: [visit(1)] })).toEqual([
      'Outside working hours: Mike Johnson works 8:00 AM - 12:00 PM on Tuesdays, and the 2:00 PM - 3:00 PM window is not within them.',
    ]);
  });

  it("warns of a move into a window the day's closure shuts, not of a new technician in the same window", () => {
    const closed = { reason: 'Inventory', openSlots: null };
    expect(moveWarnings({ appointment: visit(1), lane: unassignedLane, window: window('10:00-11:00'), appointments: [visit(1)], closure: closed })).toEqual([
      'The business is closed on Tuesday, December 1 (Inventory): no visit can be moved into this day.',
    ]);
    expect(moveWarnings({ appointment: visit(1), lane: lane(mike), window: window('09:00-10:00'), appointments: [visit(1)], closure: closed })).toEqual([]);
    const reduced = { reason: null, openSlots: ['08:00-09:00', '09:00-10:00'] };
    expect(moveWarnings({ appointment: visit(1), lane: unassignedLane, window: window('08:00-09:00'), appointments: [visit(1)], closure: reduced })).toEqual([]);
    expect(moveWarnings({ appointment: visit(1), lane: unassignedLane, window: window('12:00-13:00'), appointments: [visit(1)], closure: reduced })).toEqual([
      "The 12:00 PM - 1:00 PM window is outside the day's reduced hours.",
    ]);
  });

  it('warns of a double booking, a missing specialty, a deactivated technician and a full window', () => {
    const other = visit(2, { technicianId: 'tech_sara', customerName: 'Pat Lee', appliance: 'Washer', brand: 'LG' });
    expect(moveWarnings({ appointment: visit(1), lane: lane(sara), window: window('09:00-10:00', 2), appointments: [visit(1), other] })).toEqual([
      'Double-booked: Sara Martinez already has Pat Lee\'s visit at 9:00 AM - 10:00 AM.',
      'Sara Martinez lists no Sub-Zero or Refrigerator specialty (Washers, Dryers, Dishwashers).',
    ]);
    // A cancelled visit takes no time.
    expect(moveWarnings({ appointment: visit(1), lane: lane(mike), window: window('09:00-10:00'), appointments: [visit(3, { technicianId: 'tech_mike', status: 'cancelled' })] })).toEqual([]);
    expect(moveWarnings({ appointment: visit(1), lane: unassignedLane, window: window('13:00-14:00', 2, 2), appointments: [] })).toEqual(['The 1:00 PM - 2:00 PM window is full (2 of 2 booked).']);
    expect(moveWarnings({ appointment: visit(1), lane: lane(technician('tech_old', 'Old Timer', ['Sub-Zero'], false)), window: window('09:00-10:00'), appointments: [] })).toEqual([
      'Old Timer is deactivated and gets no new jobs.',
    ]);
    expect(moveWarnings({ appointment: visit(1, { status: 'no-show' }), lane: unassignedLane, window: window('10:00-11:00'), appointments: [] })).toEqual([
      'Only a scheduled or confirmed visit can move to another window.',
    ]);
  });

  it('lays out Unassigned, the active technicians and a deactivated one who still has a visit that day', () => {
    const gone = technician('tech_gone', 'Gone Away', [], false);
    const idle = technician('tech_idle', 'Idle Away', [], false);
    expect(boardLanes([mike, gone, idle], [visit(1, { technicianId: 'tech_gone' })]).map((l) => l.name)).toEqual(['Unassigned', 'Mike Johnson', 'Gone Away (deactivated)']);
    expect(parseCellId(cellId(null, '09:00-10:00'))).toEqual({ laneId: null, timeSlot: '09:00-10:00' });
    expect(parseCellId(cellId('tech|odd', '09:00-10:00'))).toEqual({ laneId: 'tech|odd', timeSlot: '09:00-10:00' });
    expect(windowLabel('12:00-13:00')).toBe('12:00 PM - 1:00 PM');
  });
});
