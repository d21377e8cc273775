import { z } from 'zod';
import type { ServiceName } from './routes.ts';

/**
 * CSV (RFC 4180) for files the office opens in a spreadsheet, written the same way by the back office and by every
 * service's export. A cell a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return:
 * OWASP's "CSV injection") is written with a leading apostrophe, so a name typed somewhere as `=HYPERLINK(…)` stays
 * text. A plain number ("-12.50") is data, not a formula, and is left as it is, so a negative amount still adds up.
 */
const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^-?\d+(\.\d+)?$/;

export type CsvValue = string | number | boolean | Date | null | undefined;

export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  const safe = formulaStart.test(text) && !plainNumber.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line, ended with CRLF as RFC 4180 asks. */
export const csvLine = (row: readonly CsvValue[]): string => `${row.map(csvCell).join(',')}\r\n`;

/**
 * The business's data as the owner downloads it (administrators only): one CSV file per table, each answered by the
 * service that owns it, and zipped together by the back office into one archive.
 */
export const dataExportFiles = [
  { file: 'customers.csv', path: '/api/admin/export/customers.csv', service: 'accounts' },
  { file: 'appointments.csv', path: '/api/appointments/export/appointments.csv', service: 'booking' },
  { file: 'payments.csv', path: '/api/payments/export/payments.csv', service: 'payments' },
  { file: 'invoices.csv', path: '/api/payments/export/invoices.csv', service: 'payments' },
  { file: 'messages.csv', path: '/api/notifications/export/messages.csv', service: 'notifications' },
] as const satisfies readonly { file: string; path: string; service: ServiceName }[];
export type DataExportFileName = (typeof dataExportFiles)[number]['file'];
export const dataExportFile = (file: DataExportFileName) => dataExportFiles.find((entry) => entry.file === file)!;

/**
 * What the law makes the business keep when a customer asks to be forgotten, shown to the administrator before and
 * after a deletion request, and written in the README.
 */
export const deletionRetentionRule =
  'Invoices and payment records are kept for 7 years after the year of the payment (IRS and Florida record keeping for ' +
  'tax and accounting): each invoice keeps the customer\'s name and the amounts; their email, phone and address are ' +
  'removed. A phone number that replied STOP stays on the opt-out list so it is never texted again.';

/** The services that erase a customer's data on `customer.deletion-requested` and report back, besides accounts. */
export const deletionServices = ['booking', 'tracking', 'payments', 'notifications'] as const satisfies readonly ServiceName[];
export type DeletionService = (typeof deletionServices)[number];

export const customerDeletionPath = (customerId: number | string) => `/api/admin/customers/${customerId}/deletion`;
export const deletionRequestsPath = '/api/admin/deletion-requests';

export const deletionRequestMessages = {
  reasonRequired: 'Say how and when the customer asked (kept with the request).',
  reasonTooLong: 'Keep the note under 500 characters.',
  customerNotFound: 'No customer has that id.',
} as const;

export const customerDeletionParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const customerDeletionBodySchema = z.object({
  reason: z.string({ error: deletionRequestMessages.reasonRequired }).trim().min(1, deletionRequestMessages.reasonRequired).max(500, deletionRequestMessages.reasonTooLong),
});
export type CustomerDeletionBody = z.infer<typeof customerDeletionBodySchema>;

export const deletionProgressSchema = z.object({
  service: z.enum(['accounts', ...deletionServices]),
  /** When the service finished; null while it has not reported. */
  doneAt: z.iso.datetime({ offset: true }).nullable(),
  /** What it erased and what it kept, in words. */
  summary: z.string().nullable(),
});
export const deletionRequestSchema = z.object({
  id: z.uuid(),
  customerId: z.number().int().positive(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.iso.datetime({ offset: true }),
  done: z.boolean(),
  progress: z.array(deletionProgressSchema),
  retention: z.string(),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;
export const deletionRequestListSchema = z.object({ items: z.array(deletionRequestSchema) });

/**
 * accounts → booking, tracking, payments, notifications: an administrator recorded a customer's request to be
 * forgotten. Accounts has already erased the account in the same transaction; each subscriber erases or anonymises
 * what it holds of the customer (matched by account id, and by email or phone where it keeps no account id) and
 * answers with `customer.deletion-completed`. Applying it twice changes nothing more.
 */
export const customerDeletionRequestedTopic = 'customer.deletion-requested';
export const customerDeletionRequestedEffect = z.object({
  requestId: z.uuid(),
  customerId: z.number().int().positive(),
  /** Lower case. */
  email: z.string().min(1).max(320),
  /** The account's phone as digits only (ten for a US number); empty when it had none. */
  phoneDigits: z.string().regex(/^\d*$/),
  requestedAt: z.iso.datetime({ offset: true }),
});
export type CustomerDeletionRequested = z.infer<typeof customerDeletionRequestedEffect>;

/** booking, tracking, payments, notifications → accounts: the service erased what it held of the customer. */
export const customerDeletionCompletedTopic = 'customer.deletion-completed';
export const customerDeletionCompletedEffect = z.object({
  requestId: z.uuid(),
  service: z.enum(deletionServices),
  summary: z.string().max(1000),
  completedAt: z.iso.datetime({ offset: true }),
});
export type CustomerDeletionCompleted = z.infer<typeof customerDeletionCompletedEffect>;

/** A name put in place of an erased customer's. */
export const erasedCustomerName = 'Deleted customer';
