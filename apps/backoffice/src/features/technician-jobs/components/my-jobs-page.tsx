import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { ErrorState, LoadingState, responsiveSpacing, useDocumentTitle } from '@repo/ui';
import { useBusinessDay } from '../../../lib/business-day.ts';
import { DayPicker } from '../../../lib/day-picker.tsx';
import { formatCalendarDay } from '../../../lib/format.ts';
import { useTechnicianJobs } from '../api/jobs.ts';
import { useLocationSharing } from '../lib/use-location-sharing.ts';
import { JobCard } from './job-card.tsx';
import { LocationSharingPanel } from './location-sharing-panel.tsx';

/**
 * /my-jobs, the technician's phone view: a day's jobs (today, or a day ahead), each with its one next step; while a
 * job is en route the phone's position is shared, whichever day is on screen.
 */
export function MyJobsPage() {
  useDocumentTitle('My Jobs');
  const days = useBusinessDay();
  const jobs = useTechnicianJobs(days.day);
  // Today's jobs are where a drive usually is; the same query as `jobs` when today is on screen.
  const todaysJobs = useTechnicianJobs(days.today);
  const enRoute = [...(jobs.data?.items ?? []), ...(todaysJobs.data?.items ?? [])].find((job) => job.tracking.status === 'en-route');
  const technicianId = enRoute?.tracking.technicianId ?? jobs.data?.technicianId;
  const location = useLocationSharing(technicianId, enRoute !== undefined);
  const sharingPanel = <LocationSharingPanel sharing={location.sharing} canSend={location.canSend} onSendNow={location.sendNow} />;

  let content;
  if (jobs.data) {
    content =
      jobs.data.items.length === 0 ? (
        <Stack gap="md">
          {enRoute ? sharingPanel : null}
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h4">
              {days.isToday ? 'No jobs today' : `No jobs on ${formatCalendarDay(days.day)}`}
            </Title>
            <Text mt={4}>New jobs appear here as soon as the office assigns them.</Text>
          </Paper>
        </Stack>
      ) : (
        <Stack gap="md">
          {sharingPanel}
          {jobs.data.items.map((job) => (
            <JobCard key={job.appointmentId} job={job} />
          ))}
        </Stack>
      );
  } else if (jobs.isPending) {
    content = <LoadingState title="Loading your jobs..." />;
  } else {
    content = <ErrorState title="Unable to load your jobs" description="Check your connection and try again." onRetry={() => void jobs.refetch()} />;
  }

  return (
    <Container size={560} px="sm" {...responsiveSpacing({ py: { base: 'md', sm: 40 } })}>
      <Stack gap="md">
        <Title order={1}>My Jobs</Title>
        <DayPicker label="Jobs on" days={days} earliest={days.today} />
        {content}
      </Stack>
    </Container>
  );
}
