import { useId, useRef, useState } from 'react';
import { Button, Group, NativeSelect, Progress, Stack, Text, Title } from '@mantine/core';
import { bookingPhotoKinds, bookingPhotoLimit, photoContentTypes, photoDraftMessages, photoKindLabels, photoLimits, type BookingPhoto, type BookingPhotoKind } from '@repo/contracts';
import { ApiRequestError, errorMessage, shrinkPhoto, UnreadablePhotoError, uploadPhoto } from '@repo/ui';
import { requestPhotoDraft } from '../api/photo-drafts.ts';

/** A photo the visitor added in step 2: sent straight to the photo store, then named (with its token) in the booking. */
export type WizardPhoto = {
  key: string;
  kind: BookingPhotoKind;
  /** The file's name as chosen, to tell photos apart. */
  name: string;
  state: 'uploading' | 'ready' | 'failed';
  /** The share sent so far, 0 to 1. */
  share: number;
  error?: string;
  /** The draft booking granted; the booking names it once the photo is `ready`. */
  draft?: BookingPhoto;
};

type Props = {
  photos: WizardPhoto[];
  update: (change: (current: WizardPhoto[]) => WizardPhoto[]) => void;
  /** Why the photos added before could not be attached (the booking said so); shown until the next photo. */
  notice: string | null;
};

/** What the booking sends: the photos that arrived, each by its draft and token. */
export const bookingPhotosOf = (photos: readonly WizardPhoto[]): BookingPhoto[] | undefined => {
  const ready = photos.flatMap((photo) => (photo.state === 'ready' && photo.draft ? [photo.draft] : []));
  return ready.length > 0 ? ready : undefined;
};

/** Booking's own words when it answered; otherwise what went wrong on the way, and that the booking goes ahead without it. */
function uploadFailure(error: unknown): string {
  if (error instanceof UnreadablePhotoError) return error.message;
  if (error instanceof ApiRequestError) return errorMessage(error, photoDraftMessages.unavailable);
  return `${errorMessage(error, 'The photo did not upload.')} You can also book without it.`;
}

/**
 * Step 2's optional photos (up to three: the rating plate, the problem). Each is made at most 2048 px on the device,
 * then booking grants an upload slot and the photo goes straight to the photo store, its progress and any failure
 * shown on its own row. A photo that did not upload is left out of the booking, which goes ahead without it.
 */
export function BookingPhotos({ photos, update, notice }: Props) {
  const [kind, setKind] = useState<BookingPhotoKind>('rating-plate');
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const hintId = useId();
  const kept = photos.filter((photo) => photo.state !== 'failed').length;
  const room = bookingPhotoLimit - kept;
  const change = (key: string, values: Partial<WizardPhoto>) => update((current) => current.map((photo) => (photo.key === key ? { ...photo, ...values } : photo)));

  async function send(file: File, key: string, photoKind: BookingPhotoKind) {
    try {
      const photo = await shrinkPhoto(file);
      if (photo.size > photoLimits.maxBytes) throw new Error('This photo is larger than 10 MB even made smaller. Choose another.');
      const { draft, upload } = await requestPhotoDraft({ kind: photoKind, contentType: 'image/jpeg', contentLength: photo.size });
      await uploadPhoto(upload, photo, (share) => change(key, { share }));
      change(key, { state: 'ready', share: 1, draft: { id: draft.id, token: draft.token } });
    } catch (error) {
      change(key, { state: 'failed', error: uploadFailure(error) });
    }
  }

  function add(files: File[]) {
    const chosen = files.slice(0, Math.max(0, room)).map((file) => ({ file, key: `${Date.now()}-${Math.random().toString(36).slice(2)}` }));
    // A failed photo makes room for its replacement: its row goes when another is added.
    update((current) => [...current.filter((photo) => photo.state !== 'failed'), ...chosen.map(({ file, key }) => ({ key, kind, name: file.name, state: 'uploading' as const, share: 0 }))]);
    for (const { file, key } of chosen) void send(file, key, kind);
  }

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          Photos (optional)
        </Title>
        <Text size="sm" c="dark.6" id={hintId}>
          Up to {bookingPhotoLimit} photos of the rating plate or the problem help the technician bring the right part. JPEG, PNG or WebP.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="What it shows"
            data={bookingPhotoKinds.map((value) => ({ value, label: photoKindLabels[value] }))}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as BookingPhotoKind)}
          />
          <Button variant="light" onClick={() => input.current?.click()} disabled={room <= 0} aria-describedby={hintId}>
            {room <= 0 ? `${bookingPhotoLimit} photos added` : 'Add a photo'}
          </Button>
          <input
            ref={input}
            type="file"
            accept={photoContentTypes.join(',')}
            hidden
            multiple
            aria-label="Photo file"
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = '';
              if (files.length > 0) add(files);
            }}
          />
        </Group>
        {notice ? (
          <Text size="sm" c="red.8" role="alert">
            {notice}
          </Text>
        ) : null}
        {photos.length > 0 ? (
          <Stack gap="xs" role="list" aria-label="Photos for this booking">
            {photos.map((photo) => (
              <Stack key={photo.key} gap={4} role="listitem" data-photo-state={photo.state}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {`${photoKindLabels[photo.kind]}: ${photo.name}`}
                  </Text>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    disabled={photo.state === 'uploading'}
                    aria-label={`Remove ${photoKindLabels[photo.kind].toLowerCase()} photo ${photo.name}`}
                    onClick={() => update((current) => current.filter((other) => other.key !== photo.key))}
                  >
                    Remove
                  </Button>
                </Group>
                {photo.state === 'uploading' ? (
                  <>
                    <Progress value={Math.round(photo.share * 100)} size="md" aria-label={`Uploading ${photo.name}`} />
                    <Text size="xs" role="status">{`Uploading: ${Math.round(photo.share * 100)}%`}</Text>
                  </>
                ) : photo.state === 'ready' ? (
                  <Text size="xs" role="status">
                    Added to your booking
                  </Text>
                ) : (
                  <Text size="xs" c="red.8" role="alert">
                    {photo.error}
                  </Text>
                )}
              </Stack>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </section>
  );
}
