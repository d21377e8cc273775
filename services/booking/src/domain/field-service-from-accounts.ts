import { randomUUID } from 'node:crypto';
import {
  customerHistoryPath,
  customerHistoryResponseSchema,
  customerHistoryTopic,
  fieldServiceSystemsPath,
  fieldServiceSystemsResponseSchema,
  fieldServiceSystemsTopic,
  type CustomerHistoryAnswer,
  type ServiceName,
  type ServiceSystemId,
} from '@repo/contracts';
import { signedDeliveryHeaders } from '@repo/service-kit';
import type { z } from 'zod';

/**
 * The business's field-service systems as booking reaches them: through accounts, which keeps the connections (the
 * administrator's saved settings, else its environment's; Jobber's tokens) and makes the calls itself. Booking holds
 * no credential of any system.
 */
export type FieldServiceAccess = {
  /** The systems a customer can bring past visits in from now; throws AccountsUnavailableError when accounts cannot say. */
  connected: () => Promise<readonly ServiceSystemId[]>;
  /**
   * The system's customers with this email, each with every visit, or why there are none to read (not connected, the
   * system failed); throws AccountsUnavailableError when accounts cannot be asked.
   */
  customerHistory: (system: ServiceSystemId, email: string) => Promise<CustomerHistoryAnswer>;
};

/** Accounts could not be asked: not configured here, not answering in time, or answering what the contract does not say. */
export class AccountsUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AccountsUnavailableError';
  }
}

/**
 * How long the list of connected systems is reused. The list only decides which buttons the portal shows: an import
 * asks accounts afresh (which answers `not-connected` for a system disconnected meanwhile), so a list up to this old
 * never makes booking use a connection that is gone, and a system an administrator connects shows within this time.
 */
const connectedReuseMs = 30_000;
/** After a failed question the failure is reused this long, so a page load per visitor does not wait on accounts each. */
const failureReuseMs = 5_000;
/** The list is asked while a page loads: accounts answers it from its database, well within this. */
const connectedTimeoutMs = 5_000;

export type FieldServiceFromAccountsOptions = {
  service: ServiceName;
  /** This service's SERVICE_KEY, which accounts trusts (TRUSTED_SERVICE_KEYS). */
  key: string | undefined;
  /** Accounts' internal address (PEER_URLS). */
  accountsUrl: string | undefined;
  /** The longest a customer's history question may take, vendor calls and their retries included. */
  historyTimeoutMs: number;
  clock?: () => number;
};

/**
 * Booking's questions to accounts (`POST /internal/field-service/systems` and `/customer-history`), signed like an
 * effect delivery with SERVICE_KEY.
 */
export function fieldServiceFromAccounts(options: FieldServiceFromAccountsOptions): FieldServiceAccess {
  const clock = options.clock ?? Date.now;

  async function ask<Schema extends z.ZodType>(path: string, topic: string, payload: object, schema: Schema, timeoutMs: number): Promise<z.output<Schema>> {
    if (!options.key || !options.accountsUrl) {
      throw new AccountsUnavailableError(`${options.service} has no accounts address in PEER_URLS or no SERVICE_KEY to sign its questions with`);
    }
    const body = JSON.stringify(payload);
    let status: number;
    let text: string;
    try {
      const response = await fetch(new URL(path, options.accountsUrl), {
        method: 'POST',
        headers: signedDeliveryHeaders(options.service, options.key, { messageId: randomUUID(), topic, body }),
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (err) {
      throw new AccountsUnavailableError('The accounts service did not answer.', { cause: err });
    }
    if (status !== 200) throw new AccountsUnavailableError(`The accounts service answered HTTP ${status}.`);
    const unreadable = () => new AccountsUnavailableError('The accounts service answered in a form booking cannot read.');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw unreadable();
    }
    const answer = schema.safeParse(json);
    if (!answer.success) throw unreadable();
    return answer.data;
  }

  let known: { until: number; systems: Promise<readonly ServiceSystemId[]> } | undefined;

  return {
    connected() {
      if (known && clock() < known.until) return known.systems;
      const systems = ask(fieldServiceSystemsPath, fieldServiceSystemsTopic, {}, fieldServiceSystemsResponseSchema, connectedTimeoutMs).then((answer) => answer.connected);
      // While it is asked every caller shares the question; once answered it is reused for a while (a failure briefly).
      const entry = { until: Number.POSITIVE_INFINITY, systems };
      known = entry;
      systems.then(
        () => (entry.until = clock() + connectedReuseMs),
        () => (entry.until = clock() + failureReuseMs),
      );
      return systems;
    },
    customerHistory: (system, email) => ask(customerHistoryPath, customerHistoryTopic, { system, email }, customerHistoryResponseSchema, options.historyTimeoutMs),
  };
}
