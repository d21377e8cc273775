import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ApiRequestError, errorMessage } from '@repo/ui';
import { businessDate, otherDayMessage, type TechnicianJob } from '@repo/contracts';
import { useMoveJobForward } from '../api/jobs.ts';
import { AppointmentPhotos } from '../../../components/photos/photos-panel.tsx';
import { formatTimeWindow, telHref } from '../../../lib/format.ts';
import { directionsHref } from '../lib/directions.ts';
import { jobStatusLabels, nextStep } from '../lib/job-steps.ts';
import { JobEstimate } from './job-estimate.tsx';
import { JobIntake } from './job-intake.tsx';
import { JobRecordToggle } from './job-record.tsx';

/** The job record is for the visit itself: once the technician is on site. */
const onSite = new Set(['arrived', 'in-progress']);

/** Why the step was refused, in the server's words when it gave some (409: the job moved on elsewhere). */
function refusal(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 409) return errorMessage(error, 'This job has moved on already. The list has been refreshed.');
  return errorMessage(error, "That didn't go through. Check your connection and try again.");
}

/**
 * One job on the technician's phone: who, where, when, and the one button for the next step. A visit dated another
 * day moves only once the office allowed it today (the server holds the same rule): until then the step is offered
 * disabled, with why.
 */
export function JobCard({ job }: { job: TechnicianJob }) {
  const move = useMoveJobForward();
  const step = nextStep[job.tracking.status];
  const day = businessDate(new Date(job.scheduledStart));
  const today = businessDate();
  const waitsForOffice = step !== undefined && job.tracking.closed === null && day !== today && job.tracking.startAllowed?.day !== today;
  const noteId = `job-day-note-${job.appointmentId}`;
  const headingId = `job-${job.appointmentId}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId}>
              {job.customerName}
            </Title>
            <Text fw={600}>{formatTimeWindow(job.scheduledStart, job.scheduledEnd)}</Text>
          </div>
          <Badge variant="light" color={job.tracking.status === 'completed' ? 'gray' : 'brand'} c="dark.8" tt="none" size="lg" data-status={job.tracking.status}>
            {jobStatusLabels[job.tracking.status]}
          </Badge>
        </Group>
        <Text size="sm">{[job.serviceType, job.appliance, job.brand].filter(Boolean).join(' · ')}</Text>
        <JobIntake appointmentId={job.appointmentId} />
        <div>
          <Text>{job.address}</Text>
          <Anchor href={directionsHref(job.address)} target="_blank" rel="noopener noreferrer" fw={600}>
            Get directions
          </Anchor>
        </div>
        <Anchor href={telHref(job.phone)} fw={600} aria-label={`Call ${job.customerName} at ${job.phone}`}>
          {job.phone}
        </Anchor>
        {move.isError ? (
          <Alert color="red" variant="light" role="alert" title={<Text component="span" fw={700} size="sm" c="dark.9">
Not changed
</Text>}>
            <Text size="sm" c="dark.8">
              {refusal(move.error)}
            </Text>
          </Alert>
        ) : null}
        {waitsForOffice ? (
          <Text size="sm" c="dark.8" id={noteId} data-testid="job-day-note">
            {otherDayMessage(day)}
          </Text>
        ) : null}
        {step ? (
          <Button
            size="lg"
            fullWidth
            loading={move.isPending}
            disabled={waitsForOffice}
            aria-describedby={waitsForOffice ? noteId : undefined}
            onClick={() => move.mutate({ appointmentId: job.appointmentId, status: step.status })}
          >
            {step.label}
          </Button>
        ) : (
          <Text fw={600}>Job complete. Thank you!</Text>
        )}
        {/^\d+$/.test(job.appointmentId) ? (
          onSite.has(job.tracking.status) ? (
            <JobRecordToggle appointmentId={job.appointmentId} customerName={job.customerName} />
          ) : (
            // Before the visit: the photos the customer added at booking (the rating plate, the problem); on site they are in the job record.
            <AppointmentPhotos appointmentId={Number(job.appointmentId)} customerName={job.customerName} />
          )
        ) : null}
        {/^\d+$/.test(job.appointmentId) ? <JobEstimate appointmentId={Number(job.appointmentId)} customerName={job.customerName} /> : null}
      </Stack>
    </Card>
  );
}
