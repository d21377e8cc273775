import type { InvoiceStatus } from '@repo/contracts';

export const invoiceStatusColors: Record<InvoiceStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  partially_paid: 'yellow',
  paid: 'green',
  overdue: 'red',
  void: 'gray',
};
