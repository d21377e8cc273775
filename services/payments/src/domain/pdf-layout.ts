import PDFDocument from 'pdfkit';
import { business, businessContact, formatCents, type InvoiceLine } from '@repo/contracts';

/**
 * The page the business's documents share (pdfkit, its standard Helvetica, US Letter): the letterhead with the
 * business's name, address and phone, the document's title and facts on the right, a table of priced lines that breaks
 * onto new pages a whole row at a time, right-aligned totals, and a closing line. The invoice, its receipt and the
 * estimate are laid out with it.
 */
export type BusinessPdf = {
  pdf: PDFKit.PDFDocument;
  /** Starts a new page when `height` more would not fit, so what follows stays together. */
  roomFor(height: number): void;
  /** The table of lines: description (with "taxable"), quantity, unit price, amount. */
  lines(lines: readonly InvoiceLine[]): void;
  /** One right-aligned total (label and amount). */
  total(label: string, cents: number, bold?: boolean): void;
  /** A bold heading at the left margin, then the body font. */
  heading(text: string): void;
  /** Closes the document with the thank-you line; resolves to its bytes. */
  finish(): Promise<Buffer>;
};

export const left = 50;
export const right = 562;

export const dateText = (iso: string) => new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
export const dateTimeText = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso));
/** A business date (YYYY-MM-DD) as words, read at noon so no zone moves it to another day. */
export const businessDateText = (date: string) => dateText(`${date}T12:00:00-05:00`);
const percent = (bps: number) => `${(bps / 100).toFixed(bps % 100 === 0 ? 0 : bps % 10 === 0 ? 1 : 2)}%`;
/** The tax line's label: Florida's rate and the county surtax. */
export const salesTaxLabel = (tax: { stateBps: number; surtaxBps: number }) => `Sales tax (FL ${percent(tax.stateBps)} + St Johns County ${percent(tax.surtaxBps)})`;

/** A document titled `title` (right, under the letterhead) with `facts` beneath it. */
export function businessPdf(title: string, facts: readonly string[]): BusinessPdf {
  const pdf = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: title, Author: business.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const { address } = businessContact;
  pdf.font('Helvetica-Bold').fontSize(18).text(business.name, left, 50);
  pdf.font('Helvetica').fontSize(10)
    .text(`${address.street}, ${address.city}, ${address.region} ${address.postalCode}`)
    .text(`${business.phoneDisplay}  ·  ${businessContact.email}`);
  pdf.font('Helvetica-Bold').fontSize(16).text(title, left, 120, { align: 'right', width: right - left });
  pdf.font('Helvetica').fontSize(10);
  pdf.text(facts.join('   '), { align: 'right', width: right - left });

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
  return {
    pdf,
    roomFor,
    lines(lines) {
      pdf.moveDown(1.5);
      row(['Description', 'Qty', 'Unit price', 'Amount'], true);
      for (const line of lines) row([`${line.description}${line.taxable ? ' (taxable)' : ''}`, String(line.quantity), formatCents(line.unitPriceCents), formatCents(line.amountCents)]);
      pdf.moveDown(0.5);
    },
    total(label, cents, bold = false) {
      roomFor(16);
      const y = pdf.y;
      pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      pdf.text(label, 300, y, { width: 170, align: 'right' });
      pdf.text(formatCents(cents), columns.amount, y, { width: right - columns.amount, align: 'right' });
      pdf.moveDown(0.3);
    },
    heading(text) {
      pdf.font('Helvetica-Bold').text(text, left);
      pdf.font('Helvetica');
    },
    finish() {
      pdf.moveDown(2);
      pdf.font('Helvetica').fontSize(9).text(`Thank you for choosing ${business.name}. Questions? Call ${business.phoneDisplay}.`, left);
      pdf.end();
      return done;
    },
  };
}
