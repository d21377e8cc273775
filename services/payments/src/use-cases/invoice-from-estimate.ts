import { estimateMessages, type EstimateInvoiceResponse } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import type { EstimateRow, Trx } from '../db/schema.ts';
import { findApprovedUninvoicedForUpdate, findEstimateForUpdate, findEstimateLines, updateEstimate } from '../repositories/estimate-repository.ts';
import { findInvoice } from '../repositories/invoice-repository.ts';
import type { PaymentsContext } from './context.ts';
import { insertDraftInvoice } from './create-invoice.ts';
import { estimateForCaller, type EstimateCaller } from './estimate-access.ts';

/**
 * The draft invoice of an approved estimate (locked by the caller): its lines and the rates it was approved at, so
 * the invoice comes to exactly what the customer signed for. Made once: the estimate keeps the invoice's id.
 */
async function invoiceOfLockedEstimate(trx: Trx, estimate: EstimateRow, now: Date): Promise<{ invoiceId: number; number: string; created: boolean }> {
  if (estimate.invoice_id !== null) {
    const existing = (await findInvoice(trx, estimate.invoice_id))!;
    return { invoiceId: existing.id, number: existing.number, created: false };
  }
  const lines = (await findEstimateLines(trx, estimate.id)).map(({ estimate_id: _estimate, position: _position, ...line }) => line);
  const rates = { stateBps: estimate.state_tax_bps, surtaxBps: estimate.surtax_bps, surtaxCapCents: estimate.surtax_cap_cents };
  const invoice = await insertDraftInvoice(trx, { appointmentId: estimate.appointment_id, lines, rates, now });
  await updateEstimate(trx, estimate.id, { invoice_id: invoice.id, updated_at: now });
  return { invoiceId: invoice.id, number: invoice.number, created: true };
}

/** "Create invoice from estimate" (staff or the visit's technician): the same invoice however often it is pressed. */
export async function invoiceFromEstimate(ctx: PaymentsContext, caller: EstimateCaller, id: number): Promise<EstimateInvoiceResponse> {
  await estimateForCaller(ctx.db, id, caller, { builder: true });
  return ctx.db.transaction().execute(async (trx) => {
    const estimate = (await findEstimateForUpdate(trx, id))!;
    if (estimate.status !== 'approved') throw conflict(estimateMessages.notApproved);
    return invoiceOfLockedEstimate(trx, estimate, ctx.now());
  });
}

/** When booking says the visit is completed, its approved estimate becomes its invoice (if no one pressed the button). */
export async function invoiceApprovedEstimateOfVisit(trx: Trx, appointmentId: number, now: Date): Promise<void> {
  const estimate = await findApprovedUninvoicedForUpdate(trx, appointmentId);
  if (estimate) await invoiceOfLockedEstimate(trx, estimate, now);
}
