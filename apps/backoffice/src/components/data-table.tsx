import type { ReactNode } from 'react';
import { Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Facts } from './facts.tsx';

/** `nowrap`: short values (dates, amounts, phone numbers) that read badly broken over two lines. */
export type Column<T> = { header: string; cell: (item: T) => ReactNode; nowrap?: boolean };

type DataTableProps<T> = {
  /** Names the table (and the phone's list) for screen readers: "ServicePro customers". */
  label: string;
  items: readonly T[];
  /** The first column names the row: on a phone it is the card's heading, the others its facts. */
  columns: readonly [Column<T>, ...Column<T>[]];
  rowKey: (item: T) => string | number;
};

/** Below Mantine's `sm` breakpoint (48em) rows become stacked cards: a phone has no room for columns. */
const phoneQuery = '(max-width: 47.99em)';

/**
 * A list of records as a table on wider screens and as a list of cards on a phone, one or the other in the page (so
 * a screen reader meets it once). The width is read before the first paint, so the page does not jump.
 */
export function DataTable<T>({ label, items, columns, rowKey }: DataTableProps<T>) {
  const phone = useMediaQuery(phoneQuery, false, { getInitialValueInEffect: false });
  const [first, ...rest] = columns;

  if (phone) {
    return (
      <Stack component="ul" gap="sm" m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Paper component="li" key={rowKey(item)} withBorder radius="md" p="md">
            <Text fw={700} mb={6} component="div">
              {first.cell(item)}
            </Text>
            <Facts items={rest.map((column) => [column.header, column.cell(item)] as const)} />
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} scope="col">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={rowKey(item)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <Table.Th key={column.header} scope="row" fw={600}>
                    {column.cell(item)}
                  </Table.Th>
                ) : (
                  <Table.Td key={column.header} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {column.cell(item)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
