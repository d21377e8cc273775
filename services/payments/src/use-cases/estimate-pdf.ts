import { estimateMessages } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import type { AppointmentRow } from '../db/schema.ts';
import { renderEstimatePdf } from '../domain/estimate-pdf.ts';
import { findAppointment } from '../repositories/appointment-repository.ts';
import { findEstimate } from '../repositories/estimate-repository.ts';
import type { PaymentsContext } from './context.ts';
import { estimateDetail, estimateForCaller, type EstimateCaller } from './estimate-access.ts';

/**
 * Who asks for an estimate's PDF: a session, judged as for the estimate itself, or an appointment link, which must
 * open the estimate's visit (`opens` throws the link's refusal: another visit's is the same 404).
 */
export type EstimatePdfCaller = { session: EstimateCaller } | { opens: (appointmentId: number, appointment: AppointmentRow | undefined) => void };

/**
 * The estimate as a PDF, for whoever may see it: staff, the visit's technician, its customer signed in or through the
 * visit's manage link once it was presented; the same 404 for anyone else.
 */
export async function estimatePdf(ctx: PaymentsContext, id: number, caller: EstimatePdfCaller): Promise<Buffer> {
  const { estimate, appointment } = 'session' in caller ? await estimateForCaller(ctx.db, id, caller.session) : await estimateForLink(ctx, id, caller.opens);
  return renderEstimatePdf(await estimateDetail(ctx.db, estimate.id, appointment), appointment);
}

async function estimateForLink(ctx: PaymentsContext, id: number, opens: (appointmentId: number, appointment: AppointmentRow) => void) {
  const estimate = await findEstimate(ctx.db, id);
  const appointment = estimate && (await findAppointment(ctx.db, estimate.appointment_id));
  if (!estimate || !appointment || estimate.status === 'draft') throw notFound(estimateMessages.notFound);
  opens(appointment.id, appointment);
  return { estimate, appointment };
}
