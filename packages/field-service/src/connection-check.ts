import type { SystemUrls } from './config.ts';
import { FieldServiceError, type ConnectorOptions } from './connector.ts';
import { createConnector } from './create-connector.ts';
import { systemNames } from './http.ts';
import { requestServiceProToken } from './servicepro/connector.ts';
import { requestServiceTitanToken } from './servicetitan/connector.ts';

/**
 * The back office's Test connection: a sign-in, then one small page of customers, each reported apart in words a
 * person can act on, naming the setting to check when one is to blame. Nothing is retried (a person is waiting and
 * presses the button again), and nothing is kept: the connector is made for the check and dropped.
 */

/** The systems an administrator sets up by hand (Jobber connects through its own OAuth consent page). */
export type CheckedSystem = 'servicepro' | 'servicetitan';

export type ConnectionCheck = {
  step: 'sign-in' | 'customers';
  ok: boolean;
  message: string;
  /** The setting the failure points at (as the settings form names it), when one does. */
  field?: string;
};

export type ConnectionReport = { ok: boolean; checks: ConnectionCheck[] };

/** What stopped a request before any answer: the socket's error code in words, or undefined. */
function networkReason(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const next = queue.shift();
    if (!next || typeof next !== 'object' || seen.has(next)) continue;
    seen.add(next);
    const { code, cause, errors } = next as { code?: unknown; cause?: unknown; errors?: unknown };
    switch (code) {
      case 'ECONNREFUSED':
        return 'connection refused';
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return 'no such host';
      case 'ECONNRESET':
      case 'UND_ERR_SOCKET':
        return 'the connection was closed before an answer';
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return 'the network cannot reach that host';
      case 'CERT_HAS_EXPIRED':
      case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      case 'SELF_SIGNED_CERT_IN_CHAIN':
      case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
      case 'ERR_TLS_CERT_ALTNAME_INVALID':
        return 'its certificate is not trusted';
    }
    queue.push(cause, ...(Array.isArray(errors) ? errors : []));
  }
  return undefined;
}

const timedOut = (error: FieldServiceError) => {
  const cause = error.cause as { name?: unknown } | undefined;
  return cause?.name === 'TimeoutError' || cause?.name === 'AbortError';
};

/** The address without a query or credentials, as a person typed it. */
const shown = (url: string) => {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return url;
  }
};

type Place = { url: string; timeoutMs: number };

/**
 * A failure that is about reaching `place` (network, timeout, wrong address, an answer from something else), or
 * undefined when the system answered as itself.
 */
function reachFailure(error: FieldServiceError, place: Place, before: string, what: string): ConnectionCheck['message'] | undefined {
  const address = shown(place.url);
  const reason = networkReason(error.cause);
  if (reason) return `${before}Could not reach ${address}: ${reason}. Check the ${what}.`;
  if (error.kind === 'unavailable' && timedOut(error)) {
    return `${before}${address} did not answer within ${place.timeoutMs / 1000} s. Check the ${what}; if it is right, the system is slow or down: try again in a few minutes.`;
  }
  if (error.kind === 'not-found') return `${before}${address} answered 404 (no such page). Check the ${what}.`;
  if (error.kind === 'malformed') return `${before}${address} answered with something that is not ${systemNames[error.system]}'s API (${error.message}). Check the ${what}.`;
  return undefined;
}

/** A failure the system answered as itself: overloaded, limiting, or failing. */
function systemFailure(error: FieldServiceError, before: string): string {
  const name = systemNames[error.system];
  if (error.kind === 'rate-limited') return `${before}${name} is limiting requests (HTTP 429): another app may be using the same limit. Try again in a minute.`;
  if (error.status !== undefined) return `${before}${name} answered HTTP ${error.status}: it is having trouble. Try again in a few minutes.`;
  return `${before}${error.message}`;
}

function failed(step: ConnectionCheck['step'], message: string, field?: string): ConnectionCheck {
  return field ? { step, ok: false, message, field } : { step, ok: false, message };
}

