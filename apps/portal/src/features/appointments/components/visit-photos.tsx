import { Card, Stack, Text, Title } from '@mantine/core';
import { photoKindLabels } from '@repo/contracts';
import { Columns } from '@repo/ui';
import { useVisitPhotos } from '../api/photos.ts';

/**
 * The photos taken at the visit (the rating plate, the problem, before and after), once checked: shown only when
 * there are some. A photo opens full size in a new tab.
 */
export function VisitPhotos({ appointmentId, accessToken }: { appointmentId: number; accessToken: string | undefined }) {
  const photos = useVisitPhotos(appointmentId, accessToken);
  const ready = photos.data?.filter((photo) => photo.state === 'ready' && photo.url) ?? [];
  if (ready.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="photos-heading">
      <Title order={2} size="h4" id="photos-heading">
        Photos from the visit
      </Title>
      <Columns role="list" cols={{ base: 2, xs: 3 }} spacing="sm" mt="md" aria-label="Photos from the visit">
        {ready.map((photo) => (
          <Stack key={photo.id} gap={4} role="listitem">
            <a href={photo.url!} target="_blank" rel="noreferrer">
              <img src={photo.url!} alt={`${photoKindLabels[photo.kind]} photo`} style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 6, display: 'block' }} />
            </a>
            <Text size="sm">{photoKindLabels[photo.kind]}</Text>
          </Stack>
        ))}
      </Columns>
    </Card>
  );
}
