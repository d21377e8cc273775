import { conflict } from '@repo/service-kit';
import { renderInvoicePdf, type InvoiceDocument } from '../domain/invoice-pdf.ts';
import type { PaymentsContext } from './context.ts';
import { getInvoice, type InvoiceCaller } from './get-invoice.ts';

/**
 * The invoice or its receipt as a PDF, for whoever may see the invoice (the same 404 for anyone else). A receipt
 * exists once a payment went through.
 */
export async function invoicePdf(ctx: PaymentsContext, id: number, caller: InvoiceCaller, document: InvoiceDocument): Promise<{ number: string; pdf: Buffer }> {
  const invoice = await getInvoice(ctx, id, caller);
  if (document === 'receipt' && !invoice.payments.some((payment) => payment.status === 'succeeded')) {
    throw conflict('Nothing has been paid on this invoice yet, so there is no receipt.');
  }
  return { number: invoice.number, pdf: await renderInvoicePdf(invoice, document) };
}
