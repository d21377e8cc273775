import { useQuery } from '@tanstack/react-query';
import { photoListSchema } from '@repo/contracts';
import { apiJson } from '@repo/ui';
import { appointmentAccessHeaders } from '@repo/ui/api';

/**
 * GET /api/customer/appointments/:id/photos: the visit's photos, for its owner or a manage link's holder. Their
 * viewing addresses last five minutes, so the list is read again every four.
 */
export function useVisitPhotos(appointmentId: number, accessToken: string | undefined) {
  return useQuery({
    queryKey: ['visit-photos', appointmentId],
    queryFn: async ({ signal }) =>
      photoListSchema.parse(await apiJson<unknown>('GET', `/api/customer/appointments/${appointmentId}/photos`, undefined, { signal, headers: appointmentAccessHeaders(accessToken) })),
    refetchInterval: 4 * 60_000,
  });
}
