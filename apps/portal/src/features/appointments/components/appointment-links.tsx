import { Button, Card, CopyButton, Group, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { appointmentPageApi, type AppointmentDetails } from '@repo/contracts';
import { calendarFileName, useDownloadCalendar } from '@repo/ui/api';
import { payBalanceAddress, trackingLinks } from '../lib/links.ts';

/** Appointments a technician may still come to. */
const activeStatuses: ReadonlySet<string> = new Set(['scheduled', 'confirmed', 'in-progress']);

/** Add to calendar: a plain link for the owner (the cookie goes along), a download with the header for a link holder. */
function AddToCalendar({ id, accessToken }: { id: number; accessToken: string | undefined }) {
  const download = useDownloadCalendar();
  if (!accessToken) {
    return (
      <Button component="a" href={appointmentPageApi.calendar(id)} download={calendarFileName(id)} variant="light">
        Add to calendar
      </Button>
    );
  }
  return (
    <Button variant="light" onClick={() => download.mutate({ id, accessToken })} disabled={download.isPending}>
      {download.isPending ? 'Preparing calendar file...' : 'Add to calendar'}
    </Button>
  );
}

/** Calendar, payment and tracking: what the visitor can do with the appointment besides changing it. */
export function AppointmentLinks({ details, accessToken }: { details: AppointmentDetails; accessToken: string | undefined }) {
  const { appointment, trackToken } = details;
  const tracking = trackingLinks(appointment.id, accessToken, trackToken);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="links-heading">
      <Title order={2} size="h4" id="links-heading">
        Calendar, payment and tracking
      </Title>
      <Group gap="sm" mt="md">
        <AddToCalendar id={appointment.id} accessToken={accessToken} />
        {appointment.totalCost ? (
          <Button component="a" href={payBalanceAddress(appointment)} variant="light">
            {`Pay balance ($${appointment.totalCost})`}
          </Button>
        ) : null}
        {appointment.technicianId ? (
          <Button component={Link} to={tracking.open} variant="light">
            Track technician
          </Button>
        ) : null}
      </Group>
      {appointment.technicianId || !activeStatuses.has(appointment.status) ? null : (
        <Text size="sm" c="dimmed" mt="sm">
          Tracking opens once a technician is assigned to your appointment.
        </Text>
      )}
      {tracking.share ? (
        <Group gap="xs" align="flex-end" wrap="nowrap" mt="lg">
          <TextInput
            label="Share tracking link"
            description="Whoever has this link can follow the technician's arrival for this appointment, and nothing else."
            value={tracking.share}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
          />
          <CopyButton value={tracking.share}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      ) : null}
    </Card>
  );
}
