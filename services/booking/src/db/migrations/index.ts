import type { Migration } from 'kysely';
import * as init from './2026-11-22T0000-init.ts';
import * as bookFunction from './2026-11-22T0100-book-function.ts';
import * as slotPlaceFunctions from './2026-11-24T0000-slot-place-functions.ts';
import * as appointmentPage from './2026-11-26T0000-appointment-page.ts';
import * as dispatch from './2026-11-28T0000-dispatch.ts';
import * as historySource from './2026-12-02T0000-history-source.ts';
import * as smsConsent from './2026-12-05T0000-sms-consent.ts';
import * as smsConsentText from './2026-12-10T0000-sms-consent-text.ts';
import * as appointmentLinkRequests from './2026-12-11T0000-appointment-link-requests.ts';
import * as officeActions from './2026-12-14T0000-office-actions.ts';
import * as visitCopies from './2026-12-19T0000-visit-copies.ts';
import * as closures from './2026-12-20T0000-closures.ts';
import * as callBackRequests from './2026-12-21T0000-call-back-requests.ts';
import * as applianceIntake from './2026-12-22T0000-appliance-intake.ts';
import * as reportIndexes from './2026-12-23T0000-report-indexes.ts';
import * as jobRecord from './2026-12-24T0000-job-record.ts';
import * as visitStage from './2026-12-25T0000-visit-stage.ts';
import * as warrantyClaim from './2026-12-30T0000-warranty-claim.ts';
import * as photos from './2026-12-31T0000-photos.ts';
import * as photoDrafts from './2027-01-04T0000-photo-drafts.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-22T0000-init': init,
  '2026-11-22T0100-book-function': bookFunction,
  '2026-11-24T0000-slot-place-functions': slotPlaceFunctions,
  '2026-11-26T0000-appointment-page': appointmentPage,
  '2026-11-28T0000-dispatch': dispatch,
  '2026-12-02T0000-history-source': historySource,
  '2026-12-05T0000-sms-consent': smsConsent,
  '2026-12-10T0000-sms-consent-text': smsConsentText,
  '2026-12-11T0000-appointment-link-requests': appointmentLinkRequests,
  '2026-12-14T0000-office-actions': officeActions,
  '2026-12-19T0000-visit-copies': visitCopies,
  '2026-12-20T0000-closures': closures,
  '2026-12-21T0000-call-back-requests': callBackRequests,
  '2026-12-22T0000-appliance-intake': applianceIntake,
  '2026-12-23T0000-report-indexes': reportIndexes,
  '2026-12-24T0000-job-record': jobRecord,
  '2026-12-25T0000-visit-stage': visitStage,
  '2026-12-30T0000-warranty-claim': warrantyClaim,
  '2026-12-31T0000-photos': photos,
  '2027-01-04T0000-photo-drafts': photoDrafts,
};
