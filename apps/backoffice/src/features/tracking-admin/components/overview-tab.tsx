import { Alert, Anchor, Card, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { businessDate, tracking } from '@repo/contracts';
import { Columns } from '@repo/ui';
import { useAppointmentsPage } from '../api/appointments.ts';
import { useServiceHealth, type ServiceHealth } from '../api/deliveries.ts';
import { useFailedMessages } from '../api/failed-messages.ts';
import { useTechnicians } from '../api/technicians.ts';
import { useTrackingPage } from '../api/tracking.ts';
import { overviewAlerts } from '../lib/alerts.ts';
import { formatBusinessDateTime, formatBusinessDay } from '../../../lib/format.ts';
import { fallbackPoll } from '../lib/live-updates.ts';
import { isActiveTechnician } from '../../../lib/status.ts';
import { useNow } from '../../../lib/use-now.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';

/** Alerts look at up to this many of today's appointments (the most the list gives in one page). */
const alertAppointmentsPageSize = 100;
/** Alerts look at up to this many open tracking records (the most tracking's list gives in one page). */
const alertTrackingPageSize = 100;

function StatCard({ title, value, detail }: { title: string; value: string; detail?: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Text size="sm" c="dimmed" fw={600}>
        {title}
      </Text>
      <Text fz={28} fw={800} lh={1.2} mt={4}>
        {value}
      </Text>
      {detail ? (
        <Text size="sm" c="dimmed" mt={2}>
          {detail}
        </Text>
      ) : null}
    </Card>
  );
}

const unavailable = 'Unavailable';

function systemStatus(health: readonly ServiceHealth[]): { value: string; detail: string } {
  if (health.some((service) => service.state === 'pending')) return { value: 'Checking...', detail: 'Asking every service' };
  const down = health.filter((service) => service.state === 'down').map((service) => service.service);
  if (down.length === 0) return { value: 'Online', detail: 'Every service is answering' };
  return { value: down.length === health.length ? 'Offline' : 'Degraded', detail: `Unreachable: ${down.join(', ')}` };
}

/** Overview: the counts, the real System Status, Recent Activity (up to 5 active visits) and Alerts. */
export function OverviewTab({ live }: { live: boolean }) {
  const now = useNow(60_000);
  const today = businessDate(now);
  const technicians = useTechnicians(fallbackPoll(live, tracking.pollTechniciansMs));
  // One page of the open visits: Recent Activity shows the first few, and the alerts look at each (the most the list
  // gives in one page: a day's visits, not more).
  const activeTracking = useTrackingPage({ page: 1, pageSize: alertTrackingPageSize }, fallbackPoll(live, tracking.pollTrackingListMs));
  const appointments = useAppointmentsPage(today, 1, alertAppointmentsPageSize, fallbackPoll(live, tracking.pollAppointmentsMs));
  const health = useServiceHealth();
  const failedMessages = useFailedMessages();
  const status = systemStatus(health);

  const activeTechnicians = technicians.data ? String(technicians.data.filter(isActiveTechnician).length) : technicians.isError ? unavailable : '…';
  const alerts =
    technicians.data && appointments.data ? overviewAlerts({ technicians: technicians.data, appointments: appointments.data.items, health, failedMessages: failedMessages.data, tracking: activeTracking.data?.items, now }) : undefined;

  return (
    <Stack gap="lg">
      <Columns cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard title="Active Technicians" value={activeTechnicians} detail={technicians.data ? `of ${technicians.data.length} technicians` : undefined} />
        <StatCard
          title="Active Tracking"
          value={activeTracking.data ? String(activeTracking.data.total) : activeTracking.isError ? unavailable : '…'}
          detail="Visits not yet completed"
        />
        <StatCard
          title="Today's Appointments"
          value={appointments.data ? String(appointments.data.total) : appointments.isError ? unavailable : '…'}
          detail={formatBusinessDay(now)}
        />
        <StatCard title="System Status" value={status.value} detail={status.detail} />
      </Columns>
      <Columns cols={{ base: 1, md: 2 }}>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="recent-activity-heading">
          <Title order={2} size="h4" id="recent-activity-heading" mb="sm">
            Recent Activity
          </Title>
          {activeTracking.data ? (
            activeTracking.data.items.length === 0 ? (
              <Text>No active tracking right now.</Text>
            ) : (
              <List listStyleType="none" p={0} m={0} spacing="sm">
                {activeTracking.data.items.slice(0, tracking.recentActivityItems).map((record) => (
                  <List.Item key={record.appointmentId}>
                    {/* Spans throughout: Mantine writes a list item's content into a span. */}
                    <Stack gap={2} component="span">
                      <Text span fw={600}>
                        Appointment #{record.appointmentId}
                      </Text>
                      <Text span size="sm">
                        ETA {formatBusinessDateTime(record.estimatedArrival)}
                      </Text>
                      <span>
                        <StatusBadge status={record.status} />
                      </span>
                    </Stack>
                  </List.Item>
                ))}
              </List>
            )
          ) : (
            <Text role={activeTracking.isError ? 'alert' : 'status'}>
              {activeTracking.isError ? 'Recent activity could not be loaded.' : 'Loading recent activity...'}
            </Text>
          )}
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="alerts-heading">
          <Title order={2} size="h4" id="alerts-heading" mb="sm">
            Alerts
          </Title>
          {alerts === undefined ? (
            <Text role={technicians.isError || appointments.isError ? 'alert' : 'status'}>
              {technicians.isError || appointments.isError ? 'Alerts could not be worked out: some data did not load.' : 'Checking for alerts...'}
            </Text>
          ) : alerts.length === 0 ? (
            <Text>No alerts</Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {alerts.map((alert) => (
                <li key={alert.id}>
                  <Alert variant="light" role="note" color={alert.severity === 'danger' ? 'red' : 'yellow'} p="xs">
                    <Text size="sm" c="dark.8">
                      {alert.message}
                      {alert.link ? (
                        <>
                          {' '}
                          <Anchor component={Link} to={alert.link.href} size="sm" c="dark.9" underline="always">
                            {alert.link.label}
                          </Anchor>
                        </>
                      ) : null}
                    </Text>
                  </Alert>
                </li>
              ))}
            </Stack>
          )}
        </Paper>
      </Columns>
    </Stack>
  );
}
