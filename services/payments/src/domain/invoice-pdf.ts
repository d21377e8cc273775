import { formatCents, invoiceStatusLabels, type Invoice } from '@repo/contracts';
import { businessDateText, businessPdf, dateText, left, salesTaxLabel } from './pdf-layout.ts';

export type InvoiceDocument = 'invoice' | 'receipt';

/**
 * The invoice or its receipt as a PDF (the business's page, `businessPdf`): the number, the customer, each line,
 * subtotal, tax, total, the payments and refunds, and the balance. The receipt is the same page titled as a receipt,
 * listing only the payments that went through.
 */
export function renderInvoicePdf(invoice: Invoice, document: InvoiceDocument): Promise<Buffer> {
  const facts = [`Status: ${invoiceStatusLabels[invoice.status]}`, `Issued: ${dateText(invoice.sentAt ?? invoice.createdAt)}`];
  if (invoice.dueDate) facts.push(`Due: ${businessDateText(invoice.dueDate)}`);
  const page = businessPdf(`${document === 'receipt' ? 'Receipt for invoice' : 'Invoice'} ${invoice.number}`, facts);
  const { pdf } = page;

  pdf.moveDown(1.5);
  page.heading('Bill to');
  pdf.text(invoice.customer.name).text(invoice.customer.address).text([invoice.customer.phone, invoice.customer.email].filter(Boolean).join('  ·  '));
  pdf.text(`Visit: ${invoice.visit.serviceType}, ${invoice.visit.brand} ${invoice.visit.appliance}, ${dateText(invoice.visit.startsAt)}`);

  page.lines(invoice.lines);
  page.total('Subtotal', invoice.subtotalCents);
  page.total(salesTaxLabel(invoice.tax), invoice.taxCents);
  page.total('Total', invoice.totalCents, true);
  page.total('Paid', invoice.amountPaidCents);
  if (invoice.amountRefundedCents > 0) page.total('Refunded', invoice.amountRefundedCents);
  page.total('Balance due', invoice.balanceCents, true);

  const payments = invoice.payments.filter((payment) => payment.status === 'succeeded');
  if (payments.length > 0) {
    pdf.moveDown(1);
    page.heading('Payments');
    for (const payment of payments) pdf.text(`${dateText(payment.createdAt)}  ·  card payment ${payment.paymentIntentId}  ·  ${formatCents(payment.appliedCents)}`, left);
  }
  const refunds = invoice.refunds.filter((refund) => refund.status === 'succeeded');
  if (refunds.length > 0) {
    pdf.moveDown(0.5);
    page.heading('Refunds');
    for (const refund of refunds) pdf.text(`${dateText(refund.createdAt)}  ·  ${refund.reason === 'overpayment' ? 'overpayment returned' : (refund.reason ?? 'refund')}  ·  ${formatCents(refund.amountCents)}`, left);
  }
  if (invoice.status === 'void') {
    pdf.moveDown(1);
    pdf.font('Helvetica-Bold').text(`This invoice is void${invoice.voidReason ? `: ${invoice.voidReason}` : ''}.`, left);
  }
  return page.finish();
}
