import { estimateStatusLabels, pngDataUrlPayload, type Estimate } from '@repo/contracts';
import type { AppointmentRow } from '../db/schema.ts';
import { businessPdf, dateText, dateTimeText, left, salesTaxLabel } from './pdf-layout.ts';

const recordedWhere: Record<NonNullable<Estimate['decision']>['recordedBy'], string> = {
  technician: "on the technician's phone",
  customer: 'online',
  staff: 'with the office',
};

/**
 * The estimate as a PDF, on the business's page (`businessPdf`, as the invoice): who it is for and the visit, each
 * line, subtotal, tax and total, and where it stands: approved (by whom, when, with the drawn signature when there is
 * one) or declined, or still waiting for an answer, or replaced by a newer version.
 */
export function renderEstimatePdf(estimate: Estimate, visit: Pick<AppointmentRow, 'address' | 'city' | 'state' | 'zip_code' | 'service_type' | 'brand' | 'appliance' | 'starts_at'>): Promise<Buffer> {
  const facts = [`Status: ${estimateStatusLabels[estimate.status]}`, `Version ${estimate.version}`];
  if (estimate.sentAt) facts.push(`Presented: ${dateText(estimate.sentAt)}`);
  const page = businessPdf(`Estimate ${estimate.id}`, facts);
  const { pdf } = page;

  pdf.moveDown(1.5);
  page.heading('Prepared for');
  pdf.text(estimate.customerName).text(`${visit.address}, ${visit.city}, ${visit.state} ${visit.zip_code}`);
  pdf.text(`Visit: ${visit.service_type}, ${visit.brand} ${visit.appliance}, ${dateText(visit.starts_at.toISOString())}`);

  page.lines(estimate.lines);
  page.total('Subtotal', estimate.subtotalCents);
  page.total(salesTaxLabel(estimate.tax), estimate.taxCents);
  page.total('Total', estimate.totalCents, true);

  pdf.moveDown(1.5);
  page.roomFor(120);
  const { decision } = estimate;
  if (decision) {
    page.heading(decision.outcome === 'approved' ? 'Approved' : 'Declined');
    pdf.text(`${decision.outcome === 'approved' ? 'Approved' : 'Declined'} by ${decision.signerName} on ${dateTimeText(decision.at)}, ${recordedWhere[decision.recordedBy]}.`, left);
    const signature = decision.signature ? pngDataUrlPayload(decision.signature) : undefined;
    if (signature) {
      pdf.moveDown(0.5);
      pdf.text('Signature:', left);
      try {
        pdf.image(Buffer.from(signature, 'base64'), left, pdf.y + 4, { fit: [220, 80] });
        pdf.y += 90;
      } catch {
        // The signature is checked to be a PNG data URL when taken, not drawn: a file pdfkit cannot read is said, not drawn.
        pdf.text('(the signature on file could not be drawn here)', left);
      }
    }
  } else if (estimate.status === 'replaced') {
    page.heading('Replaced by a newer version of this estimate.');
  } else if (estimate.status === 'sent') {
    page.heading('Waiting for your answer: approve or decline it on your appointment page, or tell the technician.');
  } else {
    page.heading('Draft: not yet presented to the customer.');
  }
  return page.finish();
}
