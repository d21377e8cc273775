import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { approximateHomeNote, type TrackingRecord } from '@repo/contracts';
import { Fact } from '../../../components/fact.tsx';
import { formatDayTime } from '../../../lib/dates.ts';
import type { LiveStatus } from '../api/live.ts';
import { approximately, formatDistance, formatEta } from '../lib/arrival.ts';
import { technicianPlace } from '../lib/map.ts';
import { LiveIndicator } from './live-indicator.tsx';
import { LiveMap } from './live-map.tsx';

const calculating = 'Calculating...';

export type LocationCardProps = {
  record: TrackingRecord;
  /** The live connection's state; undefined once the visit is over (nothing is followed). */
  live: LiveStatus | undefined;
  technicianName: string | undefined;
  /** A Refresh the visitor asked for is under way (live and timed refetches do not change the button). */
  refreshing: boolean;
  onRefresh: () => void;
};

/**
 * Live Location Tracking: the connection indicator, the map, the technician's position, distance and ETA
 * ('Calculating...' while unknown) and Refresh. When the home position is only the centre of the customer's ZIP code or
 * town, the card says so and gives distance and ETA as "about". No directions: the place the technician is driving to
 * is the customer's own home, where the reader of this page is waiting.
 */
export function LocationCard({ record, live, technicianName, refreshing, onRefresh }: LocationCardProps) {
  const { location } = record;
  const approximateHome = approximateHomeNote(record.customerLocation);
  const measured = (value: string | undefined) => (value === undefined ? calculating : approximateHome ? approximately(value) : value);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="location-heading">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={2} size="h4" id="location-heading">
          Live Location Tracking
        </Title>
        {live ? <LiveIndicator status={live} /> : null}
      </Group>
      <LiveMap record={record} technicianName={technicianName} />
      <Stack component="dl" gap="sm" mt="md" mb={0}>
        <Fact label="Technician location">{location ? technicianPlace(location) : calculating}</Fact>
        <Fact label="Distance">{measured(formatDistance(record.distanceToCustomer))}</Fact>
        <Fact label="ETA">{measured(formatEta(record.estimatedTimeToArrival))}</Fact>
      </Stack>
      {approximateHome ? (
        <Text size="sm" mt="xs">
          {approximateHome}
        </Text>
      ) : null}
      {location ? (
        <Text size="xs" c="dimmed" mt="xs">
          {`Position updated ${formatDayTime(location.lastUpdated)}`}
        </Text>
      ) : null}
      <Group gap="sm" mt="lg">
        {/* Not disabled while busy: a disabled button would drop the keyboard focus. */}
        <Button variant="default" onClick={refreshing ? undefined : onRefresh} aria-busy={refreshing}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
      </Group>
    </Card>
  );
}
