import type { Trx } from '../db/schema.ts';
import { renderOfficeAlertEmail, type OfficeAlertEmailProps } from '../templates/office-alert-email.tsx';
import type { NotificationsContext } from './context.ts';
import { queueEmail } from './queue-email.ts';

/**
 * Queues the office's alert under `key` (one per event it answers) when the office has an address
 * (NOTIFICATIONS_OFFICE_EMAIL); without one there are no alerts. In the caller's transaction, as every email.
 */
export async function alertOffice(ctx: NotificationsContext, trx: Trx, key: string, alert: OfficeAlertEmailProps, appointment?: { id: number; version: number }): Promise<void> {
  if (!ctx.officeEmail) return;
  const email = await renderOfficeAlertEmail(alert);
  await queueEmail(ctx, trx, { key, kind: 'office-alert', recipient: ctx.officeEmail, ...email, ...(appointment ? { appointment } : {}) });
}
