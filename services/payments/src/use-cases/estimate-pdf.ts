import type { PaymentsContext } from './context.ts';
import { renderEstimatePdf } from '../domain/estimate-pdf.ts';
import { estimateDetail, estimateForPage, type EstimatePageCaller } from './estimate-access.ts';

/**
 * The estimate as a PDF, for whoever may see it: staff, the visit's technician, its customer signed in or through the
 * visit's manage link once it was presented; the same 404 for anyone else.
 */
export async function estimatePdf(ctx: PaymentsContext, id: number, caller: EstimatePageCaller): Promise<Buffer> {
  const { estimate, appointment } = await estimateForPage(ctx.db, id, caller);
  return renderEstimatePdf(await estimateDetail(ctx.db, estimate.id, appointment), appointment);
}
