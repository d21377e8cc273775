import type { CustomerTextReply } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { announceChange, historyActors } from '../domain/dispatch.ts';
import { insertHistoryEntry } from '../repositories/appointment-history-repository.ts';
import { findAppointmentForUpdate, setAppointmentOfficeStatus, setCallBackRequest } from '../repositories/appointment-repository.ts';
import type { BookingContext } from './context.ts';

/** Who confirmed a visit the customer confirmed by text, as the office's card shows it. */
export const confirmedByText = 'The customer, by text';

/**
 * Applies notifications' `appointment.customer-text-reply` in the receiver's transaction, on the locked appointment.
 * Only a visit still scheduled or confirmed takes an answer (one cancelled, started or done since is left as it is):
 * - `confirm` confirms a scheduled visit, as the office's confirming call would, published to subscribers as a status
 *   change (its reminders stay); on a confirmed one it only ends a call back asked for earlier;
 * - `call-back` marks the visit for the office to call, shown on the appointment in the back office until the office
 *   acts on it (confirms, moves, cancels) or the customer confirms, and recorded in its history. Nothing else changes,
 *   so subscribers are not told.
 */
export async function hearCustomerTextReply(ctx: BookingContext, trx: Trx, reply: CustomerTextReply): Promise<void> {
  const current = await findAppointmentForUpdate(trx, reply.appointmentId);
  if (!current || (current.status !== 'scheduled' && current.status !== 'confirmed')) return;
  const at = new Date(reply.at);
  if (reply.answer === 'confirm') {
    if (current.status === 'confirmed') {
      if (current.call_back_requested_at) await setCallBackRequest(trx, current.id, null);
      return;
    }
    const confirmed = await setAppointmentOfficeStatus(trx, current.id, 'confirmed', { confirmedAt: at, confirmedBy: confirmedByText, cancelReason: null });
    await announceChange(ctx, trx, 'status-changed', current, confirmed, { actor: historyActors.customer, action: 'confirmed', detail: 'Answered C to the reminder text' });
    return;
  }
  const marked = await setCallBackRequest(trx, current.id, at);
  await insertHistoryEntry(trx, {
    appointment_id: current.id,
    at,
    actor: historyActors.customer,
    action: 'call-back-requested',
    from_status: current.status,
    to_status: marked.status,
    reason: null,
    detail: 'Answered R to the reminder text',
  });
}
