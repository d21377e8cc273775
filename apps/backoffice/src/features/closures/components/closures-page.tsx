import { Badge, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { formatSlot, type Closure } from '@repo/contracts';
import { errorMessage, responsiveSpacing, showToast, useDocumentTitle } from '@repo/ui';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { formatCalendarDay } from '../../../lib/format.ts';
import { useClosures, useRemoveClosure } from '../api/closures.ts';
import { AddClosureForm } from './add-closure-form.tsx';

/** Remove a closure: busy while it runs; the toast says the day is offered again, or why it was not removed. */
function RemoveClosure({ closure }: { closure: Closure }) {
  const remove = useRemoveClosure();
  const day = formatCalendarDay(closure.date);
  return (
    <Button
      variant="default"
      size="xs"
      aria-label={`Remove the closure on ${day}`}
      loading={remove.isPending && remove.variables === closure.date}
      onClick={() =>
        remove.mutate(closure.date, {
          onSuccess: () => showToast({ title: 'Closure removed', description: `${day} is offered for booking again.` }),
          onError: (error) => showToast({ title: 'Remove Closure Failed', description: errorMessage(error, 'Failed to remove the closure'), variant: 'destructive' }),
        })
      }
    >
      Remove
    </Button>
  );
}

const columns: readonly [Column<Closure>, ...Column<Closure>[]] = [
  { header: 'Date', cell: (closure) => formatCalendarDay(closure.date), nowrap: true },
  {
    header: 'Hours',
    cell: (closure) =>
      closure.openSlots === null ? (
        <Badge color="red" variant="light" tt="none">
          Closed all day
        </Badge>
      ) : (
        <Stack gap={2}>
          <Badge color="yellow" variant="light" tt="none">
            Reduced hours
          </Badge>
          <Text size="sm">Open {closure.openSlots.map(formatSlot).join(', ')}</Text>
        </Stack>
      ),
  },
  { header: 'Reason', cell: (closure) => closure.reason ?? <Text c="dimmed" size="sm">None given</Text> },
  {
    header: 'Visits to move',
    cell: (closure) =>
      closure.visitsToMove > 0 ? (
        <Text size="sm" fw={600} c="red.8">
          {closure.visitsToMove} booked outside the open hours
        </Text>
      ) : (
        'None'
      ),
  },
  { header: 'Added by', cell: (closure) => closure.createdBy },
  { header: 'Remove', cell: (closure) => <RemoveClosure closure={closure} /> },
];

/**
 * /closures (staff): holidays and other closed days, and reduced-hours days. Online booking, customers' and the
 * office's moves all keep to them; visits already booked are counted here for the office to call.
 */
export function ClosuresPage() {
  useDocumentTitle('Closures');
  const closures = useClosures();
  return (
    <Container size="xl" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <PageHeader
          title="Closures"
          description="Holidays, closed days and reduced hours. A closed day is not offered for booking, and no visit can be booked or moved into it."
        />
        <Paper withBorder radius="md" p="lg">
          <AddClosureForm daySlots={closures.data?.daySlots} />
        </Paper>
        <Stack gap="sm" component="section" aria-labelledby="closures-list-heading">
          <Title order={2} size="h4" id="closures-list-heading">
            Upcoming closures
          </Title>
          <QueryStates query={closures} what="closures" empty="No upcoming closures: every day from Monday to Saturday is open." isEmpty={(list) => list.items.length === 0}>
            {(list) => <DataTable label="Upcoming closures" items={list.items} columns={columns} rowKey={(closure) => closure.date} />}
          </QueryStates>
        </Stack>
      </Stack>
    </Container>
  );
}
