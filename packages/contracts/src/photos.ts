import { z } from 'zod';

/*
 * Appointment photos: the rating plate, the problem, before and after the work, a receipt for a warranty claim. The
 * browser makes each one at most 2048 px on its longer side, then uploads it straight to the object store with an
 * address booking signs for that one file (its type and exact size); booking then checks it by its content,
 * re-encodes it and strips its metadata (the place it was taken included) before anyone can see it.
 */

export const photoKinds = ['rating-plate', 'problem', 'before', 'after', 'receipt'] as const;
export type PhotoKind = (typeof photoKinds)[number];
export const photoKindLabels: Record<PhotoKind, string> = {
  'rating-plate': 'Rating plate',
  problem: 'The problem',
  before: 'Before',
  after: 'After',
  receipt: 'Receipt',
};
export const photoContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoContentType = (typeof photoContentTypes)[number];

export const photoLimits = {
  /** The largest file a browser may upload. */
  maxBytes: 10 * 1024 * 1024,
  /** The longer side of a photo as kept (and as the browser sends it). */
  maxSide: 2048,
  /** Photos one appointment keeps. */
  perAppointment: 30,
  /** How long an upload address and a photo's viewing address work. */
  uploadSeconds: 15 * 60,
  viewSeconds: 5 * 60,
} as const;

export const photoStates = ['uploading', 'processing', 'ready', 'rejected'] as const;
export type PhotoState = (typeof photoStates)[number];

export const appointmentPhotoMessages = {
  kind: `Say what the photo shows: ${photoKinds.join(', ')}`,
  contentType: 'Photos must be JPEG, PNG or WebP',
  contentLength: 'A photo must be at most 10 MB',
  tooMany: `This visit already has ${photoLimits.perAppointment} photos. Remove one before adding another.`,
  notArrived: 'The photo has not arrived yet. Send it again.',
  wrongSize: 'The photo that arrived is not the one announced. Send it again.',
  notPhoto: 'This file is not a JPEG, PNG or WebP photo.',
  unreadable: 'This photo could not be read. Take it again.',
  notFound: 'We could not find that photo.',
  linkExpired: 'This photo address has expired. Reload the page to see the photo.',
} as const;

/** `POST /api/appointments/:id/photos`: a photo about to be uploaded, its kind, type and exact size in bytes. */
export const photoUploadRequestSchema = z.object({
  kind: z.enum(photoKinds, { error: appointmentPhotoMessages.kind }),
  contentType: z.enum(photoContentTypes, { error: appointmentPhotoMessages.contentType }),
  contentLength: z.number({ error: appointmentPhotoMessages.contentLength }).int(appointmentPhotoMessages.contentLength).min(1, appointmentPhotoMessages.contentLength).max(photoLimits.maxBytes, appointmentPhotoMessages.contentLength),
});
export type PhotoUploadRequest = z.infer<typeof photoUploadRequestSchema>;

export const photoSchema = z.object({
  id: z.number().int(),
  appointmentId: z.number().int(),
  kind: z.enum(photoKinds),
  state: z.enum(photoStates),
  /** Why it was not kept (`rejected`), in words for the person who took it. */
  rejectedReason: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The address to show it at, signed and short-lived (`photoLimits.viewSeconds`); null until it is ready. */
  url: z.string().nullable(),
  takenBy: z.string(),
  createdAt: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;
export const photoListSchema = z.array(photoSchema);

/** The answer to announcing a photo: where to upload it (method, address, headers) and the photo as it now stands. */
export const photoUploadResponseSchema = z.object({
  photo: photoSchema,
  upload: z.object({ url: z.string(), method: z.literal('PUT'), headers: z.record(z.string(), z.string()), expiresAt: z.string() }),
});
export type PhotoUploadResponse = z.infer<typeof photoUploadResponseSchema>;
/** Where and how the browser sends a photo, straight to the object store. */
export type PresignedPhotoUpload = PhotoUploadResponse['upload'];

export const photoPaths = {
  list: (appointmentId: number | string) => `/api/appointments/${appointmentId}/photos`,
  uploaded: (appointmentId: number | string, photoId: number | string) => `/api/appointments/${appointmentId}/photos/${photoId}/uploaded`,
  image: (appointmentId: number | string, photoId: number | string) => `/api/appointments/${appointmentId}/photos/${photoId}/image`,
} as const;

/*
 * Photos at booking: the wizard's visitor has no appointment yet and may have no account, so booking grants an upload
 * slot (a draft) with a secret token of its own. The booking request names the drafts with their tokens; booking
 * attaches them to the new appointment in the booking's transaction and checks them as any photo. A draft no booking
 * claimed is seen by no one and is swept with the rest of the quarantine.
 */
export const bookingPhotoKinds = ['rating-plate', 'problem'] as const satisfies readonly PhotoKind[];
export type BookingPhotoKind = (typeof bookingPhotoKinds)[number];
/** Photos one booking may bring. */
export const bookingPhotoLimit = 3;

export const photoDraftMessages = {
  kind: `Say what the photo shows: ${bookingPhotoKinds.join(' or ')}`,
  tooMany: `A booking brings at most ${bookingPhotoLimit} photos.`,
  invalid: 'A photo could not be attached to the booking (it expired or was already used). Remove it and add it again, or book without it.',
  unavailable: 'Photos cannot be added right now. You can book without them and show the technician at the visit.',
} as const;

/** `POST /api/appointments/photo-drafts`: a photo a visitor is about to add to their booking. */
export const photoDraftRequestSchema = z.object({
  kind: z.enum(bookingPhotoKinds, { error: photoDraftMessages.kind }),
  contentType: photoUploadRequestSchema.shape.contentType,
  contentLength: photoUploadRequestSchema.shape.contentLength,
});
export type PhotoDraftRequest = z.infer<typeof photoDraftRequestSchema>;

/** A draft as the booking request names it: its id and the token that came with it (shown once, never stored as is). */
export const bookingPhotoSchema = z.object({
  id: z.uuid({ error: photoDraftMessages.invalid }),
  token: z.string({ error: photoDraftMessages.invalid }).regex(/^[A-Za-z0-9_-]{43}$/, photoDraftMessages.invalid),
});
export type BookingPhoto = z.infer<typeof bookingPhotoSchema>;

export const photoDraftResponseSchema = z.object({
  draft: bookingPhotoSchema.extend({ kind: z.enum(bookingPhotoKinds) }),
  upload: photoUploadResponseSchema.shape.upload,
});
export type PhotoDraftResponse = z.infer<typeof photoDraftResponseSchema>;

export const photoDraftPath = '/api/appointments/photo-drafts';
