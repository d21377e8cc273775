/**
 * `pnpm bench invoice-pdf`: how long payments takes to make an invoice's PDF (pdfkit, in process), for a typical
 * invoice of 4 lines with a payment and a refund, and for the largest one (100 lines, two pages). BENCH_PDF_RUNS
 * (default 300) PDFs of each after 20 unmeasured ones; p50, p99 and the PDFs' size.
 */
import { performance } from 'node:perf_hooks';
import type { Invoice, InvoiceLine } from '@repo/contracts';
import { renderInvoicePdf } from '@repo/payments/invoice-pdf';
import { positiveEnv, publish } from './report.ts';

const runs = positiveEnv('BENCH_PDF_RUNS', 300);

const line = (position: number): InvoiceLine => {
  const part = position % 3 !== 0;
  const unitPriceCents = part ? 11_850 + position * 7 : 12_500;
  return { position, priceBookItemId: null, kind: part ? 'part' : 'service', description: part ? `Whirlpool refrigerator door gasket (W10830162) #${position}` : 'Labour (per hour)', quantity: 1 + (position % 2), unitPriceCents, taxable: part, amountCents: unitPriceCents * (1 + (position % 2)) };
};

function invoiceOf(lineCount: number): Invoice {
  const lines = Array.from({ length: lineCount }, (_, index) => line(index));
  const subtotalCents = lines.reduce((sum, item) => sum + item.amountCents, 0);
  const taxCents = Math.round(lines.filter((item) => item.taxable).reduce((sum, item) => sum + item.amountCents, 0) * 0.065);
  const totalCents = subtotalCents + taxCents;
  const at = '2026-12-01T15:00:00.000Z';
  return {
    id: 1, number: 'INV-1001', appointmentId: 1, status: 'paid',
    customer: { name: 'Dana Whitfield', email: 'demo@example.com', phone: '(904) 555-0142', address: '48 Cordova St, St Augustine, FL 32084' },
    totalCents, balanceCents: 0, dueDate: '2026-12-15', createdAt: at,
    visit: { serviceType: 'Repair', appliance: 'Refrigerator', brand: 'Sub-Zero', startsAt: at },
    lines, subtotalCents, taxCents, tax: { stateBps: 600, surtaxBps: 50, surtaxCapCents: 500_000 },
    amountPaidCents: totalCents, amountRefundedCents: 2_500, sentAt: at, voidedAt: null, voidReason: null, updatedAt: at,
    editable: false, payable: false, partialPayments: false,
    payments: [{ paymentIntentId: 'pi_benchmark', provider: 'stripe', status: 'succeeded', amountCents: totalCents, appliedCents: totalCents, refundedCents: 2_500, createdAt: at }],
    refunds: [{ id: 1, paymentIntentId: 'pi_benchmark', amountCents: 2_500, status: 'succeeded', reason: 'Goodwill', createdBy: 'office@example.com', createdAt: at }],
  };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function measure(name: string, invoice: Invoice) {
  for (let i = 0; i < 20; i += 1) await renderInvoicePdf(invoice, 'invoice');
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    bytes = (await renderInvoicePdf(invoice, i % 2 === 0 ? 'invoice' : 'receipt')).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { name, p50: quantile(times, 0.5), p99: quantile(times, 0.99), kilobytes: bytes / 1024 };
}

const results = [await measure('4 lines, a payment and a refund', invoiceOf(4)), await measure('100 lines (the most an invoice takes)', invoiceOf(100))];
const typical = results[0]!;
await publish({
  id: 'invoice-pdf',
  title: 'Invoice PDFs',
  description: `payments' renderInvoicePdf (pdfkit, standard Helvetica) in process, ${runs} PDFs of each invoice (invoice and receipt alternately) after 20 unmeasured ones.`,
  tables: [{
    columns: ['invoice', 'p50 ms', 'p99 ms', 'size KiB'],
    numeric: [false, true, true, true],
    rows: results.map((r) => [r.name, r.p50.toFixed(2), r.p99.toFixed(2), r.kilobytes.toFixed(1)]),
  }],
  // A PDF is a download someone waits for: a quarter of a second at worst, on a machine shared with the load generator.
  targets: [{ name: 'typical invoice, p99', measured: `${typical.p99.toFixed(1)} ms`, goal: '≤ 250 ms', met: typical.p99 <= 250 }],
  figures: { runs, results },
});
