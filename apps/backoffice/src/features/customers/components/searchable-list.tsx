import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { errorMessage, showToast } from '@repo/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { Pager } from '../../../components/pager.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { downloadCsv, toCsv, type CsvRow } from '../../../lib/csv.ts';
import { formatCount } from '../../../lib/format.ts';
import type { useListSearch } from '../lib/use-list-search.ts';

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

type SearchableListProps<T> = {
  /** "imported customers": the search box's label, the list's name, the loading and error titles. */
  what: string;
  search: ReturnType<typeof useListSearch>;
  query: UseQueryResult<Page<T>>;
  columns: readonly [Column<T>, ...Column<T>[]];
  rowKey: (item: T) => string | number;
  /** Shown when the list holds nobody at all (no search). */
  empty: string;
  /** The list as a CSV file: every customer the search matches (all pages), one row each under `header`. */
  csv: { filename: string; header: readonly string[]; row: (item: T) => CsvRow; fetchAll: (q: string | undefined) => Promise<T[]> };
};

/** Download CSV: every match of the search (not only the page shown), cells a spreadsheet would run kept as text. */
function ExportButton<T>({ what, q, csv }: { what: string; q: string; csv: SearchableListProps<T>['csv'] }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const items = await csv.fetchAll(q || undefined);
      downloadCsv(csv.filename, toCsv([csv.header, ...items.map(csv.row)]));
    } catch (error) {
      showToast({ title: 'Export Failed', description: errorMessage(error, `The ${what} could not be exported`), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" loading={busy} onClick={() => void download()} aria-label={q ? `Download CSV of the ${what} matching “${q}”` : `Download CSV of all ${what}`}>
      Download CSV
    </Button>
  );
}

const people = (count: number) => `${formatCount(count)} ${count === 1 ? 'customer' : 'customers'}`;

/**
 * A customer list searched and paged by the server: the box, how many match (announced), the table or the phone's
 * cards, and Previous / Next.
 */
export function SearchableList<T>({ what, search, query, columns, rowKey, empty, csv }: SearchableListProps<T>) {
  const searching = query.isPlaceholderData || (query.isFetching && query.data === undefined);
  const data = query.data;
  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" gap="sm">
        <TextInput
          type="search"
          label={`Search ${what}`}
          description="By first or last name or email (from the start), or by any part of a phone number in any format"
          value={search.text}
          onChange={(event) => search.setText(event.currentTarget.value)}
          w={520}
          maw="100%"
          autoComplete="off"
        />
        {data && data.total > 0 ? <ExportButton what={what} q={search.q} csv={csv} /> : null}
      </Group>
      <Text size="sm" role="status" aria-live="polite" c="dimmed">
        {searching
          ? 'Searching...'
          : data && data.total > 0
            ? search.q
              ? `${people(data.total)} ${data.total === 1 ? 'matches' : 'match'} “${search.q}”`
              : `${people(data.total)} in all`
            : ''}
      </Text>
      <div aria-busy={searching}>
        <QueryStates
          query={query}
          what={what}
          empty={search.q ? `No ${what} match “${search.q}”.` : empty}
          isEmpty={(page) => page.items.length === 0}
        >
          {(page) => (
            <Stack gap="md">
              <DataTable label={what[0]!.toUpperCase() + what.slice(1)} items={page.items} columns={columns} rowKey={rowKey} />
              <Pager label={`Pages of ${what}`} page={page.page} pageSize={page.pageSize} total={page.total} onPage={search.setPage} />
            </Stack>
          )}
        </QueryStates>
      </div>
    </Stack>
  );
}
