import { describe, expect, it } from 'vitest';
import type { Appointment } from '@repo/contracts';
import { nextActiveAppointment } from '../next-appointment.ts';

const base = { customerId: 1, serviceRequestId: null, customerName: 'Pat', email: 'p@example.com', phone: '1', address: 'a', city: 'c', state: 'FL', zipCode: '32084', serviceType: 'Repair', appliance: 'Washer', brand: 'LG', description: null, technicianId: null, technicianNotes: null, totalCost: null, confirmationCode: 'x', createdAt: '2026-01-01T00:00:00Z', intake: null, waitingForParts: null, visitStage: null };
const at = (id: number, appointmentDate: string, timeSlot: string, status: Appointment['status'] = 'scheduled'): Appointment => ({ ...base, id, appointmentDate, timeSlot, status });

// 10:30 in St Augustine on March 10, 2026 (EDT).
const now = new Date('2026-03-10T14:30:00Z');

describe('nextActiveAppointment', () => {
  it('picks the earliest scheduled, confirmed or in-progress appointment whose slot has not ended', () => {
    const list = [at(1, '2026-03-12', '09:00-10:00'), at(2, '2026-03-10', '11:00-12:00', 'confirmed'), at(3, '2026-03-10', '08:00-09:00')];
    expect(nextActiveAppointment(list, now)?.id).toBe(2);
  });

  it('counts a slot under way as not over, and one that has ended as past', () => {
    expect(nextActiveAppointment([at(4, '2026-03-10', '10:00-11:00')], now)?.id).toBe(4);
    expect(nextActiveAppointment([at(5, '2026-03-10', '09:00-10:00')], now)).toBeUndefined();
  });

  it('keeps an in-progress repair of today even after its arrival window', () => {
    expect(nextActiveAppointment([at(6, '2026-03-10', '08:00-09:00', 'in-progress')], now)?.id).toBe(6);
    expect(nextActiveAppointment([at(7, '2026-03-09', '08:00-09:00', 'in-progress')], now)).toBeUndefined();
  });

  it("keeps today's visit with a technician assigned after its window (the technician may be late), not yesterday's", () => {
    expect(nextActiveAppointment([{ ...at(11, '2026-03-10', '08:00-09:00'), technicianId: 'tech-3' }], now)?.id).toBe(11);
    expect(nextActiveAppointment([{ ...at(12, '2026-03-09', '08:00-09:00'), technicianId: 'tech-3' }], now)).toBeUndefined();
  });

  it('skips completed and cancelled appointments and unreadable dates', () => {
    const list = [at(8, '2026-03-11', '09:00-10:00', 'completed'), at(9, '2026-03-11', '09:00-10:00', 'cancelled'), at(10, 'next week', '09:00-10:00')];
    expect(nextActiveAppointment(list, now)).toBeUndefined();
  });

  it('reads an unreadable time slot as the whole day', () => {
    expect(nextActiveAppointment([at(11, '2026-03-10', 'afternoon')], now)?.id).toBe(11);
  });
});
