import type { Migration } from 'kysely';
import * as messages from './2026-12-10T0000-messages.ts';
import * as messageKeys from './2026-12-11T0000-message-keys.ts';
import * as reminders from './2026-12-12T0000-reminders.ts';
import * as messageAttempts from './2026-12-13T0000-message-attempts.ts';
import * as appointmentContacts from './2026-12-13T0100-appointment-contacts.ts';
import * as signInAlertKind from './2026-12-15T0000-sign-in-alert-kind.ts';
import * as texts from './2026-12-16T0000-texts.ts';
import * as messagePreferences from './2026-12-19T0000-message-preferences.ts';
import * as emailChangeKinds from './2026-12-20T0000-email-change-kinds.ts';
import * as bodyRetention from './2026-12-21T0000-body-retention.ts';
import * as earlyTextStatuses from './2026-12-22T0000-early-text-statuses.ts';
import * as partArrivedKind from './2026-12-24T0000-part-arrived-kind.ts';
import * as invoiceKind from './2026-12-30T0000-invoice-kind.ts';

export const migrations: Record<string, Migration> = {
  '2026-12-10T0000-messages': messages,
  '2026-12-11T0000-message-keys': messageKeys,
  '2026-12-12T0000-reminders': reminders,
  '2026-12-13T0000-message-attempts': messageAttempts,
  '2026-12-13T0100-appointment-contacts': appointmentContacts,
  '2026-12-15T0000-sign-in-alert-kind': signInAlertKind,
  '2026-12-16T0000-texts': texts,
  '2026-12-19T0000-message-preferences': messagePreferences,
  '2026-12-20T0000-email-change-kinds': emailChangeKinds,
  '2026-12-21T0000-body-retention': bodyRetention,
  '2026-12-22T0000-early-text-statuses': earlyTextStatuses,
  '2026-12-24T0000-part-arrived-kind': partArrivedKind,
  '2026-12-30T0000-invoice-kind': invoiceKind,
};
