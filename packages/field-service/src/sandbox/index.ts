/**
 * Local servers that speak each system's protocol with demo data (README "Field-service connectors and sandboxes"):
 * the embedded default (`pnpm start`) and the browser tests run against them, and each connector's tests use one.
 */
import type { ServiceSystemId } from '@repo/contracts';
import type { SystemUrls } from '../config.ts';
import { serviceTitanRequestsPerSecond, serviceTitanTimeoutMs } from '../servicetitan/connector.ts';
import { startJobberSandbox, jobberSandboxCredentials, jobberSandboxOAuth, type JobberSandboxOptions } from './jobber.ts';
import { startServiceProSandbox, serviceProSandboxCredentials } from './servicepro.ts';
import { startServiceTitanSandbox, serviceTitanSandboxCredentials } from './servicetitan.ts';

export { startServiceProSandbox, serviceProSandboxCredentials, serviceProSandboxCompanyName, serviceProIdOf } from './servicepro.ts';
export { startServiceTitanSandbox, serviceTitanSandboxCredentials, serviceTitanIdOf, type OptionalFields, type ServiceTitanSandboxOptions } from './servicetitan.ts';
export { startJobberSandbox, jobberSandboxCredentials, jobberSandboxOAuth, jobberSandboxAccountName, jobberIdOf, type JobberSandboxOptions } from './jobber.ts';
export type { LoggedRequest, RunningSandbox, SandboxFault, SandboxMalformed, SandboxRateLimit, SandboxTestOptions } from './server.ts';
export { demoCustomer, phoneDigitsOf, emailOf, type DemoCustomer, type DemoVisit } from './demo-data.ts';

/** The Jobber API version the sandbox is addressed with (the configuration's default). */
const jobberVersion = '2025-04-16';

export type SandboxOptions = {
  /** Demo customers in each sandbox (default 120). */
  customers?: number;
  /** Where they listen (default 127.0.0.1; ports are ephemeral). */
  host?: string;
  /** Jobber's query-cost bucket (default Jobber's documented 10,000 points restored at 500 a second; false: none). */
  jobberThrottle?: JobberSandboxOptions['throttle'];
};

export type RunningSandboxes = {
  /** Where each sandbox listens. */
  urls: SystemUrls;
  /**
   * The environment for services: FIELD_SERVICE_SANDBOX=true, FIELD_SERVICE_SYSTEM=servicepro, every *_API_URL and
   * *_AUTH_URL, and every system's server credentials (SERVICEPRO_COMPANY … JOBBER_API_KEY, with Jobber's refresh
   * settings JOBBER_CLIENT_ID, JOBBER_CLIENT_SECRET, JOBBER_REFRESH_TOKEN, JOBBER_OAUTH_TOKEN_URL and
   * JOBBER_OAUTH_AUTHORIZE_URL).
   */
  env: Record<string, string>;
  /** The documented sandbox credentials, under the names the connectors take. */
  credentials: Record<ServiceSystemId, Record<string, string>>;
  close(): Promise<void>;
};

export async function startSandboxes(options: SandboxOptions = {}): Promise<RunningSandboxes> {
  const shared = { customers: options.customers ?? 120, host: options.host ?? '127.0.0.1' };
  const started = await Promise.allSettled([
    startServiceProSandbox(shared),
    startServiceTitanSandbox(shared),
    startJobberSandbox({ ...shared, throttle: options.jobberThrottle }),
  ]);
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(running.map((sandbox) => sandbox.close()));
    throw failed.reason;
  }
  const [servicePro, serviceTitan, jobber] = running as [(typeof running)[0], (typeof running)[0], (typeof running)[0]];
  const urls: SystemUrls = {
    servicepro: { api: servicePro.url },
    // The configuration's defaults, as services read them from the environment below.
    servicetitan: { api: serviceTitan.url, auth: serviceTitan.url, requestsPerSecond: serviceTitanRequestsPerSecond, timeoutMs: serviceTitanTimeoutMs },
    jobber: { api: `${jobber.url}/api/graphql`, version: jobberVersion, oauth: `${jobber.url}/api/oauth/token` },
  };
  const credentials: RunningSandboxes['credentials'] = {
    servicepro: { ...serviceProSandboxCredentials },
    servicetitan: { ...serviceTitanSandboxCredentials },
    jobber: { ...jobberSandboxCredentials },
  };
  return {
    urls,
    credentials,
    env: {
      FIELD_SERVICE_SANDBOX: 'true',
      FIELD_SERVICE_SYSTEM: 'servicepro',
      SERVICEPRO_API_URL: urls.servicepro.api,
      SERVICEPRO_COMPANY: credentials.servicepro.company!,
      SERVICEPRO_USERNAME: credentials.servicepro.username!,
      SERVICEPRO_PASSWORD: credentials.servicepro.password!,
      SERVICETITAN_API_URL: urls.servicetitan.api,
      SERVICETITAN_AUTH_URL: urls.servicetitan.auth,
      SERVICETITAN_CLIENT_ID: credentials.servicetitan.clientId!,
      SERVICETITAN_CLIENT_SECRET: credentials.servicetitan.clientSecret!,
      SERVICETITAN_APP_KEY: credentials.servicetitan.appKey!,
      SERVICETITAN_TENANT_ID: credentials.servicetitan.tenantId!,
      JOBBER_API_URL: urls.jobber.api,
      JOBBER_API_VERSION: urls.jobber.version,
      JOBBER_API_KEY: credentials.jobber.apiKey!,
      JOBBER_CLIENT_ID: jobberSandboxOAuth.clientId,
      JOBBER_CLIENT_SECRET: jobberSandboxOAuth.clientSecret,
      JOBBER_REFRESH_TOKEN: jobberSandboxOAuth.refreshToken,
      JOBBER_OAUTH_TOKEN_URL: urls.jobber.oauth!,
      // Read by accounts' Connect Jobber: the sandbox's consent page redirects straight back with a code.
      JOBBER_OAUTH_AUTHORIZE_URL: `${jobber.url}/api/oauth/authorize`,
    },
    close: async () => {
      await Promise.all(running.map((sandbox) => sandbox.close()));
    },
  };
}
