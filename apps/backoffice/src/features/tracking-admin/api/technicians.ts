import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  staffTechnicianSchema,
  technicianActivePath,
  technicianSchedulePath,
  technicianSchema,
  type CreateTechnician,
  type Technician,
  type UpdateLocation,
  type UpdateTechnician,
  type UpdateTechnicianSchedule,
} from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';
import { techniciansPath, techniciansQuery } from '../../../lib/technicians.ts';
import { queryKeys } from './query-keys.ts';

const technicianPath = (id: string) => `${techniciansPath}/${encodeURIComponent(id)}`;

/** The list, polled every `pollMs` while the live socket is not carrying updates (false: not polled). */
export function useTechnicians(pollMs: number | false) {
  return useQuery({ ...techniciansQuery, refetchInterval: pollMs });
}

/** Refreshes the list after a change, so every card shows what the server now holds. */
function useRefreshTechnicians() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.technicians });
}

/** POST /api/technicians: either page's payload. */
export function useCreateTechnician() {
  const refresh = useRefreshTechnicians();
  return useMutation({
    mutationFn: async (technician: CreateTechnician) => technicianSchema.parse(await adminApi.json<unknown>('POST', techniciansPath, technician)),
    onSuccess: refresh,
  });
}

/** PUT /api/technicians/:id: name, phone, vehicle info. */
export function useUpdateTechnician() {
  const refresh = useRefreshTechnicians();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: UpdateTechnician }) =>
      technicianSchema.parse(await adminApi.json<unknown>('PUT', technicianPath(id), changes)),
    onSuccess: refresh,
  });
}

/**
 * PUT /api/technicians/:id/location: lat, lng and (management page) the address. The answer goes into the list at
 * once, so the card never shows the old position while the list is fetched again.
 */
export function useUpdateLocation() {
  const queryClient = useQueryClient();
  const refresh = useRefreshTechnicians();
  return useMutation({
    mutationFn: async ({ id, location }: { id: string; location: UpdateLocation }) =>
      technicianSchema.parse(await adminApi.json<unknown>('PUT', `${technicianPath(id)}/location`, location)),
    onSuccess: (saved) => {
      queryClient.setQueryData<Technician[]>(queryKeys.technicians, (list) => list?.map((technician) => (technician.id === saved.id ? saved : technician)));
      return refresh();
    },
  });
}

/**
 * PUT /api/technicians/:id/active: deactivate (false) or reactivate (true). Their cards and the assign dropdowns
 * load again, so a deactivated technician is no longer offered.
 */
export function useSetTechnicianActive() {
  const refresh = useRefreshTechnicians();
  return useMutation({
    mutationFn: async ({ id, active }: { id: string; active: boolean }) =>
      technicianSchema.parse(await adminApi.json<unknown>('PUT', technicianActivePath(id), { active })),
    onSettled: refresh,
  });
}

/** PUT /api/technicians/:id/schedule: the technician's working hours per weekday and days off, replaced whole. */
export function useSetTechnicianSchedule() {
  const refresh = useRefreshTechnicians();
  return useMutation({
    mutationFn: async ({ id, schedule }: { id: string; schedule: UpdateTechnicianSchedule }) =>
      staffTechnicianSchema.parse(await adminApi.json<unknown>('PUT', technicianSchedulePath(id), schedule)),
    onSuccess: refresh,
  });
}
