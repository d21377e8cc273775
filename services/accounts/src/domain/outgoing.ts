import {
  customerDeletionRequestedEffect,
  customerDeletionRequestedTopic,
  customerEmailProvenEffect,
  customerEmailProvenTopic,
  demoCustomerSeededEffect,
  demoCustomerSeededTopic,
  emailChangeEffect,
  emailChangeTopic,
  passwordResetRequestedEffect,
  passwordResetRequestedTopic,
  phoneCodeRequestedEffect,
  phoneCodeRequestedTopic,
  registrationRequestedEffect,
  registrationRequestedTopic,
  signInFailuresEffect,
  signInFailuresTopic,
  signInLinkRequestedEffect,
  signInLinkRequestedTopic,
} from '@repo/contracts';
import type { Effects } from '@repo/service-kit';
import type { AccountsDatabase } from '../db/schema.ts';

/** What accounts tells other services, through its outbox. */
export const accountsOutgoing = {
  [customerDeletionRequestedTopic]: { to: ['booking', 'tracking', 'payments', 'notifications'], schema: customerDeletionRequestedEffect },
  [customerEmailProvenTopic]: { to: 'booking', schema: customerEmailProvenEffect },
  [demoCustomerSeededTopic]: { to: 'booking', schema: demoCustomerSeededEffect },
  [emailChangeTopic]: { to: 'notifications', schema: emailChangeEffect },
  [passwordResetRequestedTopic]: { to: 'notifications', schema: passwordResetRequestedEffect },
  [phoneCodeRequestedTopic]: { to: 'notifications', schema: phoneCodeRequestedEffect },
  [registrationRequestedTopic]: { to: 'notifications', schema: registrationRequestedEffect },
  [signInFailuresTopic]: { to: 'notifications', schema: signInFailuresEffect },
  [signInLinkRequestedTopic]: { to: 'notifications', schema: signInLinkRequestedEffect },
} as const;

/** The part of accounts' effects its use cases use: writing a message into their transaction. */
export type AccountsOutbox = Pick<Effects<typeof accountsOutgoing, Record<never, never>, AccountsDatabase>, 'enqueue'>;
