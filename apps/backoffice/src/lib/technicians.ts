import { queryOptions } from '@tanstack/react-query';
import { technicianListSchema, type Technician } from '@repo/contracts';
import { adminApi } from './api-client.ts';

export const techniciansPath = '/api/technicians';

/** GET /api/technicians: every technician, for staff (Tracking and the dispatch board share the cached list). */
export async function fetchTechnicians(signal?: AbortSignal): Promise<Technician[]> {
  return technicianListSchema.parse(await adminApi.json<unknown>('GET', techniciansPath, undefined, { signal }));
}

export const techniciansQuery = queryOptions({ queryKey: ['technicians'] as const, queryFn: ({ signal }) => fetchTechnicians(signal) });
