import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TechnicianRoute } from '@repo/contracts';
import { ErrorState, LoadingState } from '@repo/ui';
import { Notice } from '../../../components/notice.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatBusinessTime, formatCalendarDay } from '../../../lib/format.ts';
import { useDayRoutes } from '../api/board.ts';
import { legText, windowOf } from './route-text.ts';

function TechnicianRouteCard({ route }: { route: TechnicianRoute }) {
  const headingId = `route-${route.technicianId}`;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {route.name}
        </Title>
        <Stack gap={2} align="start">
          <StatusBadge status={route.status} />
          {route.position ? (
            <Text size="xs" c="dark.6">
              Seen {formatBusinessTime(route.position.lastUpdated)}
              {route.position.address ? ` near ${route.position.address}` : ''}
            </Text>
          ) : null}
        </Stack>
        {route.visits.length === 0 ? (
          <Text size="sm">No visits this day.</Text>
        ) : (
          <Stack component="ol" gap="xs" m={0} pl="lg">
            {route.visits.map((visit, index) => (
              <li key={visit.appointmentId}>
                <Text size="sm" fw={700}>
                  {windowOf(visit)} · {visit.customerName}
                </Text>
                <Text size="sm">
                  {visit.brand} {visit.appliance}, {visit.address}
                </Text>
                <Text size="xs" c="dark.6">
                  {legText(visit, index)}
                </Text>
                {visit.travelConflict ? (
                  <Notice color="red" role="note" title="Travel conflict">
                    {visit.travelConflict}
                  </Notice>
                ) : null}
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The Routes view: each technician's visits of the day in order, how each is reached from the one before, and a
 * travel conflict where a visit cannot be reached within its window (tracking reckons it; see its day-routes call).
 */
export function DayRoutes({ day, pollMs }: { day: string; pollMs: number }) {
  const routes = useDayRoutes(day, pollMs);
  if (routes.isError) {
    return <ErrorState title="Unable to load the routes" description="We're having trouble loading the day's routes right now." onRetry={() => void routes.refetch()} />;
  }
  if (!routes.data) return <LoadingState title="Loading the routes..." />;
  const conflicts = routes.data.technicians.reduce((sum, route) => sum + route.visits.filter((visit) => visit.travelConflict).length, 0);
  return (
    <Stack gap="md">
      <Text size="sm">
        {formatCalendarDay(routes.data.date)}: each visit reckoned at {routes.data.visitMinutes} min, drives by straight line at the usual speed.{' '}
        {conflicts === 0 ? 'No travel conflicts.' : `${conflicts} ${conflicts === 1 ? 'travel conflict' : 'travel conflicts'}.`}
      </Text>
      {routes.data.technicians.map((route) => (
        <TechnicianRouteCard key={route.technicianId} route={route} />
      ))}
    </Stack>
  );
}
