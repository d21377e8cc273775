import { Button, Card, Center, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { tracking as constants, type TrackingRecord } from '@repo/contracts';
import { Fact } from '../../../components/fact.tsx';
import { formatDayTime } from '../../../lib/dates.ts';
import { directionsAddress, formatDistance, formatEta } from '../lib/arrival.ts';

const calculating = 'Calculating...';

/** Where the technician is: the address they reported, else their coordinates (4 decimals, as the spec shows them). */
function technicianPlace(location: NonNullable<TrackingRecord['location']>): string {
  return location.address ?? `${location.lat.toFixed(constants.coordinateDecimals)}, ${location.lng.toFixed(constants.coordinateDecimals)}`;
}

/**
 * Live Location Tracking: the technician's position, distance and ETA ('Calculating...' while unknown), Refresh and
 * Get Directions. The map comes with the live updates; until a position exists its area shows the spec's placeholder.
 */
export function LocationCard({ record, refreshing, onRefresh }: { record: TrackingRecord; refreshing: boolean; onRefresh: () => void }) {
  const { location } = record;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="location-heading">
      <Title order={2} size="h4" id="location-heading">
        Live Location Tracking
      </Title>
      {location === null ? (
        <Center mt="md" h={180} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }} data-testid="map-placeholder">
          <Text c="dimmed">Loading map...</Text>
        </Center>
      ) : null}
      <Stack component="dl" gap="sm" mt="md" mb={0}>
        <Fact label="Technician location">{location ? technicianPlace(location) : calculating}</Fact>
        <Fact label="Distance">{formatDistance(record.distanceToCustomer) ?? calculating}</Fact>
        <Fact label="ETA">{formatEta(record.estimatedTimeToArrival) ?? calculating}</Fact>
      </Stack>
      {location ? (
        <Text size="xs" c="dimmed" mt="xs">
          {`Position updated ${formatDayTime(location.lastUpdated)}`}
        </Text>
      ) : null}
      <Group gap="sm" mt="lg">
        <Button variant="default" onClick={onRefresh} disabled={refreshing}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
        <Button component="a" href={directionsAddress(record.customerLocation.address)} target="_blank" rel="noopener noreferrer" variant="light">
          Get Directions
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Button>
      </Group>
    </Card>
  );
}
