import { useState } from 'react';
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Customer } from '@repo/contracts';
import type { Column } from '../../../components/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatAnyDate, formatBusinessDateTime, formatMonthYear, formatPhone } from '../../../lib/format.ts';
import { notificationsPageHref } from '../../../lib/notifications.ts';
import { allPortalCustomers, usePortalCustomers } from '../api/customer-lists.ts';
import { useListSearch } from '../lib/use-list-search.ts';
import { CustomerDeletionDialog } from './customer-deletion-dialog.tsx';
import { SearchableList } from './searchable-list.tsx';

const columns: readonly [Column<Customer>, ...Column<Customer>[]] = [
  {
    header: 'Name',
    cell: (customer) => (
      <Group gap="xs" component="span" wrap="wrap">
        <Anchor component={Link} to={paths.customerRecord(customer.id)} fw={600}>
          {`${customer.firstName} ${customer.lastName}`.trim()}
        </Anchor>
        {customer.isAdmin ? (
          <Badge component="span" variant="filled" color="brand" tt="none" size="sm">
            Administrator
          </Badge>
        ) : null}
      </Group>
    ),
  },
  { header: 'Email', cell: (customer) => customer.email },
  { header: 'Phone', cell: (customer) => formatPhone(customer.phone), nowrap: true },
  { header: 'Address', cell: (customer) => customer.address ?? '—' },
  {
    header: 'Linked ServicePro id',
    cell: (customer) =>
      customer.serviceProCustomerId ? (
        <Text span size="sm" ff="monospace">
          {customer.serviceProCustomerId}
        </Text>
      ) : (
        'Not linked'
      ),
  },
  { header: 'Member since', cell: (customer) => formatMonthYear(customer.createdAt), nowrap: true },
  { header: 'Last login', cell: (customer) => (customer.lastLogin ? formatBusinessDateTime(customer.lastLogin) : 'Never') },
  {
    header: 'Messages',
    cell: (customer) => (
      <Anchor component={Link} to={notificationsPageHref({ recipient: customer.email })} size="sm" aria-label={`Messages to ${customer.email}`}>
        Messages
      </Anchor>
    ),
  },
];

/**
 * Portal Customers: registered portal users, administrators badged; a customer whose phone or email matches an
 * imported one shows the linked ServicePro id. An administrator (`canDelete`) can carry out a customer's request to be
 * forgotten from their row.
 */
export function PortalCustomersTab({ canDelete }: { canDelete: boolean }) {
  const search = useListSearch();
  const query = usePortalCustomers(search.query);
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const shownColumns: readonly [Column<Customer>, ...Column<Customer>[]] = canDelete
    ? [
        ...columns,
        {
          header: 'Deletion',
          cell: (customer) => (
            <Button size="compact-sm" variant="subtle" color="red" c="red.9" onClick={() => setDeleting(customer)} aria-label={`Delete data… of ${customer.firstName} ${customer.lastName}`}>
              Delete data…
            </Button>
          ),
        },
      ]
    : columns;
  const close = () => {
    setDeleting(null);
    void client.invalidateQueries({ queryKey: ['portal-customers'] });
  };
  return (
    <>
      <SearchableList
        what="portal customers"
        search={search}
        query={query}
        columns={shownColumns}
        rowKey={(customer) => customer.id}
        empty="No one has registered in the customer portal yet."
        csv={{
          filename: 'portal-customers.csv',
          header: ['First name', 'Last name', 'Email', 'Email verified', 'Phone', 'Phone verified', 'Address', 'Linked ServicePro id', 'Member since', 'Last login'],
          row: (customer) => [
            customer.firstName,
            customer.lastName,
            customer.email,
            customer.emailVerified ? 'yes' : 'no',
            formatPhone(customer.phone),
            customer.phoneVerified ? 'yes' : 'no',
            customer.address,
            customer.serviceProCustomerId,
            formatAnyDate(customer.createdAt),
            customer.lastLogin ? formatBusinessDateTime(customer.lastLogin) : null,
          ],
          fetchAll: allPortalCustomers,
        }}
      />
      {deleting ? <CustomerDeletionDialog customer={deleting} onClose={close} /> : null}
    </>
  );
}
