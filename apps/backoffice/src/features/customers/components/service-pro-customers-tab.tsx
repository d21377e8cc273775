import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ImportedCustomerListItem } from '@repo/contracts';
import type { Column } from '../../../components/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatAnyDate, formatDollars, formatPhone } from '../../../lib/format.ts';
import { allServiceProCustomers, useServiceProCustomers } from '../api/customer-lists.ts';
import { useListSearch } from '../lib/use-list-search.ts';
import { SearchableList } from './searchable-list.tsx';

const name = (customer: ImportedCustomerListItem) => `${customer.firstName} ${customer.lastName}`.trim();

const columns: readonly [Column<ImportedCustomerListItem>, ...Column<ImportedCustomerListItem>[]] = [
  {
    header: 'Name',
    // A customer with a portal account linked to them opens its record; one without has no record yet.
    cell: (customer) =>
      customer.customerId !== null ? (
        <Anchor component={Link} to={paths.customerRecord(customer.customerId)} fw={600}>
          {name(customer)}
        </Anchor>
      ) : (
        name(customer)
      ),
  },
  { header: 'Phone', cell: (customer) => formatPhone(customer.phone), nowrap: true },
  { header: 'Email', cell: (customer) => customer.email ?? '—' },
  {
    header: 'Address',
    cell: (customer) => [customer.address, customer.city, [customer.state, customer.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ') || '—',
  },
  { header: 'Services', cell: (customer) => customer.totalServices },
  { header: 'Total spent', cell: (customer) => formatDollars(customer.totalSpent), nowrap: true },
  { header: 'Last service', cell: (customer) => (customer.lastServiceDate ? formatAnyDate(customer.lastServiceDate) : '—'), nowrap: true },
  {
    header: 'ServicePro id',
    nowrap: true,
    cell: (customer) => (
      <Text span size="sm" ff="monospace">
        {customer.serviceProId}
      </Text>
    ),
  },
];

/** ServicePro Customers: the imported customers, searched and paged by the server. */
export function ServiceProCustomersTab() {
  const search = useListSearch();
  const query = useServiceProCustomers(search.query);
  return (
    <SearchableList
      what="imported customers"
      search={search}
      query={query}
      columns={columns}
      rowKey={(customer) => customer.id}
      empty="No customers have been imported yet. An administrator imports them in the Import Customers tab."
      csv={{
        filename: 'imported-customers.csv',
        header: ['First name', 'Last name', 'Phone', 'Email', 'Address', 'City', 'State', 'ZIP code', 'Services', 'Total spent', 'Last service', 'Preferred technician', 'Notes', 'System', 'Id there'],
        row: (customer) => [
          customer.firstName,
          customer.lastName,
          formatPhone(customer.phone),
          customer.email,
          customer.address,
          customer.city,
          customer.state,
          customer.zipCode,
          customer.totalServices,
          customer.totalSpent,
          customer.lastServiceDate ? formatAnyDate(customer.lastServiceDate) : null,
          customer.preferredTechnician,
          customer.notes,
          customer.sourceSystem,
          customer.serviceProId,
        ],
        fetchAll: allServiceProCustomers,
      }}
    />
  );
}
