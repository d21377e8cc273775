import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { ErrorState, LoadingState, useDocumentTitle } from '@repo/ui';
import { useTechnicianJobs } from '../api/jobs.ts';
import { formatToday } from '../lib/format.ts';
import { useLocationSharing } from '../lib/use-location-sharing.ts';
import { JobCard } from './job-card.tsx';
import { LocationSharingPanel } from './location-sharing-panel.tsx';

/**
 * /my-jobs, the technician's phone view: today's jobs, each with its one next step; while a job is en route the
 * phone's position is shared.
 */
export function MyJobsPage() {
  useDocumentTitle('My Jobs');
  const jobs = useTechnicianJobs();
  const enRoute = jobs.data?.items.find((job) => job.tracking.status === 'en-route');
  const technicianId = enRoute?.tracking.technicianId ?? jobs.data?.technicianId;
  const location = useLocationSharing(technicianId, enRoute !== undefined);

  let content;
  if (jobs.data) {
    content =
      jobs.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4">
            No jobs today
          </Title>
          <Text mt={4}>New jobs appear here as soon as the office assigns them.</Text>
        </Paper>
      ) : (
        <Stack gap="md">
          <LocationSharingPanel sharing={location.sharing} canSend={location.canSend} onSendNow={location.sendNow} />
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
    <Container size={560} px="sm" py={{ base: 'md', sm: 40 }}>
      <Stack gap="md">
        <div>
          <Title order={1}>My Jobs</Title>
          {jobs.data ? <Text c="dimmed">{formatToday(jobs.data.date)}</Text> : null}
        </div>
        {content}
      </Stack>
    </Container>
  );
}
