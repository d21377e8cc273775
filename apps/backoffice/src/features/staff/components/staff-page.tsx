import { Badge, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { StaffAccount } from '@repo/contracts';
import { responsiveSpacing, useDocumentTitle } from '@repo/ui';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { formatBusinessDateTime, formatBusinessDay } from '../../../lib/format.ts';
import { useStaffAccounts } from '../api/staff-accounts.ts';
import { AddStaffForm } from './add-staff-form.tsx';
import { roleLabels } from './role-labels.ts';
import { SetPassword } from './set-password.tsx';

function columns(currentUserId: number | undefined): readonly [Column<StaffAccount>, ...Column<StaffAccount>[]] {
  return [
    {
      header: 'Name',
      cell: (account) => (
        <Group gap="xs" component="span" wrap="wrap">
          <span>{account.name}</span>
          {account.id === currentUserId ? (
            <Badge component="span" variant="outline" size="sm" tt="none">
              You
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { header: 'Email', cell: (account) => account.email },
    {
      header: 'Role',
      cell: (account) => (
        <Badge variant={account.role === 'admin' ? 'filled' : 'light'} tt="none">
          {roleLabels[account.role]}
        </Badge>
      ),
    },
    { header: 'Added', cell: (account) => formatBusinessDay(account.createdAt) },
    { header: 'Last sign-in', cell: (account) => (account.lastLogin ? formatBusinessDateTime(account.lastLogin) : 'Never') },
    { header: 'Password', cell: (account) => <SetPassword account={account} own={account.id === currentUserId} /> },
  ];
}

/** /admin-staff: who signs in to the back office, adding staff, and new passwords. No password is ever shown. */
export function StaffPage({ currentUserId }: { currentUserId: number | undefined }) {
  useDocumentTitle('Staff');
  const accounts = useStaffAccounts();
  return (
    <Container size="xl" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <PageHeader title="Staff" description="Staff and administrator sign-ins to the back office. Technicians' phone sign-ins are on the Technicians page." />
        <Paper withBorder radius="md" p="lg">
          <AddStaffForm />
        </Paper>
        <Stack gap="sm" component="section" aria-labelledby="staff-list-heading">
          <Title order={2} size="h4" id="staff-list-heading">
            Sign-ins
          </Title>
          <QueryStates query={accounts} what="staff accounts" empty="No staff accounts yet." isEmpty={(list) => list.length === 0}>
            {(list) => (
              <>
                <Text size="sm" c="dimmed">
                  {list.length} {list.length === 1 ? 'account' : 'accounts'}. Forgotten passwords are replaced here: set a new one and tell them in person.
                </Text>
                <DataTable label="Staff accounts" items={list} columns={columns(currentUserId)} rowKey={(account) => account.id} />
              </>
            )}
          </QueryStates>
        </Stack>
      </Stack>
    </Container>
  );
}
