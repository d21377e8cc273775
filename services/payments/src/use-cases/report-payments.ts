import { addDays, businessDate, businessInstant, reportPeriods, type PaymentReport, type ReportQueryParsed } from '@repo/contracts';
import { openInvoicesByPeriod, succeededPaymentsByPeriod, succeededRefundsByPeriod } from '../repositories/report-repository.ts';
import type { PaymentsContext } from './context.ts';

/** The owner's money figures for a range of business dates, one row per week or month, in integer cents. */
export async function reportPayments(ctx: PaymentsContext, query: ReportQueryParsed): Promise<PaymentReport> {
  const { from, to, by } = query;
  const range = { start: businessInstant(from, '00:00'), end: businessInstant(addDays(to, 1), '00:00'), by };
  const [payments, refunds, open] = await Promise.all([
    succeededPaymentsByPeriod(ctx.db, range),
    succeededRefundsByPeriod(ctx.db, range),
    openInvoicesByPeriod(ctx.db, { ...range, today: businessDate(ctx.now()) }),
  ]);
  const paid = new Map(payments.map((row) => [row.period, row.cents]));
  const refunded = new Map(refunds.map((row) => [row.period, row.cents]));
  const owing = new Map(open.map((row) => [row.period, row]));
  return {
    from,
    to,
    by,
    periods: reportPeriods(from, to, by).map((period) => {
      const paymentsCents = paid.get(period.period) ?? 0;
      const refundsCents = refunded.get(period.period) ?? 0;
      const invoices = owing.get(period.period);
      return {
        ...period,
        paymentsCents,
        refundsCents,
        revenueCents: paymentsCents - refundsCents,
        openInvoices: invoices?.invoices ?? 0,
        openBalanceCents: invoices?.owedCents ?? 0,
        overdueBalanceCents: invoices?.overdueCents ?? 0,
      };
    }),
  };
}
