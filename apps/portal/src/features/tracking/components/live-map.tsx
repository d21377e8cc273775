import { Center, Text } from '@mantine/core';
import { lazyPart } from '@repo/ui';
import type { TrackingMapProps } from './tracking-map.tsx';

const placeholderStyle = { borderRadius: 'var(--mantine-radius-md)' } as const;

/** The map's placeholder, while the tracking data or the map's code is on its way. */
export function MapPlaceholder() {
  return (
    <Center mt="md" h={280} bg="gray.1" style={placeholderStyle} data-testid="map-placeholder">
      <Text c="dimmed">Loading map...</Text>
    </Center>
  );
}

// Leaflet and its CSS are a chunk of their own, asked for only once a visit is on screen (after the first paint). When
// it fails to load (a dropped connection, a deploy since the page opened), the rest of the card still works.
const TrackingMap = lazyPart(() => import('./tracking-map.tsx'), { fallback: <MapPlaceholder />, failed: 'The map could not be loaded.', minHeight: 280 });

/** The live map: technician and customer markers with popups, and the route, from the record's real positions only. */
export function LiveMap(props: TrackingMapProps) {
  return <TrackingMap {...props} />;
}
