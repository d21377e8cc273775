import { z } from 'zod';

/**
 * The back office's connection to Jobber (administrators): the OAuth authorisation-code flow started from the back
 * office, the state of the tokens the accounts service keeps (encrypted) in its database, and Disconnect.
 *
 * - `GET jobberConnectionPath`: the connection's state (never a token).
 * - `POST jobberConnectPath`: a new authorisation attempt bound to the administrator's session; answers the URL of
 *   Jobber's consent page to send the browser to.
 * - `GET jobberCallbackPath?code=&state=`: where Jobber sends the browser back; exchanges the code, stores the tokens
 *   and redirects to `jobberConnectionPagePath` (with `?jobber=connected` or `?jobber=failed`).
 * - `DELETE jobberConnectionPath`: forgets the tokens (204).
 */
export const jobberConnectionPath = '/api/admin/jobber-connection';
export const jobberConnectPath = '/api/admin/jobber-connection/authorize';
export const jobberCallbackPath = '/api/admin/jobber-connection/callback';
/** The back-office page that shows the connection (the customer import's tab). */
export const jobberConnectionPagePath = '/admin-customer-management';

export const jobberConnectionSources = ['environment', 'back-office'] as const;

export const jobberConnectionSchema = z.object({
  /** True while tokens are stored; false before the first connection and after Disconnect. */
  connected: z.boolean(),
  /** Where the stored tokens came from: JOBBER_API_KEY/JOBBER_REFRESH_TOKEN (seeded once) or Connect Jobber. */
  source: z.enum(jobberConnectionSources).nullable(),
  /** The Jobber account the tokens reach (its `account { name }`), when known. */
  accountName: z.string().nullable(),
  connectedBy: z.string().nullable(),
  connectedAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the access token in use was issued (Jobber's last 60 minutes). */
  accessTokenIssuedAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the access token was last renewed with the refresh token. */
  lastRenewedAt: z.iso.datetime({ offset: true }).nullable(),
  /** True when a refresh token is stored and the app's client id and secret are configured. */
  canRenew: z.boolean(),
  lastError: z.string().nullable(),
  lastErrorAt: z.iso.datetime({ offset: true }).nullable(),
  /** False when JOBBER_CLIENT_ID or JOBBER_CLIENT_SECRET is missing: Connect Jobber cannot start. */
  appConfigured: z.boolean(),
  /** True when Jobber is the local sandbox that ships with the demo. */
  sandbox: z.boolean(),
});
export type JobberConnection = z.infer<typeof jobberConnectionSchema>;

export const jobberAuthorizationSchema = z.object({ authorizeUrl: z.url() });
export type JobberAuthorization = z.infer<typeof jobberAuthorizationSchema>;

/** What Jobber sends back to the callback; a missing or malformed state is a 400 with the field named. */
export const jobberCallbackQuerySchema = z.object({
  state: z.string({ error: 'is missing: start Connect Jobber again from the back office' }).min(16, 'is not one this server made').max(200, 'is not one this server made'),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

export const jobberConnectionMessages = {
  accessTokenLifetime:
    'Without a refresh token an access token stops working after 60 minutes, and imports and lookups fail until Jobber is connected again.',
  notYours: 'This Jobber connection attempt was not started in this session, or it has expired: start Connect Jobber again.',
  // No setting's name here: the back office's bundle carries this text, and the names of secret settings stay on the servers.
  appNotConfigured: 'Connect Jobber needs the Jobber app’s client id and client secret in the accounts service’s settings (the README names them).',
  notConnected: 'Jobber is not connected: an administrator connects it under Customer Management → Import Customers.',
} as const;

/**
 * Disconnect Jobber asks to be meant: `{ "confirm": true }` as its body. A bare DELETE (a probe, a replayed request, the
 * access matrix's calls) leaves the connection as it is, with a 400.
 */
export const disconnectJobberRequestSchema = z.strictObject(
  { confirm: z.literal(true, { error: 'Send confirm: true to disconnect Jobber' }) },
  { error: 'Send { "confirm": true } to disconnect Jobber' },
);
