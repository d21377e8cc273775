import { useMemo } from 'react';
import { Box, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { ErrorState, lazyPart, LoadingState, SpanGrid } from '@repo/ui';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatBusinessTime, formatCalendarDay } from '../../../lib/format.ts';
import { useDayRoutes } from '../api/board.ts';
import { dayHasSomething, dayMapScene, type MapRoute } from '../lib/day-map.ts';
import { windowOf } from './route-text.ts';

// Leaflet and its CSS load only when the Map view opens; if they cannot, the list of stops beside it still shows.
const DayMapCanvas = lazyPart(() => import('./day-map-canvas.tsx'), {
  fallback: <LoadingState title="Loading the map..." />,
  failed: 'The map could not be loaded. The stops are listed beside it.',
  minHeight: 240,
});

/** The technician's letter on their colour, as their markers show it, with a stroke of their route line. */
function RouteKey({ route }: { route: MapRoute }) {
  return (
    <Group gap={6} wrap="nowrap" aria-hidden="true">
      <Box
        w={26}
        h={26}
        style={{ background: route.color, color: '#fff', borderRadius: 6, display: 'grid', placeItems: 'center', fontWeight: 700, fontSize: 13, flexShrink: 0 }}
      >
        {route.key}
      </Box>
      <Box w={22} h={4} style={{ background: route.color, borderRadius: 2, flexShrink: 0 }} />
    </Group>
  );
}

/** One technician in the list beside the map: their key, status, last position and stops in order. */
function RouteEntry({ route }: { route: MapRoute }) {
  const headingId = `map-route-${route.route.technicianId}`;
  const seen = route.route.position;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="map-route" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap="xs" wrap="nowrap" align="center">
        <RouteKey route={route} />
        <Title order={3} size="h5" id={headingId}>
          <VisuallyHidden>{route.key}:</VisuallyHidden> {route.route.name}
        </Title>
      </Group>
      <Group gap="xs" mt={4}>
        <StatusBadge status={route.route.status} />
        <Text size="xs" c="dark.6">
          {seen ? `Seen ${formatBusinessTime(seen.lastUpdated)}${seen.address ? ` near ${seen.address}` : ''}` : 'No position yet'}
        </Text>
      </Group>
      {route.stops.length === 0 ? (
        <Text size="sm" mt={4}>
          No visits this day.
        </Text>
      ) : (
        <Stack component="ol" gap={4} mt={4} mb={0} pl={0} style={{ listStyle: 'none' }}>
          {route.stops.map((stop) => (
            <li key={stop.visit.appointmentId}>
              <Text size="sm">
                <Text span fw={700}>
                  {route.key}
                  {stop.number}
                </Text>{' '}
                · {windowOf(stop.visit)} · {stop.visit.customerName}, {stop.visit.address}
                {stop.point ? '' : ' (not on the map: the address could not be placed)'}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * The Map view: every technician's last position and every visit of the day, each technician's visits joined in
 * order in their colour. Beside the map (below it on narrow screens) the same in words: each technician with their
 * letter, and their stops in order, so nothing depends on seeing the map or telling colours apart. Positions arrive
 * live: the board's live feed makes the day's routes stale when a technician moves.
 */
export function DayMap({ day, pollMs }: { day: string; pollMs: number }) {
  const routes = useDayRoutes(day, pollMs);
  const scene = useMemo(() => (routes.data ? dayMapScene(routes.data) : undefined), [routes.data]);
  if (routes.isError) {
    return <ErrorState title="Unable to load the map" description="We're having trouble loading the day's visits and positions right now." onRetry={() => void routes.refetch()} />;
  }
  if (!routes.data || !scene) return <LoadingState title="Loading the map..." />;
  if (!dayHasSomething(routes.data)) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Text>No visits and no technician positions on {formatCalendarDay(routes.data.date)}.</Text>
      </Paper>
    );
  }
  const visits = scene.routes.reduce((sum, route) => sum + route.stops.length, 0);
  const unplaced = scene.routes.reduce((sum, route) => sum + route.stops.filter((stop) => !stop.point).length, 0);
  const label = `Map of ${formatCalendarDay(routes.data.date)}: technicians and their visits`;
  return (
    <SpanGrid gutter="md">
      <SpanGrid.Col span={{ base: 12, lg: 8 }}>
        <DayMapCanvas scene={scene} label={label} />
      </SpanGrid.Col>
      <SpanGrid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap={4}>
          <Title order={2} size="h4">
            Technicians and their stops
          </Title>
          <Text size="sm">
            {visits} {visits === 1 ? 'visit' : 'visits'} on {formatCalendarDay(routes.data.date)}
            {unplaced > 0 ? `, ${unplaced} not on the map` : ''}. Each technician has a letter; their stops are numbered in order (A1, A2…) and joined by a
            line in their colour.
          </Text>
          {scene.routes.map((route) => (
            <RouteEntry key={route.route.technicianId} route={route} />
          ))}
        </Stack>
      </SpanGrid.Col>
    </SpanGrid>
  );
}
