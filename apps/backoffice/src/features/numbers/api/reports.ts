import { useQuery } from '@tanstack/react-query';
import { appointmentReportPath, appointmentReportSchema, paymentReportPath, paymentReportSchema, type ReportQueryParsed } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

const queryString = ({ from, to, by }: ReportQueryParsed) => new URLSearchParams({ from, to, by }).toString();

/** GET /api/appointments/reports/summary?from&to&by: booking's visit figures. Not asked while the range is invalid. */
export function useVisitReport(range: ReportQueryParsed | undefined) {
  return useQuery({
    queryKey: ['reports', 'visits', range ?? null] as const,
    queryFn: async ({ signal }) => appointmentReportSchema.parse(await adminApi.json<unknown>('GET', `${appointmentReportPath}?${queryString(range!)}`, undefined, { signal })),
    enabled: range !== undefined,
    staleTime: 0,
  });
}

/** GET /api/payments/reports/summary?from&to&by: payments' money figures, in cents. Not asked while the range is invalid. */
export function useMoneyReport(range: ReportQueryParsed | undefined) {
  return useQuery({
    queryKey: ['reports', 'money', range ?? null] as const,
    queryFn: async ({ signal }) => paymentReportSchema.parse(await adminApi.json<unknown>('GET', `${paymentReportPath}?${queryString(range!)}`, undefined, { signal })),
    enabled: range !== undefined,
    staleTime: 0,
  });
}
