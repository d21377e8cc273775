import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';
import type { TrackingMapProps } from './tracking-map.tsx';

// Leaflet and its CSS are a chunk of their own, asked for only once a visit is on screen (after the first paint).
const loadMap = () => import('./tracking-map.tsx');
const TrackingMap = lazy(loadMap);

const placeholderStyle = { borderRadius: 'var(--mantine-radius-md)' } as const;

/** The map's placeholder, while the tracking data or the map's code is on its way. */
export function MapPlaceholder() {
  return (
    <Center mt="md" h={280} bg="gray.1" style={placeholderStyle} data-testid="map-placeholder">
      <Text c="dimmed">Loading map...</Text>
    </Center>
  );
}

/**
 * The map's code failed to load (a dropped connection, a deploy since the page opened): the rest of the card still
 * works, and Try again asks for the code again (a failed lazy component stays failed, so a new one is made).
 */
class MapLoadBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center mt="md" h={280} bg="gray.1" style={placeholderStyle}>
        <Stack gap="xs" align="center">
          <Text c="dimmed">The map could not be loaded.</Text>
          <Button
            variant="default"
            size="xs"
            onClick={() => {
              this.setState({ failed: false });
              this.props.onRetry();
            }}
          >
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
}

/** The live map: technician and customer markers with popups, and the route, from the record's real positions only. */
export function LiveMap(props: TrackingMapProps) {
  const [MapView, setMapView] = useState(() => TrackingMap);
  return (
    <MapLoadBoundary onRetry={() => setMapView(() => lazy(loadMap))}>
      <Suspense fallback={<MapPlaceholder />}>
        <MapView {...props} />
      </Suspense>
    </MapLoadBoundary>
  );
}
