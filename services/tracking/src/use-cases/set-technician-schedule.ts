import type { StaffTechnician, UpdateTechnicianSchedule } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { toStaffTechnician } from '../repositories/mappers.ts';
import { updateTechnicianRow } from '../repositories/technician-repository.ts';
import type { TrackingContext } from './context.ts';

/**
 * Replaces a technician's working hours and days off. Only the back office reads them (the dispatch board warns before
 * a visit outside them), so no other service is told.
 */
export async function setTechnicianSchedule(ctx: TrackingContext, id: string, schedule: UpdateTechnicianSchedule): Promise<StaffTechnician> {
  const row = await updateTechnicianRow(ctx.db, id, { working_hours: JSON.stringify(schedule.workingHours), days_off: [...schedule.daysOff].sort() });
  if (!row) throw notFound(`Technician ${id} was not found.`);
  return toStaffTechnician(row);
}
