import { photoDraftPath, photoDraftResponseSchema, type PhotoDraftRequest, type PhotoDraftResponse } from '@repo/contracts';
import { apiJson } from '@repo/ui';

/** POST /api/appointments/photo-drafts: an upload slot for a photo the booking will bring (its id, token and upload address). */
export async function requestPhotoDraft(request: PhotoDraftRequest): Promise<PhotoDraftResponse> {
  return photoDraftResponseSchema.parse(await apiJson<unknown>('POST', photoDraftPath, request));
}
