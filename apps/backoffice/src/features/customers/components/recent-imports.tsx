import { Badge, Button, Paper, Stack, Title } from '@mantine/core';
import type { ImportJob } from '@repo/contracts';
import { DataTable } from '../../../components/data-table.tsx';
import { formatBusinessDateTime, formatCount } from '../../../lib/format.ts';
import { importPlace, importState } from '../lib/import-state.ts';

/**
 * Every recent import with its state, the place it reached and its counts, newest first; a failed one that can carry
 * on has Resume (not while another import runs: the server runs one at a time).
 */
export function RecentImports({ jobs, onResume, resuming, canResume }: { jobs: readonly ImportJob[]; onResume: (id: number) => void; resuming: boolean; canResume: boolean }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="recent-imports-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="recent-imports-heading">
          Recent imports
        </Title>
        <DataTable
          label="Recent imports"
          items={jobs}
          rowKey={(job) => job.id}
          columns={[
            { header: 'Started', cell: (job) => `${formatBusinessDateTime(job.startedAt)} (${job.company})`, nowrap: true },
            {
              header: 'State',
              cell: (job) => {
                const state = importState(job);
                return (
                  <Badge component="span" variant="light" color={state.color} c="dark.8" tt="none">
                    {state.label}
                  </Badge>
                );
              },
            },
            { header: 'Reached', cell: importPlace },
            { header: 'Fetched', cell: (job) => formatCount(job.fetched) },
            { header: 'Imported', cell: (job) => formatCount(job.totalImported) },
            { header: 'Failed', cell: (job) => formatCount(job.failed) },
            { header: 'Why it stopped', cell: (job) => job.error ?? job.retry?.message ?? '—' },
            {
              header: 'Action',
              cell: (job) =>
                job.resumable ? (
                  <Button size="xs" variant="default" onClick={() => onResume(job.id)} loading={resuming} disabled={!canResume} aria-label={`Resume the import started ${formatBusinessDateTime(job.startedAt)}`}>
                    Resume
                  </Button>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}
