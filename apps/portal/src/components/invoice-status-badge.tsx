import { Badge } from '@mantine/core';
import { invoiceStatusLabels, type InvoiceStatus } from '@repo/contracts';

const colors: Record<InvoiceStatus, string> = { draft: 'gray', sent: 'blue', partially_paid: 'yellow', paid: 'green', overdue: 'red', void: 'gray' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge component="span" color={colors[status]} variant="light" tt="none" c="dark.8">
      {invoiceStatusLabels[status]}
    </Badge>
  );
}
