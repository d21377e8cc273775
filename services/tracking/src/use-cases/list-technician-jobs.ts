import { businessDate, trackingMessages, type TechnicianJobList, type TechnicianJobsQuery } from '@repo/contracts';
import { badRequest, forbidden, notFound } from '@repo/service-kit';
import { toTechnicianJob } from '../repositories/mappers.ts';
import { findTechnicianById } from '../repositories/technician-repository.ts';
import { findJobsOfDay } from '../repositories/tracking-record-repository.ts';
import type { TrackingContext } from './context.ts';
import { presentRecords } from './present-tracking.ts';
import type { TrackingCaller } from './resolve-tracking-access.ts';

export const technicianJobsMessages = {
  technicianRequired: 'Choose a technician: technicianId is required.',
  notYours: 'You can only see your own jobs.',
  staffOrTechnician: 'Only staff and technicians can see technicians’ jobs.',
} as const;

/**
 * One technician's jobs on a business date (today in America/New_York unless `date` says), closed ones left out,
 * completed ones kept: a technician reads their own; staff name the technician; anyone else is refused.
 */
export async function listTechnicianJobs(ctx: TrackingContext, caller: TrackingCaller, query: TechnicianJobsQuery): Promise<TechnicianJobList> {
  let technicianId: string;
  if (caller.staff) {
    if (!query.technicianId) throw badRequest(technicianJobsMessages.technicianRequired, { technicianId: technicianJobsMessages.technicianRequired });
    if (!(await findTechnicianById(ctx.db, query.technicianId))) throw notFound(trackingMessages.technicianNotFound);
    technicianId = query.technicianId;
  } else if (caller.technicianId) {
    if (query.technicianId !== undefined && query.technicianId !== caller.technicianId) throw forbidden(technicianJobsMessages.notYours);
    technicianId = caller.technicianId;
  } else {
    throw forbidden(technicianJobsMessages.staffOrTechnician);
  }
  const date = query.date ?? businessDate(ctx.now());
  const views = await findJobsOfDay(ctx.db, technicianId, date);
  const records = await presentRecords(ctx, views, 'full');
  return { date, technicianId, items: views.map((view, index) => toTechnicianJob(view, records[index]!)) };
}
