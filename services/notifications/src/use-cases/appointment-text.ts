import { appointmentManagePath, arrivalWindowText, type AppointmentChanged } from '@repo/contracts';
import { messageKey } from '../domain/messages.ts';
import { e164, smsTexts } from '../domain/texts.ts';
import type { AppointmentEmailProps } from '../templates/appointment-email.tsx';
import type { TextToQueue } from './queue-text.ts';

/**
 * The text about the appointment as the event describes it, under the same key as its email (appointment × kind ×
 * version), when the customer agreed to texts at booking and gave a number a text can reach; undefined otherwise.
 */
export function appointmentText(event: AppointmentChanged, kind: AppointmentEmailProps['kind'], portalOrigin: string, day?: 'today' | 'tomorrow'): TextToQueue | undefined {
  const recipient = event.smsConsent ? e164(event.phone) : undefined;
  if (!recipient) return undefined;
  const window = arrivalWindowText(new Date(event.startsAt), new Date(event.endsAt));
  const url = `${portalOrigin}${appointmentManagePath(event.appointmentId, event.manageToken)}`;
  const body =
    kind === 'booking-confirmation' ? smsTexts['booking-confirmation']({ window, appliance: `${event.brand} ${event.appliance.toLowerCase()}`, url })
    : kind === 'rescheduled' ? smsTexts.rescheduled({ window, url })
    : kind === 'cancelled' ? smsTexts.cancelled({ window })
    : kind === 'reminder-day-before' ? smsTexts['reminder-day-before']({ window, day, url })
    : smsTexts.reminder({ window, day, url });
  return { key: messageKey({ appointmentId: event.appointmentId, kind, version: event.version }), kind, recipient, body, appointment: { id: event.appointmentId, version: event.version } };
}
