import { Badge } from '@mantine/core';
import { statusColors, statusLabels, type BackOfficeStatus } from '../lib/status.ts';

/** A status in the back office's words (lib/status.ts) and colours; a span, so it may stand where only text may (a list item). */
export function StatusBadge({ status }: { status: BackOfficeStatus }) {
  const colors = statusColors[status];
  return (
    <Badge component="span" variant="filled" bg={colors.background} c={colors.text} tt="none" radius="sm" data-status={status}>
      {statusLabels[status]}
    </Badge>
  );
}
