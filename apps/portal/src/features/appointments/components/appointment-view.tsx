import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { business, shownAppointmentStatus, type AppointmentDetails } from '@repo/contracts';
import { Columns, responsiveSpacing } from '@repo/ui';
import { AppointmentHeading } from '../../../components/appointment-heading.tsx';
import { Fact } from '../../../components/fact.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { WaitingForPartsBadge, WaitingForPartsNotice } from '../../../components/waiting-for-parts.tsx';
import { formatArrivalWindow, formatDate, formatTimeSlot } from '../../../lib/dates.ts';
import { AppointmentLinks } from './appointment-links.tsx';
import { VisitPhotos } from './visit-photos.tsx';
import { CancelAppointment } from './cancel-appointment.tsx';
import { RescheduleForm } from './reschedule-form.tsx';

// The estimate (and its signature pad) loads apart from the page: answered with the customer's own session, read and
// downloaded with the manage link too.
const AppointmentEstimate = lazy(() => import('./appointment-estimate.tsx'));

/** Why the appointment can no longer be changed online, and the phone number that can. */
function ChangeBlocked({ reason }: { reason: string | undefined }) {
  return (
    <Alert color="gray" variant="light" title="Changes by phone">
      <Text size="sm">{reason ?? 'This appointment can no longer be changed online.'}</Text>
      <Anchor href={`tel:${business.phoneTel}`} fw={600} size="sm" mt={4} display="inline-block">
        {`Call ${business.phoneDisplay}`}
      </Anchor>
    </Alert>
  );
}

/**
 * One appointment: status and arrival window, details, calendar/pay/track links, then reschedule and cancel while
 * changes are still possible online. After a change, focus moves to the status line so the new state is read out.
 */
export function AppointmentView({ details, accessToken }: { details: AppointmentDetails; accessToken: string | undefined }) {
  const { appointment } = details;
  const statusLine = useRef<HTMLDivElement>(null);
  const [changes, setChanges] = useState(0);

  useEffect(() => {
    if (changes > 0) statusLine.current?.focus();
  }, [changes]);

  // The heading and the arrival window first; the estimate, photos, links and the change forms (the calendar's many
  // buttons) just after, in a deferred render made in short tasks, so the page shows sooner and never stops responding.
  // They come below what is shown first, so nothing shown moves.
  const showRest = useDeferredValue(true, false);

  const changed = () => setChanges((count) => count + 1);
  const address = `${appointment.address}, ${appointment.city}, ${appointment.state} ${appointment.zipCode}`;

  return (
    <Container size="md" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <AppointmentHeading
          appointmentId={appointment.id}
          title={`${appointment.brand} ${appointment.appliance} – ${appointment.serviceType}`}
          viaLink={accessToken !== undefined}
        >
          <Group ref={statusLine} tabIndex={-1} gap="xs" mt="xs" data-testid="appointment-status">
            <Text span>Status:</Text>
            <StatusBadge status={shownAppointmentStatus(appointment)} />
            {appointment.waitingForParts ? <WaitingForPartsBadge /> : null}
          </Group>
        </AppointmentHeading>

        {appointment.waitingForParts ? <WaitingForPartsNotice waiting={appointment.waitingForParts} /> : null}

        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="arrival-heading">
          <Title order={2} size="h4" id="arrival-heading">
            Arrival window
          </Title>
          <Text mt={4} fw={600}>
            {formatArrivalWindow(details.startsAt, details.endsAt)}
          </Text>
          <Text size="sm" c="dimmed">
            {`${formatDate(appointment.appointmentDate)}, ${formatTimeSlot(appointment.timeSlot)} (Eastern time)`}
          </Text>
          <Columns component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" mt="md" mb={0}>
            <Fact label="Service">{appointment.serviceType}</Fact>
            <Fact label="Appliance">{`${appointment.brand} ${appointment.appliance}`}</Fact>
            <Fact label="Address">{address}</Fact>
            <Fact label="Confirmation code">{appointment.confirmationCode}</Fact>
            {appointment.totalCost ? <Fact label="Cost">{`$${appointment.totalCost}`}</Fact> : null}
            {appointment.description ? <Fact label="Description">{appointment.description}</Fact> : null}
            {appointment.technicianNotes ? <Fact label="Technician notes">{appointment.technicianNotes}</Fact> : null}
          </Columns>
        </Card>

        {showRest ? <AppointmentMore details={details} accessToken={accessToken} onChanged={changed} /> : null}
      </Stack>
    </Container>
  );
}

/** What follows the arrival window: the estimate, the photos, the links, and changing or cancelling the visit. */
function AppointmentMore({ details, accessToken, onChanged }: { details: AppointmentDetails; accessToken: string | undefined; onChanged: () => void }) {
  const { appointment, canChange } = details;
  return (
    <>
      <Suspense fallback={null}>
        <AppointmentEstimate appointmentId={appointment.id} accessToken={accessToken} />
      </Suspense>

      <VisitPhotos appointmentId={appointment.id} accessToken={accessToken} />

      <AppointmentLinks details={details} accessToken={accessToken} />

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="change-heading">
        <Title order={2} size="h4" id="change-heading">
          Change this appointment
        </Title>
        {canChange ? (
          <Stack gap="lg" mt="md">
            <Text size="sm" c="dimmed">
              {`Changes are possible online until ${details.changeCutoffHours} hours before the start; after that, please call us.`}
            </Text>
            <RescheduleForm appointment={appointment} accessToken={accessToken} onChanged={onChanged} />
            <CancelAppointment appointment={appointment} accessToken={accessToken} onChanged={onChanged} />
          </Stack>
        ) : (
          <Stack mt="md">
            <ChangeBlocked reason={details.changeBlockedReason} />
          </Stack>
        )}
      </Card>
    </>
  );
}