async function checkServiceTitan(credentials: Record<string, string>, urls: SystemUrls, options: ConnectorOptions, timeoutMs: number): Promise<ConnectionCheck[]> {
  const { auth, api } = urls.servicetitan;
  const tenant = credentials.tenantId ?? '';
  // Made first: a value no request could carry is refused before anything is sent.
  const connector = createConnector('servicetitan', credentials, urls, options);
  try {
    await requestServiceTitanToken({ clientId: credentials.clientId ?? '', clientSecret: credentials.clientSecret ?? '' }, { auth }, options);
  } catch (err) {
    if (!(err instanceof FieldServiceError)) throw err;
    if (err.kind === 'credentials') {
      return [failed('sign-in', 'ServiceTitan refused to sign in with this client id and client secret (invalid_client): check both against the app in ServiceTitan’s developer portal.', 'clientSecret')];
    }
    const reach = reachFailure(err, { url: auth, timeoutMs }, 'ServiceTitan sign-in failed. ', 'auth URL');
    return [failed('sign-in', reach ?? systemFailure(err, 'ServiceTitan sign-in failed. '), reach ? 'authUrl' : undefined)];
  }
  const signedIn: ConnectionCheck = { step: 'sign-in', ok: true, message: `Signed in to ServiceTitan at ${shown(auth)}.` };
  try {
    await connector.accountName();
    return [signedIn, { step: 'customers', ok: true, message: `Read a page of tenant ${tenant}'s customers at ${shown(api)}.` }];
  } catch (err) {
    if (!(err instanceof FieldServiceError)) throw err;
    const before = 'Signed in to ServiceTitan, but ';
    if (err.kind === 'credentials' && err.status === 403) {
      return [signedIn, failed('customers', `${before}tenant ${tenant} answered 403: check the tenant id, and that the app is enabled for this tenant.`, 'tenantId')];
    }
    if (err.kind === 'credentials' && err.status === 401) {
      return [signedIn, failed('customers', `${before}its API refused the app key (401): check the app key (ST-App-Key) of the app.`, 'appKey')];
    }
    const reach = reachFailure(err, { url: api, timeoutMs }, `${before}reading tenant ${tenant}'s customers failed. `, 'API base URL');
    return [signedIn, failed('customers', reach ?? systemFailure(err, `${before}reading tenant ${tenant}'s customers failed. `), reach ? 'apiUrl' : undefined)];
  }
}

async function checkServicePro(credentials: Record<string, string>, urls: SystemUrls, options: ConnectorOptions, timeoutMs: number): Promise<ConnectionCheck[]> {
  const { api } = urls.servicepro;
  const connector = createConnector('servicepro', credentials, urls, options);
  let company: string;
  try {
    ({ companyName: company } = await requestServiceProToken({ company: credentials.company ?? '', username: credentials.username ?? '', password: credentials.password ?? '' }, { api }, options));
  } catch (err) {
    if (!(err instanceof FieldServiceError)) throw err;
    if (err.kind === 'credentials') return [failed('sign-in', 'ServicePro refused to sign in with this company, username and password: check all three.', 'password')];
    const reach = reachFailure(err, { url: api, timeoutMs }, 'ServicePro sign-in failed. ', 'API URL');
    return [failed('sign-in', reach ?? systemFailure(err, 'ServicePro sign-in failed. '), reach ? 'apiUrl' : undefined)];
  }
  const signedIn: ConnectionCheck = { step: 'sign-in', ok: true, message: `Signed in to ServicePro as ${company}.` };
  try {
    const page = await connector.listCustomers(null, 1);
    const count = page.total === null ? '' : ` (${page.total.toLocaleString('en-US')} in all)`;
    return [signedIn, { step: 'customers', ok: true, message: `Read the first page of customers${count}.` }];
  } catch (err) {
    if (!(err instanceof FieldServiceError)) throw err;
    const before = 'Signed in to ServicePro, but ';
    if (err.kind === 'credentials') return [signedIn, failed('customers', `${before}its customer list refused the session (HTTP ${err.status ?? 401}): check that this username may read customers.`, 'username')];
    const reach = reachFailure(err, { url: api, timeoutMs }, `${before}reading the customers failed. `, 'API URL');
    return [signedIn, failed('customers', reach ?? systemFailure(err, `${before}reading the customers failed. `), reach ? 'apiUrl' : undefined)];
  }
}

/**
 * Signs in to `system` with `credentials` and reads one small page of customers, once each (no retries), each
 * request given `timeoutMs`. Never throws for the system's failures: they are the report.
 */
export async function checkConnection(
  system: CheckedSystem,
  credentials: Record<string, string>,
  urls: SystemUrls,
  options: ConnectorOptions & { timeoutMs: number },
): Promise<ConnectionReport> {
  const once: ConnectorOptions = { ...options, maxRetries: 0, rateLimitRetries: 0 };
  // ServiceTitan's own timeout wins over the options' in its connector: the check's is the one that counts here.
  const checkedUrls: SystemUrls = { ...urls, servicetitan: { ...urls.servicetitan, timeoutMs: options.timeoutMs } };
  let checks: ConnectionCheck[];
  try {
    checks = system === 'servicetitan' ? await checkServiceTitan(credentials, checkedUrls, once, options.timeoutMs) : await checkServicePro(credentials, checkedUrls, once, options.timeoutMs);
  } catch (err) {
    // createConnector refuses unusable values before sending anything (a tenant id that is not digits, say).
    if (err instanceof FieldServiceError && err.kind === 'credentials') checks = [failed('sign-in', err.message)];
    else throw err;
  }
  return { ok: checks.every((check) => check.ok), checks };
}
