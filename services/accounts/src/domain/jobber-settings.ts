import type { ConnectorOptions, JobberApp, JobberTokenSource, SystemUrls } from '@repo/field-service';
import type { SecretBox } from './secret-box.ts';

/** What the Jobber connection works with: built once from the environment (definition.ts). */
export type JobberSettings = {
  /** Seals and opens the stored tokens. */
  box: SecretBox;
  /** The Jobber app's client id and secret and the token endpoint; null when JOBBER_CLIENT_ID or _SECRET is missing. */
  app: JobberApp | null;
  /** Jobber's consent page and the back office's callback registered with the app. */
  authorizeUrl: string;
  redirectUrl: string;
  urls: SystemUrls['jobber'];
  options: ConnectorOptions;
  /** JOBBER_API_KEY and JOBBER_REFRESH_TOKEN: stored once when no connection row exists yet, never again. */
  seed: { accessToken: string; refreshToken: string | null } | null;
  sandbox: boolean;
};

/** The stored tokens as the connector reads them (use-cases/jobber-connection.ts). */
export type StoredJobberTokens = JobberTokenSource & {
  /** Drops what this instance remembers (after Connect or Disconnect here). */
  forget(): void;
};
