import type { SessionClaims } from '@repo/contracts';
import type { FastifyRequest } from 'fastify';
import type { JobRecordActor } from '../use-cases/job-record.ts';

/** Who in the office made a change, as the appointment's history names them: their email (the session's subject without one). */
export const staffActor = (session: SessionClaims | null | undefined) => session?.email ?? session?.sub ?? 'staff';

/**
 * The caller of a job record route (the record, waiting parts, the warranty claim, photos): the assigned technician or
 * the office. A technician's actor is `technician:<id>`; the use cases write their name where booking knows it.
 */
export const jobRecordActor = ({ session }: FastifyRequest): JobRecordActor =>
  session?.role === 'technician'
    ? { staff: false, technicianId: session.technicianId ?? null, actor: session.technicianId ? `technician:${session.technicianId}` : 'technician' }
    : { staff: true, actor: staffActor(session) };
