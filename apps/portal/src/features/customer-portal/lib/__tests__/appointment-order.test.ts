import { describe, expect, it } from 'vitest';
import { appointmentExample } from '@repo/contracts/testing';
import type { Appointment } from '@repo/contracts';
import { inHistoryOrder, lastCompletedVisitDate } from '../appointment-order.ts';

const visit = (id: number, appointmentDate: string, timeSlot = '09:00-11:00', status: Appointment['status'] = 'scheduled') =>
  appointmentExample({ id, appointmentDate, timeSlot, status });

describe('inHistoryOrder', () => {
  it("puts today's and later visits first, soonest first, then past visits, newest first", () => {
    const list = [
      visit(1, '2026-03-01', '09:00-11:00', 'completed'),
      visit(2, '2026-03-20'),
      visit(3, '2026-03-10', '14:00-16:00'),
      visit(4, '2026-02-14', '09:00-11:00', 'completed'),
      visit(5, '2026-03-10', '09:00-11:00'),
      visit(6, '2026-03-12', '09:00-11:00', 'cancelled'),
      visit(7, '2026-03-09', '13:00-15:00', 'completed'),
    ];
    expect(inHistoryOrder(list, '2026-03-10').map((appointment) => appointment.id)).toEqual([5, 3, 6, 2, 7, 1, 4]);
  });

  it('leaves the list it was given as it was', () => {
    const list = [visit(1, '2026-03-01'), visit(2, '2026-03-20')];
    inHistoryOrder(list, '2026-03-10');
    expect(list.map((appointment) => appointment.id)).toEqual([1, 2]);
  });
});

describe('lastCompletedVisitDate', () => {
  it('is the newest completed visit, whatever the order and the other statuses', () => {
    const list = [
      visit(1, '2026-02-14', '09:00-11:00', 'completed'),
      visit(2, '2026-03-09', '09:00-11:00', 'completed'),
      visit(3, '2026-03-10', '09:00-11:00', 'cancelled'),
      visit(4, '2026-03-20'),
    ];
    expect(lastCompletedVisitDate(list)).toBe('2026-03-09');
  });

  it('is undefined without a completed visit', () => {
    expect(lastCompletedVisitDate([visit(1, '2026-03-20')])).toBeUndefined();
  });
});
