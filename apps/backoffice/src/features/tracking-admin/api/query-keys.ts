import { techniciansQuery } from '../../../lib/technicians.ts';

/** The staff screens' cached lists; a live message refreshes the ones it concerns. */
export const queryKeys = {
  technicians: techniciansQuery.queryKey,
  technicianAccounts: ['technician-accounts'] as const,
  appointments: ['appointments'] as const,
  appointmentsPage: (date: string, page: number, pageSize: number) => ['appointments', { date, page, pageSize }] as const,
  appointmentHistory: (id: number) => ['appointment-history', id] as const,
  tracking: ['tracking'] as const,
  trackingPage: (filter: { date?: string; page: number; pageSize: number }) => ['tracking', filter] as const,
};
