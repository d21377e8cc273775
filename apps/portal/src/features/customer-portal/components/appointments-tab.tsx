import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { businessDate, shownAppointmentStatus, type Appointment } from '@repo/contracts';
import { AppAnchor, Columns } from '@repo/ui';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { WaitingForPartsBadge, WaitingForPartsNotice } from '../../../components/waiting-for-parts.tsx';
import { paths, webPaths } from '../../../config/paths.ts';
import { formatDate, formatTimeSlot } from '../../../lib/dates.ts';
import { useAppointments } from '../../../lib/api/appointments.ts';
import { inHistoryOrder } from '../lib/appointment-order.ts';
import { EmptyList, ListStates } from './list-states.tsx';

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {`${label}:`}
      </Text>{' '}
      {children}
    </Text>
  );
}

/** Today's visit stands out by a thicker brand border and, for whoever does not see colour, the word Today. */
function AppointmentCard({ appointment, today }: { appointment: Appointment; today: boolean }) {
  const headingId = `appointment-${appointment.id}`;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-labelledby={headingId}
      data-today={today || undefined}
      style={today ? { borderWidth: 2, borderColor: 'var(--mantine-color-brand-7)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={3} size="h4" id={headingId}>
            {`${appointment.brand} ${appointment.appliance}`}
          </Title>
          <Text size="sm" c="dimmed">{`Appointment #${appointment.id}`}</Text>
        </div>
        <Group gap="xs">
          {today ? (
            <Badge variant="filled" color="brand.7" tt="none" radius="sm">
              Today
            </Badge>
          ) : null}
          <StatusBadge status={shownAppointmentStatus(appointment)} />
          {appointment.waitingForParts ? <WaitingForPartsBadge /> : null}
        </Group>
      </Group>
      <Columns cols={{ base: 1, xs: 2 }} spacing={4} mt="sm">
        <Fact label="Date">{formatDate(appointment.appointmentDate)}</Fact>
        <Fact label="Time">{formatTimeSlot(appointment.timeSlot)}</Fact>
        <Fact label="Service">{appointment.serviceType}</Fact>
        {appointment.totalCost ? <Fact label="Cost">{`$${appointment.totalCost}`}</Fact> : null}
      </Columns>
      {appointment.waitingForParts ? <WaitingForPartsNotice waiting={appointment.waitingForParts} mt="sm" /> : null}
      {appointment.description ? <Text mt="sm">{appointment.description}</Text> : null}
      {appointment.technicianNotes ? (
        <Text size="sm" mt="xs">
          <Text span fw={600}>
            Technician notes:
          </Text>{' '}
          {appointment.technicianNotes}
        </Text>
      ) : null}
      <AppAnchor href={paths.appointment(appointment.id)} fw={600} mt="sm" display="inline-block">
        {`View appointment #${appointment.id}`}
      </AppAnchor>
    </Card>
  );
}

/**
 * Appointments tab: each card opens the appointment's own page (calendar, reschedule, cancel, pay, track). Upcoming
 * visits first, soonest first, then past ones, newest first; today's is marked.
 */
export function AppointmentsTab() {
  const appointments = useAppointments();
  const today = businessDate();
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Appointment History
      </Title>
      <ListStates query={appointments} what="appointments">
        {(items) =>
          items.length === 0 ? (
            <EmptyList
              message="You have no appointments yet."
              action={
                <Anchor href={webPaths.bookAppointment} fw={600}>
                  Book Appointment
                </Anchor>
              }
            />
          ) : (
            inHistoryOrder(items, today).map((appointment) => (
              <AppointmentCard key={appointment.id} appointment={appointment} today={appointment.appointmentDate === today} />
            ))
          )
        }
      </ListStates>
    </Stack>
  );
}
