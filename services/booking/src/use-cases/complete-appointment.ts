import type { AppointmentCompleted } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { announceChange, historyActors } from '../domain/dispatch.ts';
import { findAppointmentForUpdate, setAppointmentStatus } from '../repositories/appointment-repository.ts';
import type { BookingContext } from './context.ts';

/**
 * Applies tracking's `appointment.completed` effect in the receiver's transaction: the technician finished the job,
 * so the appointment is completed. Once: a completed appointment stays as it is, and so does a cancelled one (the
 * cancellation reaches tracking too and closes its record). An id booking does not know is accepted and ignored, since
 * retrying could never apply it.
 */
export async function completeAppointment(ctx: Pick<BookingContext, 'effects' | 'links' | 'now'>, trx: Trx, { appointmentId }: AppointmentCompleted): Promise<void> {
  const current = await findAppointmentForUpdate(trx, appointmentId);
  if (!current || current.status === 'completed' || current.status === 'cancelled') return;
  const completed = await setAppointmentStatus(trx, appointmentId, 'completed');
  await announceChange(ctx, trx, 'completed', current, completed, { actor: historyActors.technician });
}
