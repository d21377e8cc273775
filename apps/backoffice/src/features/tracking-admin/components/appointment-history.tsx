import { Button, Group, List, Loader, Text } from '@mantine/core';
import type { AppointmentHistoryEntry } from '@repo/contracts';
import { errorMessage } from '@repo/ui';
import { Expander } from '../../../components/expander.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatBusinessDateTime } from '../../../lib/format.ts';
import { useAppointmentHistory } from '../api/appointments.ts';
import { statusLabels } from '../../../lib/status.ts';

const actionWords: Record<AppointmentHistoryEntry['action'], string> = {
  booked: 'Booked',
  rescheduled: 'Rescheduled',
  cancelled: 'Cancelled',
  confirmed: 'Confirmed',
  reopened: 'Reopened',
  'no-show': 'Marked as a no-show',
  'status-changed': 'Status changed',
  assigned: 'Technician assigned',
  unassigned: 'Technician taken off',
  completed: 'Completed',
  'customer-linked': 'Linked to the customer’s account',
  'call-back-requested': 'Customer asked to be called back',
  'part-arrived': 'Part arrived',
  // The technician on the way, arrived, working: the detail says which (tracking's words).
  'visit-progressed': 'Visit',
};

/** One change in words: what, the status it moved between, and the reason or detail given. */
export function historyLine(entry: AppointmentHistoryEntry): string {
  const moved = entry.fromStatus && entry.fromStatus !== entry.toStatus ? ` (${statusLabels[entry.fromStatus]} → ${statusLabels[entry.toStatus]})` : '';
  const detail = entry.detail ? `: ${entry.detail}` : '';
  const reason = entry.reason ? ` — Reason: ${entry.reason}` : '';
  return `${actionWords[entry.action]}${detail}${moved}${reason}`;
}

/** The appointment's history (who, when, what), newest first, loaded once shown. */
function HistoryList({ appointmentId }: { appointmentId: number }) {
  const history = useAppointmentHistory(appointmentId);
  if (history.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm">Loading history...</Text>
      </Group>
    );
  }
  if (history.isError) {
    return (
      <Notice color="red" role="alert" title="History could not be loaded">
        {errorMessage(history.error)}{' '}
        <Button variant="subtle" size="compact-xs" onClick={() => void history.refetch()}>
          Try Again
        </Button>
      </Notice>
    );
  }
  if (history.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No changes recorded yet.
      </Text>
    );
  }
  return (
    <List size="sm" spacing={4} listStyleType="none" pl={0}>
      {history.data.map((entry) => (
        <List.Item key={entry.id}>
          <Text size="sm" component="span" fw={600}>
            {historyLine(entry)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBusinessDateTime(entry.at)} · {entry.actor}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** The appointment's history behind a button that expands it. */
export function AppointmentHistory({ appointmentId, customerName }: { appointmentId: number; customerName: string }) {
  return (
    <Expander title="History" of={`${customerName}'s appointment`}>
      <HistoryList appointmentId={appointmentId} />
    </Expander>
  );
}
