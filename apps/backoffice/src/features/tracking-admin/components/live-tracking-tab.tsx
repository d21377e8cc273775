import { useState } from 'react';
import { Button, Card, Checkbox, getRadius, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { arrivalProgress, businessDate, tracking, type Technician, type TrackingRecord } from '@repo/contracts';
import { Columns, errorMessage, showToast } from '@repo/ui';
import { useTechnicians } from '../api/technicians.ts';
import { useAllowStartToday, useTrackingPage } from '../api/tracking.ts';
import { useBusinessDay } from '../../../lib/business-day.ts';
import { DayPicker } from '../../../lib/day-picker.tsx';
import { formatBusinessDateTime, formatCalendarDay } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { formatCoordinates, formatDistanceToHome, homePosition } from '../lib/format.ts';
import { fallbackPoll } from '../lib/live-updates.ts';
import { Facts } from '../../../components/facts.tsx';
import { Pager } from '../../../components/pager.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';

const pageSize = 10;

/**
 * A job dated another day moves on the technician's phone only once the office allows it today: the button that
 * does, or who allowed it. Nothing for a job of today.
 */
function AllowToday({ record, technicianName }: { record: TrackingRecord; technicianName: string }) {
  const allow = useAllowStartToday();
  const today = businessDate();
  const dated = businessDate(new Date(record.scheduledStart));
  if (dated === today || record.status === 'completed' || record.closed !== null) return null;
  if (record.startAllowed?.day === today) return <Text size="sm">{`Allowed today by ${record.startAllowed.by}: its technician can start it now.`}</Text>;
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{`Dated ${formatCalendarDay(dated)}: its technician can start it today once you allow it.`}</Text>
      <Button
        variant="default"
        size="sm"
        loading={allow.isPending}
        aria-label={`Allow starting today: appointment #${record.appointmentId}, ${technicianName}`}
        onClick={() =>
          allow.mutate(record.appointmentId, {
            onSuccess: () => showToast({ title: 'Allowed today', description: `${technicianName} can start appointment #${record.appointmentId} today.` }),
            onError: (error) => showToast({ title: 'Not allowed', description: errorMessage(error, 'The job could not be allowed today. Try again.'), variant: 'destructive' }),
          })
        }
      >
        Allow starting today
      </Button>
      {allow.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {errorMessage(allow.error, 'The job could not be allowed today. Try again.')}
        </Text>
      ) : null}
    </Stack>
  );
}

function TrackingCard({ record, technician }: { record: TrackingRecord; technician: Technician | undefined }) {
  const headingId = `live-tracking-${record.appointmentId}`;
  const { lat, lng, address } = record.customerLocation;
  // The customer's tracking page's rule and clock (contracts' `arrivalProgress`), so the two never disagree.
  const progress = arrivalProgress(record, useNow(5_000).getTime());
  const eta = formatBusinessDateTime(record.estimatedArrival);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h5" id={headingId}>
            Appointment #{record.appointmentId}
          </Title>
          <StatusBadge status={record.status} />
        </Group>
        <Facts
          items={[
            ['Technician', technician?.name ?? record.technicianId],
            ['Customer location', address],
            ['Coordinates', lat !== null && lng !== null ? formatCoordinates(lat, lng) : 'Not available'],
            ['Home position', homePosition(record.customerLocation)],
            ['ETA', record.estimatedArrivalSource === 'live' ? eta : `${eta} (scheduled)`],
            ['Distance', formatDistanceToHome(record.distanceToCustomer, record.customerLocation) ?? 'Calculating...'],
          ]}
        />
        <div>
          <Group justify="space-between" mb={4}>
            <Text size="sm" c="dimmed">
              Progress
            </Text>
            <Text size="sm" fw={600}>
              {progress}%
            </Text>
          </Group>
          {/* The rounding as Progress's variable: Progress.Root would also write a `radius` prop onto its div as an attribute. */}
          <Progress.Root size="lg" style={{ '--progress-radius': getRadius('xl') }}>
            <Progress.Section value={progress} aria-label={`Progress of appointment #${record.appointmentId}`} />
          </Progress.Root>
        </div>
        <AllowToday record={record} technicianName={technician?.name ?? record.technicianId} />
      </Stack>
    </Card>
  );
}

/**
 * Live Tracking: the visits of one business day not yet completed (today unless the dispatcher picks another day), or
 * every open visit of any day, with where the customer is (and how precisely: a ZIP's or a town's centre is marked
 * approximate, its distance "about"), the ETA and progress.
 */
export function LiveTrackingTab({ live }: { live: boolean }) {
  const days = useBusinessDay();
  const [anyDay, setAnyDay] = useState(false);
  const [page, setPage] = useState(1);
  const records = useTrackingPage({ date: anyDay ? undefined : days.day, page, pageSize }, fallbackPoll(live, tracking.pollTrackingListMs));
  const technicians = useTechnicians(fallbackPoll(live, tracking.pollTechniciansMs));
  // Another day, or every day, starts at its first page.
  const chooseDay = (day: string) => {
    days.choose(day);
    setPage(1);
  };
  const empty = anyDay
    ? 'No technician is on a job right now. Assign one on the Appointments tab to start tracking.'
    : `No open job ${days.isToday ? 'today' : `on ${formatCalendarDay(days.day)}`}. Assign one on the Appointments tab to start tracking, or show every open job.`;
  return (
    <Stack gap="md">
      <Checkbox
        label="Every open job, whatever its day"
        checked={anyDay}
        onChange={(event) => {
          setAnyDay(event.currentTarget.checked);
          setPage(1);
        }}
      />
      {anyDay ? null : <DayPicker label="Jobs on" days={{ ...days, choose: chooseDay }} />}
      <QueryStates query={records} what="live tracking" empty={empty} isEmpty={(data) => data.items.length === 0}>
        {(data) => (
          <Stack gap="md">
            <Columns cols={{ base: 1, sm: 2, lg: 3 }}>
              {data.items.map((record) => (
                <TrackingCard key={record.appointmentId} record={record} technician={technicians.data?.find((technician) => technician.id === record.technicianId)} />
              ))}
            </Columns>
            <Pager label="Live tracking pages" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </Stack>
        )}
      </QueryStates>
    </Stack>
  );
}
