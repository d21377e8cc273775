import { Badge } from '@mantine/core';
import { trackingStatusLabels, type TrackingStatus } from '@repo/contracts';

/**
 * The badge colours (dispatched blue, en-route yellow, arrived green, completed grey) and in-progress's own,
 * as dark text on a pale fill so every label keeps 7:1 contrast or more.
 */
const statusColors: Record<TrackingStatus, { background: string; text: string }> = {
  dispatched: { background: '#dbeafe', text: '#1e40af' },
  'en-route': { background: '#fef9c3', text: '#854d0e' },
  arrived: { background: '#dcfce7', text: '#166534' },
  'in-progress': { background: '#f3e8ff', text: '#6b21a8' },
  completed: { background: '#f1f3f5', text: '#343a40' },
};

export function TrackingStatusBadge({ status }: { status: TrackingStatus }) {
  const colors = statusColors[status];
  return (
    <Badge variant="filled" bg={colors.background} c={colors.text} tt="none" radius="sm" size="lg" data-status={status}>
      {trackingStatusLabels[status]}
    </Badge>
  );
}
