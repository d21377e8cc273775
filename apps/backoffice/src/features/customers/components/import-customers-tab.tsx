import { useEffect, useRef } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { importJobMessages, type ImportJob, type ImportSource } from '@repo/contracts';
import { errorMessage, showToast } from '@repo/ui';
import { Notice } from '../../../components/notice.tsx';
import { Facts } from '../../../components/facts.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useImportJobs, useLatestImportJob, useResumeImport, useStartImport } from '../api/import-jobs.ts';
import { useImportSource } from '../api/import-source.ts';
import { queryKeys } from '../api/query-keys.ts';
import { ImportProgress } from './import-progress.tsx';
import { RecentImports } from './recent-imports.tsx';
import { JobberConnectionCard } from './jobber-connection-card.tsx';

const importFailed = 'Failed to import customers';

function SourceFacts({ source }: { source: ImportSource }) {
  return (
    <Stack gap="sm">
      <Facts
        items={[
          [
            'System',
            <Group gap="xs" component="span" key="system">
              {source.systemName}
              {source.sandbox ? (
                <Badge component="span" color="yellow" variant="light" c="dark.8" tt="none">
                  Sandbox
                </Badge>
              ) : null}
            </Group>,
          ],
          ['Company', source.company],
        ]}
      />
      <Text size="sm">
        The sign-in for {source.systemName} comes from the server's configuration: it is never typed, stored in the browser or shown here.
      </Text>
      {source.sandbox ? (
        <Text size="sm" c="dimmed">
          This is the local {source.systemName} sandbox that ships with the demo, filled with sample customers. In production the server's configuration
          points at the real system.
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Where the import reads from: the system and company, and that the credentials stay on the server. When the server
 * cannot say (its credentials are incomplete, the system does not answer) its own words explain why.
 */
function ImportSourceCard() {
  const source = useImportSource();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-source-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="import-source-heading">
          Import source
        </Title>
        {source.data ? (
          <SourceFacts source={source.data} />
        ) : source.isError ? (
          <Stack gap="xs" align="flex-start" role="alert">
            <Text size="sm">The import source could not be read. {errorMessage(source.error, 'The server did not answer.')}</Text>
            <Button variant="default" size="sm" onClick={() => void source.refetch()} loading={source.isFetching}>
              Try Again
            </Button>
          </Stack>
        ) : (
          <Text size="sm" role="status">
            Loading the import source...
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Tells the owner when a job they watched ends (a toast, so they need not keep watching the progress), and refreshes
 * the imported list.
 * A job that had already ended when the page opened is shown, not announced.
 */
function useAnnounceEnd(job: ImportJob | null | undefined) {
  const queryClient = useQueryClient();
  const watched = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!job) return;
    if (job.status === 'running') {
      watched.current = job.id;
      return;
    }
    if (watched.current !== job.id) return;
    watched.current = undefined;
    void queryClient.invalidateQueries({ queryKey: queryKeys.serviceProCustomers });
    if (job.status === 'succeeded') {
      showToast({ title: 'Import Complete', description: `${formatCount(job.totalImported)} customers imported from ${job.company}.` });
    } else {
      showToast({ title: 'Import Failed', description: job.error ?? importFailed, variant: 'destructive' });
    }
  }, [job, queryClient]);
}

/** The administrator's part: start an import and follow the latest one. */
function ImportRunner() {
  const latest = useLatestImportJob(true);
  const start = useStartImport();
  const job = latest.data;
  useAnnounceEnd(job);
  const running = job?.status === 'running';

  const resume = useResumeImport();
  const recent = useImportJobs(true);

  const startImport = () =>
    start.mutate(undefined, {
      onError: (error) => showToast({ title: 'Import Failed', description: errorMessage(error, importFailed), variant: 'destructive' }),
    });
  const resumeImport = (id: number) =>
    resume.mutate(id, {
      onError: (error) => showToast({ title: 'Resume Failed', description: errorMessage(error, 'The import could not be resumed'), variant: 'destructive' }),
    });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-run-heading">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4" id="import-run-heading">
            Import all customers
          </Title>
          <Text size="sm">
            Reads every customer of the company above and saves them here. Customers imported before are updated, never added twice. The import
            runs on the server: you can leave or reload this page and come back to its progress.
          </Text>
          <Button onClick={startImport} loading={start.isPending} disabled={running || latest.isPending}>
            {running ? 'Import running...' : 'Start Import'}
          </Button>
        </Stack>
      </Paper>
      <QueryStates query={latest} what="the latest import" empty={importJobMessages.noneYet} isEmpty={(data) => data === null}>
        {(data) => (data ? <ImportProgress job={data} resume={{ resume: () => resumeImport(data.id), pending: resume.isPending }} /> : null)}
      </QueryStates>
      {recent.data && recent.data.length > 1 ? (
        <RecentImports jobs={recent.data} onResume={resumeImport} resuming={resume.isPending} canResume={!running} />
      ) : null}
    </Stack>
  );
}

/**
 * Import Customers: for administrators the source, starting an import and following it; staff are told who runs it
 * (the server refuses them every import call, and a refusal would sign them out).
 */
export function ImportCustomersTab({ canImport }: { canImport: boolean }) {
  return (
    <Stack gap="lg">
      {canImport ? (
        <>
          <ImportSourceCard />
          <JobberConnectionCard />
          <ImportRunner />
        </>
      ) : (
        <Notice color="brand" role="note" title="An administrator runs imports">
          Importing the customer base from the field-service system is for administrators. You can look customers up by phone and search the
          imported and portal customers in the other tabs.
        </Notice>
      )}
    </Stack>
  );
}
