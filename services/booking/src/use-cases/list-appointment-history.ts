import { officeActionMessages, type AppointmentHistoryEntry } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { findAppointmentHistory } from '../repositories/appointment-history-repository.ts';
import { findAppointment } from '../repositories/appointment-repository.ts';
import { toHistoryEntry } from '../repositories/mappers.ts';
import type { BookingContext } from './context.ts';

/** An appointment's history for staff, newest first; an unknown appointment is a 404. */
export async function listAppointmentHistory(ctx: BookingContext, id: number): Promise<{ items: AppointmentHistoryEntry[] }> {
  if (!(await findAppointment(ctx.db, id))) throw notFound(officeActionMessages.notFound);
  return { items: (await findAppointmentHistory(ctx.db, id)).map(toHistoryEntry) };
}
