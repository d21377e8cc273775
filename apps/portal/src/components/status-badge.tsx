import { Badge } from '@mantine/core';
import { trackingStatusLabels } from '@repo/contracts';

/**
 * Status colours of the customer history: completed, in-progress, scheduled, pending and cancelled
 * have their own; every other status is neutral grey. Dark text on a pale fill keeps 7:1 or more.
 */
const statusColors: Record<string, { background: string; text: string }> = {
  completed: { background: '#dcfce7', text: '#166534' },
  'in-progress': { background: '#dbeafe', text: '#1e40af' },
  'en-route': { background: '#fef9c3', text: '#854d0e' },
  arrived: { background: '#dcfce7', text: '#166534' },
  scheduled: { background: '#fef9c3', text: '#854d0e' },
  pending: { background: '#ffedd5', text: '#9a3412' },
  cancelled: { background: '#fee2e2', text: '#991b1b' },
};
const neutral = { background: '#f1f3f5', text: '#343a40' };

/**
 * The status with its first letter capitalised ("in-progress" → "In-progress"); a visit's stages in the tracking
 * page's words ("en-route" → "On The Way", "arrived" → "Arrived"), so the two pages say the same.
 */
export const statusLabel = (status: string): string => {
  if (status === 'en-route' || status === 'arrived') return trackingStatusLabels[status];
  return status.charAt(0).toUpperCase() + status.slice(1);
};

export function StatusBadge({ status }: { status: string }) {
  const colors = statusColors[status] ?? neutral;
  return (
    <Badge variant="filled" bg={colors.background} c={colors.text} tt="none" radius="sm" data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
