import { Stack, Text, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { Pager } from '../../../components/pager.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
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
};

const people = (count: number) => `${formatCount(count)} ${count === 1 ? 'customer' : 'customers'}`;

/**
 * A customer list searched and paged by the server: the box, how many match (announced), the table or the phone's
 * cards, and Previous / Next.
 */
export function SearchableList<T>({ what, search, query, columns, rowKey, empty }: SearchableListProps<T>) {
  const searching = query.isPlaceholderData || (query.isFetching && query.data === undefined);
  const data = query.data;
  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={`Search ${what}`}
        description="By first or last name or email (from the start), or by any part of a phone number in any format"
        value={search.text}
        onChange={(event) => search.setText(event.currentTarget.value)}
        maw={520}
        autoComplete="off"
      />
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
