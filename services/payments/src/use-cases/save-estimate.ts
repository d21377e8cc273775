import { estimateMessages, type createEstimateRequestSchema, type Estimate, type updateEstimateLinesRequestSchema } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import type { z } from 'zod';
import type { EstimateRow, Trx } from '../db/schema.ts';
import type { TaxRates } from '../domain/tax.ts';
import { findEstimateForUpdate, findOpenEstimateForUpdate, insertEstimate, nextEstimateVersion, replaceEstimateLines, updateEstimate } from '../repositories/estimate-repository.ts';
import type { PaymentsContext } from './context.ts';
import { estimateDetail, estimateForCaller, visitForCaller, type EstimateCaller } from './estimate-access.ts';
import { pricedColumns, resolveInvoiceLines, totalsOfLines, type ResolvedLine } from './invoice-lines.ts';

const ratesOf = (estimate: EstimateRow): TaxRates => ({ stateBps: estimate.state_tax_bps, surtaxBps: estimate.surtax_bps, surtaxCapCents: estimate.surtax_cap_cents });

/** A new draft version of the visit's estimate with these lines, taxed as an invoice is. */
async function insertDraftEstimate(trx: Trx, appointmentId: number, lines: ResolvedLine[], rates: TaxRates, now: Date): Promise<EstimateRow> {
  const row = await insertEstimate(trx, {
    appointment_id: appointmentId,
    version: await nextEstimateVersion(trx, appointmentId),
    ...pricedColumns(lines, rates),
    created_at: now,
    updated_at: now,
  });
  await replaceEstimateLines(trx, row.id, lines);
  return row;
}

/**
 * Staff or the visit's technician start its estimate: a draft whose price-book lines copy the items as they are now.
 * A visit has one open (draft or presented) estimate at a time: a second start is a 409.
 */
export async function createEstimate(ctx: PaymentsContext, caller: EstimateCaller, request: z.output<typeof createEstimateRequestSchema>): Promise<Estimate> {
  const appointment = await visitForCaller(ctx.db, request.appointmentId, caller, { builder: true });
  const lines = await resolveInvoiceLines(ctx.db, request.lines);
  const row = await ctx.db.transaction().execute(async (trx) => {
    // The appointment's row lock makes two starts take turns, so the open check holds.
    await trx.selectFrom('appointments').select('id').where('id', '=', appointment.id).forUpdate().executeTakeFirst();
    if (await findOpenEstimateForUpdate(trx, appointment.id)) throw conflict(estimateMessages.alreadyOpen);
    return insertDraftEstimate(trx, appointment.id, lines, ctx.invoices.rates, ctx.now());
  });
  return estimateDetail(ctx.db, row.id, appointment);
}

/**
 * New lines for an estimate. A draft changes in place; a presented one is replaced: a new draft version takes the
 * lines and the presented one is marked replaced, so what the customer may have seen is kept and can no longer be
 * approved. An approved, declined or replaced estimate is a 409.
 */
export async function updateEstimateLines(ctx: PaymentsContext, caller: EstimateCaller, id: number, request: z.output<typeof updateEstimateLinesRequestSchema>): Promise<Estimate> {
  const { appointment } = await estimateForCaller(ctx.db, id, caller, { builder: true });
  const lines = await resolveInvoiceLines(ctx.db, request.lines);
  const now = ctx.now();
  const savedId = await ctx.db.transaction().execute(async (trx) => {
    const estimate = (await findEstimateForUpdate(trx, id))!;
    if (estimate.status === 'draft') {
      const totals = totalsOfLines(lines, ratesOf(estimate));
      await replaceEstimateLines(trx, id, lines);
      await updateEstimate(trx, id, { subtotal_cents: totals.subtotalCents, tax_cents: totals.taxCents, total_cents: totals.totalCents, updated_at: now });
      return id;
    }
    if (estimate.status !== 'sent') throw conflict(estimate.status === 'replaced' ? estimateMessages.replaced : estimateMessages.notEditable(estimate.status));
    const next = await insertDraftEstimate(trx, estimate.appointment_id, lines, ratesOf(estimate), now);
    await updateEstimate(trx, id, { status: 'replaced', replaced_by_id: next.id, updated_at: now });
    return next.id;
  });
  return estimateDetail(ctx.db, savedId, appointment);
}

/** Present a draft to the customer (on the phone, and in their portal): it needs a line at least. */
export async function presentEstimate(ctx: PaymentsContext, caller: EstimateCaller, id: number): Promise<Estimate> {
  const { appointment } = await estimateForCaller(ctx.db, id, caller, { builder: true });
  await ctx.db.transaction().execute(async (trx) => {
    const estimate = (await findEstimateForUpdate(trx, id))!;
    if (estimate.status === 'sent') return;
    if (estimate.status !== 'draft') throw conflict(estimate.status === 'replaced' ? estimateMessages.replaced : estimateMessages.notEditable(estimate.status));
    const count = await trx.selectFrom('estimate_lines').select((eb) => eb.fn.countAll<number>().as('count')).where('estimate_id', '=', id).executeTakeFirstOrThrow();
    if (Number(count.count) === 0) throw conflict(estimateMessages.noLines);
    await updateEstimate(trx, id, { status: 'sent', sent_at: ctx.now(), updated_at: ctx.now() });
  });
  return estimateDetail(ctx.db, id, appointment);
}
