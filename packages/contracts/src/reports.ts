import { z } from 'zod';
import { businessDateSchema } from './appointments.ts';
import { addDays, businessDate, weekday } from './business-time.ts';

/**
 * The owner's numbers (issue #27): each service that owns the data answers its own figures for a range of business
 * dates (America/New_York), grouped by week (Monday to Sunday) or by calendar month; the back office joins them into
 * one table by period. Staff and administrators only.
 */
export const appointmentReportPath = '/api/appointments/reports/summary';
export const paymentReportPath = '/api/payments/reports/summary';

export const reportGroupings = ['week', 'month'] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

/** A range is at most two years (731 days, a leap year included): a page of at most 105 weeks or 25 months. */
export const reportLimits = { maxDays: 731, firstVisitDays: 30 } as const;

export const reportMessages = {
  grouping: 'Group by week or month',
  order: 'The end date must not be before the start date',
  tooLong: `Choose a range of at most ${reportLimits.maxDays} days (two years)`,
} as const;

/** Days from `from` to `to`, both counted. */
export function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const reportQuerySchema = z
  .object({
    from: businessDateSchema,
    to: businessDateSchema,
    by: z.enum(reportGroupings, { error: reportMessages.grouping }).default('week'),
  })
  .superRefine((query, issues) => {
    if (query.from > query.to) issues.addIssue({ code: 'custom', path: ['to'], message: reportMessages.order });
    else if (rangeDays(query.from, query.to) > reportLimits.maxDays) issues.addIssue({ code: 'custom', path: ['to'], message: reportMessages.tooLong });
  });
export type ReportQuery = z.input<typeof reportQuerySchema>;
export type ReportQueryParsed = z.output<typeof reportQuerySchema>;

/** The first day of the week (Monday) or month holding `date`: a period's key, as PostgreSQL's `date_trunc` gives it. */
export function periodStart(date: string, by: ReportGrouping): string {
  if (by === 'month') return `${date.slice(0, 8)}01`;
  return addDays(date, -((weekday(date) + 6) % 7));
}

export type ReportPeriod = { period: string; from: string; to: string };

/** The periods of a range, each clipped to it: a range starting on a Wednesday has a first week from that Wednesday. */
export function reportPeriods(from: string, to: string, by: ReportGrouping): ReportPeriod[] {
  const periods: ReportPeriod[] = [];
  let start = periodStart(from, by);
  while (start <= to) {
    const next = by === 'week' ? addDays(start, 7) : nextMonth(start);
    const end = addDays(next, -1);
    periods.push({ period: start, from: start < from ? from : start, to: end > to ? to : end });
    start = next;
  }
  return periods;
}

function nextMonth(first: string): string {
  const [y, m] = first.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The ranges the page offers, from today's business date: this week, this month, last month. */
export function presetRange(preset: 'this-week' | 'this-month' | 'last-month', now: Date = new Date()): { from: string; to: string } {
  const today = businessDate(now);
  if (preset === 'this-week') {
    const from = periodStart(today, 'week');
    return { from, to: addDays(from, 6) };
  }
  const thisMonth = periodStart(today, 'month');
  if (preset === 'this-month') return { from: thisMonth, to: addDays(nextMonth(thisMonth), -1) };
  const lastMonth = periodStart(addDays(thisMonth, -1), 'month');
  return { from: lastMonth, to: addDays(thisMonth, -1) };
}

const count = z.number().int().min(0);
const periodFields = { period: z.string(), from: z.string(), to: z.string() };

/**
 * Booking's figures. Visits are counted on their visit date (a business date); `booked` on the business date the
 * booking was made. Imported history (pasted or from a field-service system) is not counted: it was not the
 * business's work through this system. First-visit completion: of the completed visits, those with no other visit
 * (not cancelled) for the same customer (account, or email without one) and the same appliance dated within the
 * following 30 days.
 */
export const appointmentReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(reportGroupings),
  firstVisitDays: z.number().int(),
  periods: z.array(
    z.object({
      ...periodFields,
      booked: count,
      completed: count,
      cancelled: count,
      noShows: count,
      completedFirstVisit: count,
    }),
  ),
  /** Completed visits per technician and period: every technician who completed one in the range. */
  technicians: z.array(z.object({ technicianId: z.string(), name: z.string(), completed: z.array(z.object({ period: z.string(), visits: count })) })),
});
export type AppointmentReport = z.infer<typeof appointmentReportSchema>;

/**
 * Payments' figures, integer cents. Revenue: payments that succeeded in the period (the business date they
 * succeeded) less refunds that went through in it. Open balances: invoices sent, part-paid or overdue now, by the
 * business date they were sent, with what they still owe (and how much of it is overdue today).
 */
export const paymentReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(reportGroupings),
  periods: z.array(
    z.object({
      ...periodFields,
      paymentsCents: count,
      refundsCents: count,
      revenueCents: z.number().int(),
      openInvoices: count,
      openBalanceCents: count,
      /** The part of `openBalanceCents` past its due date today (overdue invoices). */
      overdueBalanceCents: count,
    }),
  ),
});
export type PaymentReport = z.infer<typeof paymentReportSchema>;
