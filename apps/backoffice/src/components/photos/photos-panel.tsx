import { useRef, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Progress, Stack, Text, Title } from '@mantine/core';
import { photoContentTypes, photoKindLabels, photoKinds, type Photo, type PhotoKind } from '@repo/contracts';
import { Columns, errorMessage, shrinkPhoto, uploadPhoto } from '@repo/ui';
import { Expander } from '../expander.tsx';
import { usePhotoCalls, usePhotos } from './photos-api.ts';

const stateText: Record<Photo['state'], string> = { uploading: 'Uploading…', processing: 'Checking…', ready: '', rejected: 'Not kept' };

function PhotoTile({ photo }: { photo: Photo }) {
  const label = `${photoKindLabels[photo.kind]} photo, taken by ${photo.takenBy}`;
  return (
    <Stack gap={4} role="listitem" data-photo-state={photo.state}>
      {photo.url ? (
        <a href={photo.url} target="_blank" rel="noreferrer">
          <img src={photo.url} alt={label} style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 6, display: 'block' }} />
        </a>
      ) : (
        <Text size="sm" c="dark.7" p="sm" style={{ aspectRatio: '1', border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 6 }}>
          {`${photoKindLabels[photo.kind]}: ${stateText[photo.state]}`}
        </Text>
      )}
      <Text size="xs" c="dark.7">
        {photoKindLabels[photo.kind]}
      </Text>
      {photo.state === 'rejected' ? (
        <Text size="xs" c="red.8">
          {photo.rejectedReason}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The visit's photos on the technician's phone (and the office's screens): choose what it shows, take or choose the
 * photo; it is made smaller on the phone, sent straight to the photo store with its progress shown, then checked by
 * booking, which keeps it without its metadata.
 */
export function PhotosPanel({ appointmentId }: { appointmentId: string }) {
  const photos = usePhotos(appointmentId);
  const { announce, uploaded } = usePhotoCalls(appointmentId);
  const [kind, setKind] = useState<PhotoKind>('before');
  const [progress, setProgress] = useState<{ share: number; index: number; count: number }>();
  const [failure, setFailure] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const busy = progress !== undefined;
  const headingId = `photos-${appointmentId}`;

  // Several photos may be chosen at once: they go up one after another, each with its own progress.
  async function send(files: File[]) {
    setFailure(undefined);
    try {
      for (const [index, file] of files.entries()) {
        setProgress({ share: 0, index, count: files.length });
        const photo = await shrinkPhoto(file);
        const { photo: announced, upload } = await announce.mutateAsync({ kind, contentType: 'image/jpeg', contentLength: photo.size });
        await uploadPhoto(upload, photo, (share) => setProgress({ share, index, count: files.length }));
        await uploaded.mutateAsync(announced.id);
      }
    } catch (err) {
      setFailure(errorMessage(err, 'The photo did not upload. Try again.'));
    } finally {
      setProgress(undefined);
      if (input.current) input.current.value = '';
    }
  }

  const percent = progress ? Math.round(progress.share * 100) : 0;
  const which = progress && progress.count > 1 ? ` ${progress.index + 1} of ${progress.count}` : '';
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>
          Photos
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="What it shows"
            size="md"
            data={photoKinds.map((value) => ({ value, label: photoKindLabels[value] }))}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as PhotoKind)}
            disabled={busy}
          />
          <Button size="md" loading={busy} onClick={() => input.current?.click()} aria-describedby={failure ? `${headingId}-failure` : undefined}>
            Take or choose photos
          </Button>
          <input
            ref={input}
            type="file"
            accept={photoContentTypes.join(',')}
            capture="environment"
            hidden
            aria-label="Photo file"
            multiple
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              if (files.length > 0) void send(files);
            }}
          />
        </Group>
        {progress ? (
          <>
            <Progress value={percent} size="lg" aria-label={`Uploading photo${which}`} />
            <Text size="sm" role="status">{`Uploading photo${which}: ${percent}%`}</Text>
          </>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" role="alert" id={`${headingId}-failure`}>
            <Text size="sm" c="dark.9">
              {failure}
            </Text>
          </Alert>
        ) : null}
        {photos.isError ? (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(photos.error, 'The photos could not be loaded. Check your connection.')}
          </Text>
        ) : photos.data && photos.data.length > 0 ? (
          <Columns role="list" cols={{ base: 3, sm: 4 }} spacing="xs" aria-label="Photos of this visit">
            {photos.data.map((photo) => (
              <PhotoTile key={photo.id} photo={photo} />
            ))}
          </Columns>
        ) : photos.data ? (
          <Text size="sm" c="dark.6">
            No photos yet. The rating plate, the problem, and the work before and after help the office and the customer.
          </Text>
        ) : null}
      </Stack>
    </section>
  );
}

/** The office's view of a visit's photos (and a way to add one), behind a button on the appointment's card; loaded when opened. */
export function AppointmentPhotos({ appointmentId, customerName }: { appointmentId: number; customerName: string }) {
  return (
    <Expander title="Photos" of={`${customerName}'s appointment`}>
      <PhotosPanel appointmentId={String(appointmentId)} />
    </Expander>
  );
}
