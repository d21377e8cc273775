import { reportLimits, type AppointmentReport, type PaymentReport } from '@repo/contracts';
import { formatter } from '@repo/ui';
import { formatCount, formatDollars } from '../../../lib/format.ts';

/** One period's figures from both services, joined on the period. */
export type PeriodFigures = AppointmentReport['periods'][number] & Omit<PaymentReport['periods'][number], 'period' | 'from' | 'to'>;

export function joinReports(visits: AppointmentReport, money: PaymentReport): PeriodFigures[] {
  const moneyOf = new Map(money.periods.map((period) => [period.period, period]));
  return visits.periods.map((period) => {
    const found = moneyOf.get(period.period);
    return {
      ...period,
      paymentsCents: found?.paymentsCents ?? 0,
      refundsCents: found?.refundsCents ?? 0,
      revenueCents: found?.revenueCents ?? 0,
      openInvoices: found?.openInvoices ?? 0,
      openBalanceCents: found?.openBalanceCents ?? 0,
      overdueBalanceCents: found?.overdueBalanceCents ?? 0,
    };
  });
}

export const firstVisitDefinition =
  `First-visit completion rate: of the visits completed in the period, the share that needed no return visit — no other ` +
  `visit (not cancelled) for the same customer and the same appliance within ${reportLimits.firstVisitDays} days after it. ` +
  `A recent period's rate can still fall while those ${reportLimits.firstVisitDays} days run.`;

/** Whole percent of the completions that were first-visit ones; null with no completion. */
export const firstVisitRate = (period: Pick<PeriodFigures, 'completed' | 'completedFirstVisit'>): number | null =>
  period.completed === 0 ? null : Math.round((period.completedFirstVisit / period.completed) * 100);

const day = (date: string, withYear: boolean) =>
  formatter('date', { timeZone: 'UTC', month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}) }).format(new Date(`${date}T12:00:00Z`));
const monthName = (date: string) => formatter('date', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(`${date}T12:00:00Z`));
const lastOfMonth = (first: string) => {
  const [y, m] = first.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** "Nov 2 – Nov 8, 2026", or "November 2026" for a whole month. */
export function periodLabel(period: { period: string; from: string; to: string }): string {
  if (period.from === period.period && period.period.endsWith('-01') && period.to === lastOfMonth(period.period)) return monthName(period.period);
  if (period.from === period.to) return day(period.from, true);
  return `${day(period.from, period.from.slice(0, 4) !== period.to.slice(0, 4))} – ${day(period.to, true)}`;
}

/** Cents as dollars for the CSV ("1234.50", "-25.00"): a number a spreadsheet reads, no currency sign or separators. */
const dollarsCell = (cents: number) => (cents / 100).toFixed(2);

/** A figure as the table shows it and as the CSV writes it, under one heading with its unit. */
export type Figure = { header: string; csvHeader: string; shown: (period: PeriodFigures) => string; csv: (period: PeriodFigures) => string | number | null };

const visits = (header: string, value: (period: PeriodFigures) => number): Figure => ({
  header: `${header} (visits)`, csvHeader: `${header} (visits)`, shown: (period) => formatCount(value(period)), csv: value,
});
const money = (header: string, value: (period: PeriodFigures) => number): Figure => ({
  header: `${header} (USD)`, csvHeader: `${header} (USD)`, shown: (period) => formatDollars(value(period) / 100), csv: (period) => dollarsCell(value(period)),
});

/** The table's figures after the period, in order; the CSV has the same ones under the same headings. */
export const figures: readonly Figure[] = [
  visits('Booked', (period) => period.booked),
  visits('Completed', (period) => period.completed),
  visits('Cancelled', (period) => period.cancelled),
  visits('No-shows', (period) => period.noShows),
  {
    header: 'First-visit completion (%)',
    csvHeader: 'First-visit completion (%)',
    shown: (period) => {
      const rate = firstVisitRate(period);
      return rate === null ? '—' : `${rate}%`;
    },
    csv: (period) => firstVisitRate(period),
  },
  visits('Completed on the first visit', (period) => period.completedFirstVisit),
  money('Payments received', (period) => period.paymentsCents),
  money('Refunds', (period) => period.refundsCents),
  money('Revenue', (period) => period.revenueCents),
  { header: 'Open invoices (count)', csvHeader: 'Open invoices (count)', shown: (period) => formatCount(period.openInvoices), csv: (period) => period.openInvoices },
  money('Open balance', (period) => period.openBalanceCents),
  money('Of which overdue', (period) => period.overdueBalanceCents),
];

/** The CSV's rows: the headings, then one row per period with its dates, every figure and each technician's completions. */
export function figuresCsvRows(periods: readonly PeriodFigures[], technicians: AppointmentReport['technicians']): (string | number | null)[][] {
  return [
    ['Period', 'From (date)', 'To (date)', ...figures.map((figure) => figure.csvHeader), ...technicians.map((technician) => `${technician.name}: completed (visits)`)],
    ...periods.map((period) => [
      periodLabel(period),
      period.from,
      period.to,
      ...figures.map((figure) => figure.csv(period)),
      ...technicians.map((technician) => technician.completed.find((entry) => entry.period === period.period)?.visits ?? 0),
    ]),
  ];
}
