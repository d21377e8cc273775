import { Alert, Container, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TechnicianView, TrackingRecord } from '@repo/contracts';
import type { LiveStatus } from '../api/live.ts';
import { AppAnchor, Columns, responsiveSpacing, SpanGrid } from '@repo/ui';
import { AppointmentHeading } from '../../../components/appointment-heading.tsx';
import { paths } from '../../../config/paths.ts';
import { isOnTheWay } from '../lib/arrival.ts';
import { ArrivalCard } from './arrival-card.tsx';
import { CompletedVisitCard } from './completed-visit-card.tsx';
import { LocationCard } from './location-card.tsx';
import { ScheduledVisitCard } from './scheduled-visit-card.tsx';
import { ServiceDetailsCard } from './service-details-card.tsx';
import { ServiceTimeline } from './service-timeline.tsx';
import { TechnicianCard } from './technician-card.tsx';

const closedMessages = {
  cancelled: { title: 'Appointment cancelled', message: 'This appointment was cancelled, so there is no technician to track.' },
  unassigned: {
    title: 'No technician assigned',
    message: 'The technician was taken off this appointment. Tracking opens here again once another technician is assigned.',
  },
} as const;

/**
 * The page's title follows the visit: scheduled until the technician sets off (the visit may be days away), 'Your
 * Technician is On The Way' while they are, then what is true, so the title never contradicts the status badge.
 */
const trackingHeadings: Record<TrackingRecord['status'], string> = {
  dispatched: 'Your Visit Is Scheduled',
  'en-route': 'Your Technician is On The Way',
  arrived: 'Your Technician Has Arrived',
  'in-progress': 'Your Repair Is Under Way',
  completed: 'Your Service Is Complete',
};

/**
 * The latest thing that happened, as the customer reads it ("Technician dispatched"), under the title; left out when
 * it only says the title again ("Your technician is on the way" under "Your Technician is On The Way").
 */
function latestNews(record: TrackingRecord, title: string): string | undefined {
  const news = record.notifications.at(-1)?.message;
  return news && news.toLowerCase() !== title.toLowerCase() ? news : undefined;
}

export type TrackingViewProps = {
  record: TrackingRecord;
  technician: UseQueryResult<TechnicianView>;
  accessToken: string | undefined;
  live: LiveStatus | undefined;
  refreshing: boolean;
  onRefresh: () => void;
};

/**
 * The tracking page of one appointment: its cards, or, for a closed visit, why there is nothing to track. Live
 * Location Tracking (the map, position, distance and ETA) only while the technician is on the way; before, the
 * scheduled window and who is coming; after, the arrival; once complete, a summary of the visit and what comes next.
 */
export function TrackingView({ record, technician, accessToken, live, refreshing, onRefresh }: TrackingViewProps) {
  const appointmentId = Number(record.appointmentId);
  const closed = record.closed ? closedMessages[record.closed.reason] : undefined;
  const technicianCard = <TechnicianCard technician={technician} appointmentId={appointmentId} accessToken={accessToken} />;
  const title = closed ? closed.title : trackingHeadings[record.status];
  const news = closed ? undefined : latestNews(record, title);
  return (
    <Container size="lg" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <AppointmentHeading appointmentId={appointmentId} title={title} viaLink={accessToken !== undefined}>
          {news ? <Text c="dimmed">{news}</Text> : null}
        </AppointmentHeading>
        {closed ? (
          <>
            <Alert color="gray" variant="light" title="Nothing to track">
              <Text size="sm">{closed.message}</Text>
            </Alert>
            <ServiceDetailsCard record={record} />
          </>
        ) : record.status === 'completed' ? (
          <>
            <CompletedVisitCard record={record} technician={technician} accessToken={accessToken} />
            <ServiceTimeline record={record} />
          </>
        ) : isOnTheWay(record) ? (
          <>
            {/* The live map, distance and ETA first, then the countdown and who is coming: on a phone they are what
                the customer opened the page for, above the visit's details. */}
            <SpanGrid gutter="lg">
              <SpanGrid.Col span={{ base: 12, md: 7 }}>
                <LocationCard record={record} live={live} technicianName={technician.data?.name} refreshing={refreshing} onRefresh={onRefresh} />
              </SpanGrid.Col>
              <SpanGrid.Col span={{ base: 12, md: 5 }}>
                <Stack gap="lg">
                  <ArrivalCard record={record} />
                  {technicianCard}
                </Stack>
              </SpanGrid.Col>
            </SpanGrid>
            <ServiceDetailsCard record={record} />
            <ServiceTimeline record={record} />
          </>
        ) : (
          <>
            <Columns cols={{ base: 1, md: 2 }} spacing="lg">
              {record.status === 'dispatched' ? <ScheduledVisitCard record={record} /> : <ArrivalCard record={record} />}
              {technicianCard}
            </Columns>
            <ServiceDetailsCard record={record} />
            <ServiceTimeline record={record} />
          </>
        )}
        {accessToken ? null : (
          <AppAnchor href={paths.appointment(appointmentId)} size="sm">
            See this appointment
          </AppAnchor>
        )}
      </Stack>
    </Container>
  );
}
