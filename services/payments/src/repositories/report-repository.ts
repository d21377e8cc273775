import { business, type ReportGrouping } from '@repo/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema.ts';

/** The first day of an instant's business week (Monday) or month, as 'YYYY-MM-DD'. */
const periodOf = (by: ReportGrouping, instant: RawBuilder<unknown>) =>
  sql<string>`to_char(date_trunc(${sql.lit(by)}, (${instant} at time zone ${sql.lit(business.timeZone)})::date), 'YYYY-MM-DD')`;

type Range = { start: Date; end: Date; by: ReportGrouping };

/** Payments that succeeded in the range (when their provider said so), summed per period in cents. */
export async function succeededPaymentsByPeriod(db: Db, range: Range): Promise<{ period: string; cents: number }[]> {
  const at = sql`coalesce(p.status_changed_at, p.updated_at)`;
  const result = await sql<{ period: string; cents: number }>`
    select ${periodOf(range.by, at)} as period, sum(p.amount_cents)::int8 as cents
    from payments p
    where p.status = 'succeeded' and ${at} >= ${range.start} and ${at} < ${range.end}
    group by 1`.execute(db);
  return result.rows.map((row) => ({ period: row.period, cents: Number(row.cents) }));
}

/** Refunds that went through in the range, summed per period in cents. */
export async function succeededRefundsByPeriod(db: Db, range: Range): Promise<{ period: string; cents: number }[]> {
  const result = await sql<{ period: string; cents: number }>`
    select ${periodOf(range.by, sql`r.updated_at`)} as period, sum(r.amount_cents)::int8 as cents
    from refunds r
    where r.status = 'succeeded' and r.updated_at >= ${range.start} and r.updated_at < ${range.end}
    group by 1`.execute(db);
  return result.rows.map((row) => ({ period: row.period, cents: Number(row.cents) }));
}

/** Invoices sent in the range and still owing now (sent or part-paid), per period: how many, what they owe, what is overdue. */
export async function openInvoicesByPeriod(db: Db, range: Range & { today: string }) {
  const result = await sql<{ period: string; invoices: number; owed: string; overdue: string }>`
    select ${periodOf(range.by, sql`i.sent_at`)} as period, count(*)::int as invoices,
      sum(i.total_cents - i.amount_paid_cents)::int8 as owed,
      coalesce(sum(i.total_cents - i.amount_paid_cents) filter (where i.due_date < ${range.today}::date), 0)::int8 as overdue
    from invoices i
    where i.status in ('sent', 'partially_paid') and i.sent_at >= ${range.start} and i.sent_at < ${range.end}
    group by 1`.execute(db);
  return result.rows.map((row) => ({ period: row.period, invoices: row.invoices, owedCents: Number(row.owed), overdueCents: Number(row.overdue) }));
}
