import PDFDocument from 'pdfkit';
import { business, businessContact, formatCents, invoiceStatusLabels, type Invoice } from '@repo/contracts';

export type InvoiceDocument = 'invoice' | 'receipt';

const dateText = (iso: string) => new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
/** A business date (YYYY-MM-DD) as words, read at noon so no zone moves it to another day. */
const businessDateText = (date: string) => dateText(`${date}T12:00:00-05:00`);
const percent = (bps: number) => `${(bps / 100).toFixed(bps % 100 === 0 ? 0 : bps % 10 === 0 ? 1 : 2)}%`;

/**
 * The invoice or its receipt as a PDF (pdfkit, its standard Helvetica): the business's name, address and phone, the
 * number, the customer, each line, subtotal, tax, total, the payments and refunds, and the balance. The receipt is the
 * same page titled as a receipt, listing only the payments that went through.
 */
export function renderInvoicePdf(invoice: Invoice, document: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: `${document === 'receipt' ? 'Receipt' : 'Invoice'} ${invoice.number}`, Author: business.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const { address } = businessContact;
  const left = 50;
  const right = 562;

  pdf.font('Helvetica-Bold').fontSize(18).text(business.name, left, 50);
  pdf.font('Helvetica').fontSize(10)
    .text(`${address.street}, ${address.city}, ${address.region} ${address.postalCode}`)
    .text(`${business.phoneDisplay}  ·  ${businessContact.email}`);
  pdf.font('Helvetica-Bold').fontSize(16).text(`${document === 'receipt' ? 'Receipt for invoice' : 'Invoice'} ${invoice.number}`, left, 120, { align: 'right', width: right - left });
  pdf.font('Helvetica').fontSize(10);
  const facts = [`Status: ${invoiceStatusLabels[invoice.status]}`, `Issued: ${dateText(invoice.sentAt ?? invoice.createdAt)}`];
  if (invoice.dueDate) facts.push(`Due: ${businessDateText(invoice.dueDate)}`);
  pdf.text(facts.join('   '), { align: 'right', width: right - left });

  pdf.moveDown(1.5);
  pdf.font('Helvetica-Bold').text('Bill to', left);
  pdf.font('Helvetica').text(invoice.customer.name).text(invoice.customer.address).text([invoice.customer.phone, invoice.customer.email].filter(Boolean).join('  ·  '));
  pdf.text(`Visit: ${invoice.visit.serviceType}, ${invoice.visit.brand} ${invoice.visit.appliance}, ${dateText(invoice.visit.startsAt)}`);

  const columns = { description: left, quantity: 340, unit: 390, amount: 480 };
  // A row starts on a new page when it would not fit, so its cells stay side by side (pdfkit breaks pages per text).
  const roomFor = (height: number) => {
    if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  };
  const row = (cells: [string, string, string, string], bold = false) => {
    roomFor(30);
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    pdf.text(cells[0], columns.description, y, { width: 280 });
    const afterDescription = pdf.y;
    pdf.text(cells[1], columns.quantity, y, { width: 40, align: 'right' });
    pdf.text(cells[2], columns.unit, y, { width: 80, align: 'right' });
    pdf.text(cells[3], columns.amount, y, { width: right - columns.amount, align: 'right' });
    pdf.y = Math.max(afterDescription, pdf.y) + 4;
  };
  pdf.moveDown(1.5);
  row(['Description', 'Qty', 'Unit price', 'Amount'], true);
  for (const line of invoice.lines) row([`${line.description}${line.taxable ? ' (taxable)' : ''}`, String(line.quantity), formatCents(line.unitPriceCents), formatCents(line.amountCents)]);

  const total = (label: string, value: string, bold = false) => {
    roomFor(16);
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    pdf.text(label, 300, y, { width: 170, align: 'right' });
    pdf.text(value, columns.amount, y, { width: right - columns.amount, align: 'right' });
    pdf.moveDown(0.3);
  };
  pdf.moveDown(0.5);
  total('Subtotal', formatCents(invoice.subtotalCents));
  total(`Sales tax (FL ${percent(invoice.tax.stateBps)} + St Johns County ${percent(invoice.tax.surtaxBps)})`, formatCents(invoice.taxCents));
  total('Total', formatCents(invoice.totalCents), true);
  total('Paid', formatCents(invoice.amountPaidCents));
  if (invoice.amountRefundedCents > 0) total('Refunded', formatCents(invoice.amountRefundedCents));
  total('Balance due', formatCents(invoice.balanceCents), true);

  const payments = invoice.payments.filter((payment) => payment.status === 'succeeded');
  if (payments.length > 0) {
    pdf.moveDown(1);
    pdf.font('Helvetica-Bold').text('Payments', left);
    pdf.font('Helvetica');
    for (const payment of payments) pdf.text(`${dateText(payment.createdAt)}  ·  card payment ${payment.paymentIntentId}  ·  ${formatCents(payment.appliedCents)}`, left);
  }
  const refunds = invoice.refunds.filter((refund) => refund.status === 'succeeded');
  if (refunds.length > 0) {
    pdf.moveDown(0.5);
    pdf.font('Helvetica-Bold').text('Refunds', left);
    pdf.font('Helvetica');
    for (const refund of refunds) pdf.text(`${dateText(refund.createdAt)}  ·  ${refund.reason === 'overpayment' ? 'overpayment returned' : (refund.reason ?? 'refund')}  ·  ${formatCents(refund.amountCents)}`, left);
  }
  if (invoice.status === 'void') {
    pdf.moveDown(1);
    pdf.font('Helvetica-Bold').text(`This invoice is void${invoice.voidReason ? `: ${invoice.voidReason}` : ''}.`, left);
  }
  pdf.moveDown(2);
  pdf.font('Helvetica').fontSize(9).text(`Thank you for choosing ${business.name}. Questions? Call ${business.phoneDisplay}.`, left);
  pdf.end();
  return done;
}
