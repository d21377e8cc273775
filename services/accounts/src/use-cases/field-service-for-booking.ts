import { serviceSystemIds, type CustomerHistoryAnswer, type ServiceSystemId } from '@repo/contracts';
import { FieldServiceError } from '@repo/field-service';
import type { CurrentConnection, SystemConnections } from '../domain/field-service.ts';
import type { JobberSettings, StoredJobberTokens } from '../domain/jobber-settings.ts';
import type { AccountsContext } from './context.ts';
import { systemConnection, type SettingsContext } from './field-service-settings.ts';
import { jobberConnected } from './jobber-connection.ts';

/**
 * Booking's customers bring their past visits in from the business's field-service systems through accounts, which
 * keeps the connections: the calls are made here, with the administrator's saved settings (through the guarded
 * fetch for addresses typed in the back office) or else the environment's, so no credential leaves accounts. The
 * answers are the connectors' own records and visits; booking turns them into its history.
 */

/**
 * The connection of each system; the configured one (FIELD_SERVICE_SYSTEM) is the back office's own, so the two share
 * one connector (its token and the tenant's indexes). Jobber's connector reads the stored tokens when it calls, so it
 * is counted as connected only while tokens are stored.
 */
export function systemConnections(
  ctx: SettingsContext & { jobber: JobberSettings },
  jobberTokens: StoredJobberTokens,
  configured: { system: ServiceSystemId; current: () => Promise<CurrentConnection> },
): SystemConnections {
  const connection = (system: ServiceSystemId) => (system === configured.system ? configured.current : systemConnection(ctx, jobberTokens, system));
  const jobber = connection('jobber');
  return {
    servicepro: connection('servicepro'),
    servicetitan: connection('servicetitan'),
    jobber: async () => ((await jobberConnected(ctx)) ? jobber() : { connector: null, missing: ['apiKey'] }),
  };
}

/**
 * The systems a customer can bring visits in from now: every credential set (saved or in the environment), Jobber's
 * tokens stored. Settings that no connector can be made with (refused before anything is sent) count as not connected.
 */
export async function connectedSystems(ctx: Pick<AccountsContext, 'systems'>): Promise<ServiceSystemId[]> {
  const connectors = await Promise.all(serviceSystemIds.map((system) => ctx.systems[system]().then(({ connector }) => connector, () => null)));
  return serviceSystemIds.filter((_system, index) => connectors[index] !== null);
}

const sameEmail = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The system's customers with this email (any letter case; the system's own search may match more loosely, and only
 * exact matches leave accounts), each with all of its visits. A connector's failure is answered as its kind and
 * message (never a credential in it), for booking to word for the customer; anything else stays a 500.
 */
export async function customerHistory(ctx: Pick<AccountsContext, 'systems'>, system: ServiceSystemId, email: string): Promise<CustomerHistoryAnswer> {
  try {
    const { connector } = await ctx.systems[system]();
    if (!connector) return { outcome: 'not-connected' };
    const records = (await connector.findCustomersByEmail(email)).filter((record) => sameEmail(record.email, email));
    const customers = [];
    for (const customer of records) customers.push({ customer, visits: await connector.listVisits(customer.externalId) });
    return { outcome: 'found', customers };
  } catch (err) {
    if (err instanceof FieldServiceError) return { outcome: 'failed', kind: err.kind, message: err.message };
    throw err;
  }
}
