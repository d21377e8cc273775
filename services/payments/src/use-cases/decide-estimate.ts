import { base64Bytes, estimateMessages, pngDataUrlPayload, type Estimate, type estimateDecisionRequestSchema } from '@repo/contracts';
import { badRequest, conflict } from '@repo/service-kit';
import type { z } from 'zod';
import { findEstimateForUpdate, updateEstimate } from '../repositories/estimate-repository.ts';
import type { PaymentsContext } from './context.ts';
import { estimateDetail, estimateForPage, recordedByOf, type EstimatePageCaller } from './estimate-access.ts';

const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The signature only if its bytes really are a PNG (the schema checked the data URL's form and size). */
function checkedSignature(signature: string | null | undefined): string | null {
  if (signature == null) return null;
  const payload = pngDataUrlPayload(signature);
  const bytes = payload === undefined ? undefined : Buffer.from(payload, 'base64');
  if (!bytes || base64Bytes(payload!) !== bytes.length || !bytes.subarray(0, 8).equals(pngMagic)) throw badRequest(estimateMessages.signature, { signature: estimateMessages.signature });
  return signature;
}

/**
 * The customer approves or declines a presented estimate, once: the time, their typed name and the drawn signature are
 * kept. On the technician's phone (or at the office) approving needs a drawing; the customer approving on the
 * appointment page, signed in or through the visit's manage link, may give only their typed name (their account, or the
 * link sent only to them, is who they are; a keyboard user can approve). A decided, replaced or unpresented estimate is
 * a 409 that says why.
 */
export async function decideEstimate(
  ctx: PaymentsContext,
  caller: EstimatePageCaller,
  id: number,
  outcome: 'approved' | 'declined',
  request: z.output<typeof estimateDecisionRequestSchema>,
): Promise<Estimate> {
  const { appointment } = await estimateForPage(ctx.db, id, caller);
  const signature = checkedSignature(request.signature);
  // A link holder is the visit's customer.
  const recordedBy = 'session' in caller ? recordedByOf(caller.session) : 'customer';
  if (outcome === 'approved' && signature === null && recordedBy !== 'customer') {
    throw badRequest(estimateMessages.signatureRequired, { signature: estimateMessages.signatureRequired });
  }
  await ctx.db.transaction().execute(async (trx) => {
    const estimate = (await findEstimateForUpdate(trx, id))!;
    if (estimate.status === 'approved' || estimate.status === 'declined') throw conflict(estimateMessages.alreadyDecided(estimate.status));
    if (estimate.status === 'replaced') throw conflict(estimateMessages.replaced);
    if (estimate.status === 'draft') throw conflict(estimateMessages.notPresented);
    const now = ctx.now();
    await updateEstimate(trx, id, { status: outcome, decided_at: now, signer_name: request.signerName, signature_png: signature, recorded_by: recordedBy, updated_at: now });
  });
  return estimateDetail(ctx.db, id, appointment);
}
