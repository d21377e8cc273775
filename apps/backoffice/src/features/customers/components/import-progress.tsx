import { Badge, Box, Button, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { ImportJob } from '@repo/contracts';
import { Notice } from '../../../components/notice.tsx';
import { formatBusinessDateTime, formatCount } from '../../../lib/format.ts';
import { importPlace, importState } from '../lib/import-state.ts';

const customers = (value: number) => `${formatCount(value)} ${value === 1 ? 'customer' : 'customers'}`;

/**
 * The bar: how many of the system's customers have been read. When the system does not say how many it has, the bar
 * moves without a value (indeterminate) until the import ends.
 */
function ImportBar({ job }: { job: ImportJob }) {
  const running = job.status === 'running';
  const known = job.expectedTotal !== null && job.expectedTotal > 0;
  const percent = !running ? 100 : known ? Math.min(100, Math.round((job.fetched / job.expectedTotal!) * 100)) : undefined;
  const text = known ? `${formatCount(job.fetched)} of ${customers(job.expectedTotal!)} read` : `${customers(job.fetched)} read${running ? ' so far' : ''}`;
  return (
    <Stack gap={6}>
      <Progress.Root
        size="lg"
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <Progress.Section
          withAria={false}
          value={percent ?? 100}
          striped={running}
          animated={running}
          color={importState(job).color}
        />
      </Progress.Root>
      <Text size="sm">{text}</Text>
    </Stack>
  );
}

const titles = { running: 'Import running', waiting: 'Import waiting to retry', failed: 'Import failed', done: 'Import complete' } as const;

/** Resume for a failed import that can carry on (given by the page that can send it). */
export type ResumeAction = { resume: () => void; pending: boolean };

/** A job's state, place, progress, counts and outcome: what the owner needs while it runs and after it ended. */
export function ImportProgress({ job, resume }: { job: ImportJob; resume?: ResumeAction }) {
  const state = importState(job);
  const title = titles[state.name];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-job-heading" aria-busy={job.status === 'running'}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="import-job-heading">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            Started {formatBusinessDateTime(job.startedAt)} by {job.startedBy}
            {job.finishedAt ? `, ended ${formatBusinessDateTime(job.finishedAt)}` : ''}
            {job.resumed > 0 ? `; resumed ${job.resumed === 1 ? 'once' : `${job.resumed} times`}` : ''}
          </Text>
        </div>
        <Group gap="sm">
          <Badge component="span" variant="light" color={state.color} c="dark.8" tt="none">
            {state.label}
          </Badge>
          <Text size="sm">{importPlace(job)}</Text>
        </Group>
        <ImportBar job={job} />
        <Group component="dl" gap="xl" m={0} aria-label="Import counts">
          {(
            [
              ['Fetched', job.fetched],
              ['Created', job.created],
              ['Updated', job.updated],
              ['Failed', job.failed],
            ] as const
          ).map(([term, value]) => (
            <Box key={term}>
              <Text component="dt" size="sm" c="dimmed" fw={600}>
                {term}
              </Text>
              <Text component="dd" m={0} fz="xl" fw={800}>
                {formatCount(value)}
              </Text>
            </Box>
          ))}
        </Group>
        {job.status === 'succeeded' ? (
          <Notice color="green" role="status" title="Import complete">
            Total imported: {formatCount(job.totalImported)}. {customers(job.created)} added and {customers(job.updated)} updated from {job.company}
            {job.failed > 0 ? `; ${customers(job.failed)} could not be imported (listed below)` : ''}.
          </Notice>
        ) : null}
        {job.retry ? (
          <Notice color="yellow" role="status" title="Waiting to retry">
            Attempt {job.retry.attempt} of {job.retry.attempts} to read the next page failed at {formatBusinessDateTime(job.retry.failedAt)}:{' '}
            {job.retry.message}. It is tried again by itself in a few seconds.
          </Notice>
        ) : null}
        {job.status === 'failed' ? (
          <Notice color="red" role="alert" title="Import Failed">
            <Stack gap="xs" align="flex-start">
              <span>
                {job.error ?? 'Failed to import customers'} The {customers(job.totalImported)} imported before it stopped are kept
                {job.resumable ? '; Resume carries on from where it stopped, adding no one twice.' : '.'}
              </span>
              {job.resumable && resume ? (
                <Button size="sm" onClick={resume.resume} loading={resume.pending}>
                  Resume Import
                </Button>
              ) : null}
            </Stack>
          </Notice>
        ) : null}
        {job.failures.length > 0 ? (
          <Stack gap={4}>
            <Title order={3} size="h5" id="import-failures-heading">
              Customers that could not be imported
            </Title>
            {job.failed > job.failures.length ? (
              <Text size="sm" c="dimmed">
                The first {job.failures.length} of {formatCount(job.failed)}:
              </Text>
            ) : null}
            <List size="sm" spacing={2} aria-labelledby="import-failures-heading">
              {job.failures.map((failure) => (
                <List.Item key={failure.externalId}>
                  <Text span fw={600} size="sm">
                    {failure.externalId}
                  </Text>
                  : {failure.message}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
