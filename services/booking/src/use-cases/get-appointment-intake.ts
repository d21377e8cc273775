import { officeActionMessages, type AppointmentIntakeResponse } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { findAppointment } from '../repositories/appointment-repository.ts';
import { toAppointment } from '../repositories/mappers.ts';
import type { BookingContext } from './context.ts';

/** Who reads an intake: staff, or a technician (their id), who reads only the intake of a job assigned to them. */
export type IntakeReader = { staff: true } | { staff: false; technicianId: string | null };

/**
 * The intake given at booking, for the office and for the technician assigned to the visit. Another technician's job
 * answers as a missing appointment does (404), so a technician learns nothing of other jobs.
 */
export async function getAppointmentIntake(ctx: BookingContext, id: number, reader: IntakeReader): Promise<AppointmentIntakeResponse> {
  const row = await findAppointment(ctx.db, id);
  if (!row || (!reader.staff && (reader.technicianId === null || row.technician_id !== reader.technicianId))) throw notFound(officeActionMessages.notFound);
  const { intake, appliance } = toAppointment(row);
  return { appointmentId: row.id, appliance, intake };
}
