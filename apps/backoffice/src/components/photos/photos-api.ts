import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { photoListSchema, photoPaths, photoSchema, photoUploadResponseSchema, type PhotoUploadRequest } from '@repo/contracts';
import { adminApi } from '../../lib/api-client.ts';

const photosKey = (appointmentId: string) => ['photos', appointmentId] as const;

/**
 * GET /api/appointments/:id/photos: the visit's photos. While one is being uploaded or checked, asked again every two
 * seconds until it is ready or rejected. The viewing addresses last five minutes: asked again before then.
 */
export function usePhotos(appointmentId: string) {
  return useQuery({
    queryKey: photosKey(appointmentId),
    queryFn: async ({ signal }) => photoListSchema.parse(await adminApi.json<unknown>('GET', photoPaths.list(encodeURIComponent(appointmentId)), undefined, { signal })),
    refetchInterval: (query) => (query.state.data?.some((photo) => photo.state === 'uploading' || photo.state === 'processing') ? 2000 : 4 * 60_000),
  });
}

/** POST /api/appointments/:id/photos, then (after the upload) POST …/photos/:photoId/uploaded. */
export function usePhotoCalls(appointmentId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: photosKey(appointmentId) });
  const announce = useMutation({
    mutationFn: async (request: PhotoUploadRequest) =>
      photoUploadResponseSchema.parse(await adminApi.json<unknown>('POST', photoPaths.list(encodeURIComponent(appointmentId)), request)),
    onSuccess: refresh,
  });
  const uploaded = useMutation({
    mutationFn: async (photoId: number) => photoSchema.parse(await adminApi.json<unknown>('POST', photoPaths.uploaded(encodeURIComponent(appointmentId), photoId))),
    onSettled: refresh,
  });
  return { announce, uploaded };
}
