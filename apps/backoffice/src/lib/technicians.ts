import { queryOptions } from '@tanstack/react-query';
import { technicianListSchema, type StaffTechnician } from '@repo/contracts';
import { adminApi } from './api-client.ts';

export const techniciansPath = '/api/technicians';

/** GET /api/technicians: every technician with their working hours and days off, for staff (Tracking and the dispatch board share the cached list). */
export async function fetchTechnicians(signal?: AbortSignal): Promise<StaffTechnician[]> {
  return technicianListSchema.parse(await adminApi.json<unknown>('GET', techniciansPath, undefined, { signal }));
}

export const techniciansQuery = queryOptions({ queryKey: ['technicians'] as const, queryFn: ({ signal }) => fetchTechnicians(signal) });
