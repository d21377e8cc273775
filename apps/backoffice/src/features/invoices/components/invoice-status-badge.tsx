import { Badge } from '@mantine/core';
import { invoiceStatusLabels, type InvoiceStatus } from '@repo/contracts';
import { invoiceStatusColors } from '../lib/labels.ts';

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge component="span" color={invoiceStatusColors[status]} variant="light" tt="none" c="dark.8">
      {invoiceStatusLabels[status]}
    </Badge>
  );
}
