import { useState } from 'react';
import { Anchor, Card, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { shownAppointmentStatus, tracking, type StaffAppointment, type Technician } from '@repo/contracts';
import { Columns, errorMessage, showToast } from '@repo/ui';
import { useAppointmentsPage, useAssignTechnician } from '../api/appointments.ts';
import { useTechnicians } from '../api/technicians.ts';
import { useBusinessDay } from '../../../lib/business-day.ts';
import { DayPicker } from '../../../lib/day-picker.tsx';
import { formatBusinessDateTime, formatCalendarDay } from '../../../lib/format.ts';
import { fallbackPoll } from '../lib/live-updates.ts';
import { statusLabels } from '../../../lib/status.ts';
import { Facts } from '../../../components/facts.tsx';
import { IntakeFacts } from '../../../components/intake-facts.tsx';
import { JobRecordFacts } from '../../../components/job-record-facts.tsx';
import { AppointmentPhotos } from '../../../components/photos/photos-panel.tsx';
import { paths } from '../../../config/paths.ts';
import { Pager } from '../../../components/pager.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { AppointmentActions } from './appointment-actions.tsx';
import { AppointmentHistory } from './appointment-history.tsx';
import { PartArrived } from './part-arrived.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';

const pageSize = 10;
const unassigned = '';

/** A closed appointment keeps its technician: booking refuses a change, so the dropdown says why instead. */
const closedReason = (appointment: StaffAppointment) =>
  appointment.status === 'cancelled' ? 'Cancelled: reopen it to assign a technician.' : appointment.status === 'completed' ? 'Completed.' : undefined;

/** A technician as the dropdown offers them: name, what they repair, and whether they are free. */
const technicianOption = (technician: Technician) =>
  `${technician.name}${technician.specialties.length > 0 ? ` — ${technician.specialties.join(', ')}` : ''} (${statusLabels[technician.status]})`;

/**
 * What the card says beyond the visit itself: that the customer asked to be called back (a text answering the
 * reminder), who confirmed it and when, or why the office cancelled it.
 */
function officeFacts(appointment: StaffAppointment): [string, string][] {
  const facts: [string, string][] = [];
  if (appointment.callBackRequestedAt) facts.push(['Call back', `Asked by text, ${formatBusinessDateTime(appointment.callBackRequestedAt)}: call the customer`]);
  if (appointment.status === 'confirmed' && appointment.confirmedBy) {
    facts.push(['Confirmed by', `${appointment.confirmedBy}${appointment.confirmedAt ? `, ${formatBusinessDateTime(appointment.confirmedAt)}` : ''}`]);
  }
  if (appointment.status === 'cancelled' && appointment.cancelReason) facts.push(['Cancel reason', appointment.cancelReason]);
  return facts;
}

function AppointmentCard({ appointment, technicians }: { appointment: StaffAppointment; technicians: Technician[] | undefined }) {
  const assign = useAssignTechnician();
  const headingId = `appointment-${appointment.id}`;
  const current = appointment.technicianId ?? unassigned;
  const closed = closedReason(appointment);
  const options = [
    { value: unassigned, label: 'Unassigned' },
    ...(technicians ?? []).filter((technician) => technician.active).map((technician) => ({ value: technician.id, label: technicianOption(technician) })),
  ];
  // The current technician shows as the current choice even when deactivated (kept on the job) or no longer listed.
  if (current !== unassigned && !options.some((option) => option.value === current)) {
    const assigned = technicians?.find((technician) => technician.id === current);
    options.push({ value: current, label: assigned ? `${assigned.name} (deactivated)` : current });
  }

  const choose = (technicianId: string) => {
    const chosen = technicianId === unassigned ? null : technicianId;
    assign.mutate(
      { appointmentId: appointment.id, technicianId: chosen },
      {
        onSuccess: () =>
          showToast(
            chosen
              ? { title: 'Technician assigned successfully', description: `${options.find((option) => option.value === chosen)?.label ?? chosen} is assigned to ${appointment.customerName}.` }
              : { title: 'Technician unassigned', description: `${appointment.customerName}'s appointment has no technician now.` },
          ),
        onError: (error) => showToast({ title: 'Error assigning technician', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h5" id={headingId}>
            {appointment.customerName}
          </Title>
          <StatusBadge status={shownAppointmentStatus(appointment)} />
        </Group>
        <Facts
          items={[
            ['Time', formatBusinessDateTime(appointment.scheduledTime)],
            ['Appliance', `${appointment.brand} ${appointment.appliance}`],
            ['Problem', appointment.description || 'Not described'],
            ['Service', appointment.serviceType],
            ['Address', appointment.address],
            ['Phone', appointment.phone],
            ...officeFacts(appointment),
          ]}
        />
        <IntakeFacts intake={appointment.intake} />
        <JobRecordFacts record={appointment.jobRecord} waitingForParts={appointment.waitingForParts} warrantyClaim={appointment.warrantyClaim} />
        <AppointmentPhotos appointmentId={appointment.id} customerName={appointment.customerName} />
        <PartArrived appointment={appointment} />
        <AppointmentActions appointment={appointment} />
        <Anchor component={Link} to={`${paths.invoices}?appointmentId=${appointment.id}`} size="sm" aria-label={`Invoices: create or view, for ${appointment.customerName}'s appointment`}>
          Invoices: create or view
        </Anchor>
        <NativeSelect
          label="Technician"
          aria-label={`Technician for ${appointment.customerName}`}
          data={options}
          value={assign.isPending && assign.variables ? (assign.variables.technicianId ?? unassigned) : current}
          onChange={(event) => choose(event.currentTarget.value)}
          disabled={assign.isPending || closed !== undefined || technicians === undefined}
          description={closed ?? (technicians === undefined ? 'Loading technicians...' : undefined)}
        />
        <AppointmentHistory appointmentId={appointment.id} customerName={appointment.customerName} />
      </Stack>
    </Card>
  );
}

/**
 * Appointments: one business day's (today unless the dispatcher picks another, to assign ahead), a page at a time,
 * each with the dropdown that assigns a technician.
 */
export function AppointmentsTab({ live }: { live: boolean }) {
  const days = useBusinessDay();
  const [page, setPage] = useState(1);
  const appointments = useAppointmentsPage(days.day, page, pageSize, fallbackPoll(live, tracking.pollAppointmentsMs));
  const technicians = useTechnicians(fallbackPoll(live, tracking.pollTechniciansMs));
  // Another day starts at its first page.
  const chooseDay = (day: string) => {
    days.choose(day);
    setPage(1);
  };
  return (
    <Stack gap="md">
      <DayPicker label="Appointments on" days={{ ...days, choose: chooseDay }} />
      <QueryStates
        query={appointments}
        what="appointments"
        empty={days.isToday ? 'No appointments today.' : `No appointments on ${formatCalendarDay(days.day)}.`}
        isEmpty={(data) => data.items.length === 0}
      >
        {(data) => (
          <Stack gap="md">
            <Columns cols={{ base: 1, sm: 2, lg: 3 }}>
              {data.items.map((appointment) => (
                <AppointmentCard key={appointment.id} appointment={appointment} technicians={technicians.data} />
              ))}
            </Columns>
            <Pager label="Appointment pages" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </Stack>
        )}
      </QueryStates>
    </Stack>
  );
}
