import type { Migration } from 'kysely';
import * as init from './2026-11-22T0000-init.ts';
import * as serviceProCustomersName from './2026-11-24T0000-service-pro-customers-name.ts';
import * as sessions from './2026-11-25T0000-sessions.ts';
import * as technicianAccounts from './2026-11-26T0000-technician-accounts.ts';
import * as customerImport from './2026-12-02T0000-customer-import.ts';
import * as provenContacts from './2026-12-03T0000-proven-contacts.ts';
import * as loginFailureClients from './2026-12-04T0000-login-failure-clients.ts';
import * as resumableImport from './2026-12-05T0000-resumable-import.ts';
import * as passwordResets from './2026-12-12T0000-password-resets.ts';
import * as pendingRegistrations from './2026-12-14T0000-pending-registrations.ts';
import * as signInAlerts from './2026-12-15T0000-sign-in-alerts.ts';
import * as signInLinks from './2026-12-16T0000-sign-in-links.ts';
import * as technicianStates from './2026-12-17T0000-technician-states.ts';
import * as phoneCodes from './2026-12-18T0000-phone-codes.ts';
import * as jobberConnection from './2026-12-19T0000-jobber-connection.ts';
import * as emailChanges from './2026-12-20T0000-email-changes.ts';
import * as fieldServiceSettings from './2026-12-21T0000-field-service-settings.ts';
import * as importRetries from './2026-12-22T0000-import-retries.ts';
import * as customerNotes from './2027-01-02T0000-customer-notes.ts';
import * as phonePartSearch from './2027-01-02T0100-phone-part-search.ts';
import * as deletionRequests from './2027-01-03T0000-deletion-requests.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-22T0000-init': init,
  '2026-11-24T0000-service-pro-customers-name': serviceProCustomersName,
  '2026-11-25T0000-sessions': sessions,
  '2026-11-26T0000-technician-accounts': technicianAccounts,
  '2026-12-02T0000-customer-import': customerImport,
  '2026-12-03T0000-proven-contacts': provenContacts,
  '2026-12-04T0000-login-failure-clients': loginFailureClients,
  '2026-12-05T0000-resumable-import': resumableImport,
  '2026-12-12T0000-password-resets': passwordResets,
  '2026-12-14T0000-pending-registrations': pendingRegistrations,
  '2026-12-15T0000-sign-in-alerts': signInAlerts,
  '2026-12-16T0000-sign-in-links': signInLinks,
  '2026-12-17T0000-technician-states': technicianStates,
  '2026-12-18T0000-phone-codes': phoneCodes,
  '2026-12-19T0000-jobber-connection': jobberConnection,
  '2026-12-20T0000-email-changes': emailChanges,
  '2026-12-21T0000-field-service-settings': fieldServiceSettings,
  '2026-12-22T0000-import-retries': importRetries,
  '2027-01-02T0000-customer-notes': customerNotes,
  '2027-01-02T0100-phone-part-search': phonePartSearch,
  '2027-01-03T0000-deletion-requests': deletionRequests,
};
