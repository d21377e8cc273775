import type { Migration } from 'kysely';
import * as init from './2026-11-22T0000-init.ts';
import * as statusEvents from './2026-11-23T0000-status-events.ts';
import * as payerReference from './2026-12-01T0000-payer-reference.ts';
import * as invoices from './2026-12-20T0000-invoices.ts';
import * as estimates from './2026-12-27T0000-estimates.ts';
import * as reportIndexes from './2026-12-28T0000-report-indexes.ts';
import * as invoiceLinks from './2026-12-30T0000-invoice-links.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-22T0000-init': init,
  '2026-11-23T0000-status-events': statusEvents,
  '2026-12-01T0000-payer-reference': payerReference,
  '2026-12-20T0000-invoices': invoices,
  '2026-12-27T0000-estimates': estimates,
  '2026-12-28T0000-report-indexes': reportIndexes,
  '2026-12-30T0000-invoice-links': invoiceLinks,
};
