import { createHash, randomBytes } from 'node:crypto';
import { jobberConnectionMessages, type JobberAuthorization, type JobberConnection } from '@repo/contracts';
import { createJobberConnector, FieldServiceError, requestJobberTokens } from '@repo/field-service';
import { badRequest, forbidden, unavailable } from '@repo/service-kit';
import type { Kysely } from 'kysely';
import type { AccountsDatabase, JobberConnectionRow } from '../db/schema.ts';
import type { JobberSettings, StoredJobberTokens } from '../domain/jobber-settings.ts';
import {
  findJobberConnection,
  insertJobberAuthorization,
  insertJobberConnectionIfMissing,
  saveJobberConnection,
  takeJobberAuthorization,
  updateJobberConnection,
} from '../repositories/jobber-connection-repository.ts';

/** How long a Connect Jobber attempt may take between the consent page and the callback. */
const authorizationTtlMs = 10 * 60_000;
/** How long an instance uses the access token it read before reading the row again (another instance may renew it). */
const accessTokenReuseMs = 30_000;

type JobberContext = { db: Kysely<AccountsDatabase>; now: () => Date; jobber: JobberSettings };

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/** The row, stored from the environment's JOBBER_API_KEY/JOBBER_REFRESH_TOKEN when no row exists yet. */
async function connectionRow(ctx: JobberContext): Promise<JobberConnectionRow | undefined> {
  const row = await findJobberConnection(ctx.db);
  if (row || !ctx.jobber.seed) return row;
  const now = ctx.now();
  await insertJobberConnectionIfMissing(ctx.db, {
    access_token: ctx.jobber.box.seal(ctx.jobber.seed.accessToken),
    refresh_token: ctx.jobber.seed.refreshToken === null ? null : ctx.jobber.box.seal(ctx.jobber.seed.refreshToken),
    source: 'environment',
    connected_at: now,
    access_token_issued_at: now,
    updated_at: now,
  });
  return findJobberConnection(ctx.db);
}

/**
 * The Jobber tokens in accounts' database, for the connector: every instance reads the same row, and a renewal locks
 * it (select … for update), then reads it again: when the access token there is no longer the one that was refused,
 * another instance (or an earlier run) renewed it already and that one is used, so the refresh token, which Jobber
 * rotates at each renewal, is spent once. Concurrent 401s in one instance share one renewal.
 */
export function storedJobberTokens(ctx: JobberContext): StoredJobberTokens {
  let known: { token: string; at: number } | undefined;
  let renewing: { refused: string; promise: Promise<string | null> } | undefined;

  const renewLocked = async (refused: string): Promise<string | null> => {
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const row = await findJobberConnection(trx, true);
      if (!row?.access_token) return { token: null };
      const current = ctx.jobber.box.open(row.access_token);
      if (current !== refused) return { token: current };
      const now = ctx.now();
      if (!row.refresh_token || !ctx.jobber.app) {
        const message = `Jobber refused the access token and it cannot be renewed (${row.refresh_token ? 'JOBBER_CLIENT_ID or JOBBER_CLIENT_SECRET is not set' : 'no refresh token is stored'}): connect Jobber again. ${jobberConnectionMessages.accessTokenLifetime}`;
        await updateJobberConnection(trx, { last_error: message, last_error_at: now, updated_at: now });
        return { token: null };
      }
      try {
        const tokens = await requestJobberTokens(ctx.jobber.app, { grant_type: 'refresh_token', refresh_token: ctx.jobber.box.open(row.refresh_token) }, ctx.jobber.options);
        await updateJobberConnection(trx, {
          access_token: ctx.jobber.box.seal(tokens.accessToken),
          refresh_token: tokens.refreshToken === null ? row.refresh_token : ctx.jobber.box.seal(tokens.refreshToken),
          access_token_issued_at: now,
          renewed_at: now,
          last_error: null,
          last_error_at: null,
          updated_at: now,
        });
        return { token: tokens.accessToken };
      } catch (err) {
        if (!(err instanceof FieldServiceError)) throw err;
        // Kept for the back office; the failure is the caller's too.
        await updateJobberConnection(trx, { last_error: err.message, last_error_at: now, updated_at: now });
        return { failure: err };
      }
    });
    if ('failure' in outcome) throw outcome.failure;
    return outcome.token;
  };

  return {
    async accessToken() {
      if (known && Date.now() - known.at < accessTokenReuseMs) return known.token;
      const row = await connectionRow(ctx);
      if (!row?.access_token) throw new FieldServiceError('jobber', 'credentials', jobberConnectionMessages.notConnected);
      known = { token: ctx.jobber.box.open(row.access_token), at: Date.now() };
      return known.token;
    },
    renew(refused) {
      if (renewing?.refused === refused) return renewing.promise;
      const promise = renewLocked(refused)
        .then((token) => {
          known = token === null ? undefined : { token, at: Date.now() };
          return token;
        })
        .finally(() => {
          if (renewing?.promise === promise) renewing = undefined;
        });
      renewing = { refused, promise };
      return promise;
    },
    forget() {
      known = undefined;
    },
  };
}

/** Whether Jobber is connected: tokens are stored (or the environment's are, seeded now). */
export async function jobberConnected(ctx: JobberContext): Promise<boolean> {
  return Boolean((await connectionRow(ctx))?.access_token);
}

const isoOrNull = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** The connection's state for the back office (never a token); the account name is asked of Jobber once and kept. */
export async function getJobberConnection(ctx: JobberContext & { jobberTokens: StoredJobberTokens }): Promise<JobberConnection> {
  let row = await connectionRow(ctx);
  if (row?.access_token && row.account_name === null) {
    try {
      const name = await createJobberConnector({ apiKey: '', tokens: ctx.jobberTokens }, ctx.jobber.urls, { ...ctx.jobber.options, maxRetries: 0 }).accountName();
      await updateJobberConnection(ctx.db, { account_name: name, updated_at: ctx.now() });
    } catch (err) {
      if (!(err instanceof FieldServiceError)) throw err;
      await updateJobberConnection(ctx.db, { last_error: err.message, last_error_at: ctx.now(), updated_at: ctx.now() });
    }
    row = await findJobberConnection(ctx.db);
  }
  const connected = Boolean(row?.access_token);
  return {
    connected,
    source: connected ? (row?.source ?? null) : null,
    accountName: connected ? (row?.account_name ?? null) : null,
    connectedBy: connected ? (row?.connected_by ?? null) : null,
    connectedAt: connected ? isoOrNull(row?.connected_at) : null,
    accessTokenIssuedAt: connected ? isoOrNull(row?.access_token_issued_at) : null,
    lastRenewedAt: connected ? isoOrNull(row?.renewed_at) : null,
    canRenew: connected && Boolean(row?.refresh_token) && ctx.jobber.app !== null,
    lastError: row?.last_error ?? null,
    lastErrorAt: isoOrNull(row?.last_error_at),
    appConfigured: ctx.jobber.app !== null,
    sandbox: ctx.jobber.sandbox,
  };
}

/** A Connect Jobber attempt for this session: the consent page's URL with a state only this session can bring back. */
export async function startJobberAuthorization(ctx: JobberContext, session: { sid: string; by: string }): Promise<JobberAuthorization> {
  if (!ctx.jobber.app) throw unavailable(jobberConnectionMessages.appNotConfigured);
  const state = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await insertJobberAuthorization(ctx.db, { state_hash: hashOf(state), session_id: session.sid, requested_by: session.by, expires_at: new Date(now.getTime() + authorizationTtlMs) }, now);
  const url = new URL(ctx.jobber.authorizeUrl);
  url.searchParams.set('client_id', ctx.jobber.app.clientId);
  url.searchParams.set('redirect_uri', ctx.jobber.redirectUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  return { authorizeUrl: url.toString() };
}

export type JobberCallback = { state: string; code?: string; error?: string; error_description?: string };

/**
 * Jobber's answer to an attempt: the state must be one this session started and has not used (403 otherwise, before
 * anything else happens); the code is exchanged for tokens, stored encrypted with the account they reach. Jobber's
 * refusal or a failed exchange is kept as the last error ('failed'), for the page to show.
 */
export async function completeJobberAuthorization(
  ctx: JobberContext & { jobberTokens: StoredJobberTokens },
  session: { sid: string; by: string },
  callback: JobberCallback,
): Promise<'connected' | 'failed'> {
  if (!callback.code && !callback.error) throw badRequest('Jobber sent no authorization code.', { code: 'is missing' });
  const attempt = await takeJobberAuthorization(ctx.db, hashOf(callback.state), session.sid, ctx.now());
  if (!attempt) throw forbidden(jobberConnectionMessages.notYours);
  const fail = async (message: string) => {
    const now = ctx.now();
    const row = await findJobberConnection(ctx.db);
    if (row) await updateJobberConnection(ctx.db, { last_error: message, last_error_at: now, updated_at: now });
    else await saveJobberConnection(ctx.db, { last_error: message, last_error_at: now, updated_at: now });
    return 'failed' as const;
  };
  if (callback.error || !callback.code) {
    return fail(`Jobber did not connect: ${callback.error_description ?? callback.error ?? 'no code was sent'}. Start Connect Jobber again to retry.`);
  }
  if (!ctx.jobber.app) return fail(jobberConnectionMessages.appNotConfigured);
  let tokens;
  try {
    tokens = await requestJobberTokens(ctx.jobber.app, { grant_type: 'authorization_code', code: callback.code, redirect_uri: ctx.jobber.redirectUrl }, ctx.jobber.options);
  } catch (err) {
    if (err instanceof FieldServiceError) return fail(err.message);
    throw err;
  }
  let accountName: string | null = null;
  try {
    accountName = await createJobberConnector({ apiKey: tokens.accessToken }, ctx.jobber.urls, { ...ctx.jobber.options, maxRetries: 0 }).accountName();
  } catch (err) {
    // The tokens work or not; the name is asked again when the page is shown.
    if (!(err instanceof FieldServiceError)) throw err;
  }
  const now = ctx.now();
  await saveJobberConnection(ctx.db, {
    access_token: ctx.jobber.box.seal(tokens.accessToken),
    refresh_token: tokens.refreshToken === null ? null : ctx.jobber.box.seal(tokens.refreshToken),
    source: 'back-office',
    account_name: accountName,
    connected_by: session.by,
    connected_at: now,
    access_token_issued_at: now,
    renewed_at: null,
    last_error: null,
    last_error_at: null,
    updated_at: now,
  });
  ctx.jobberTokens.forget();
  return 'connected';
}

/** Forgets the tokens. The row stays (empty), so the environment's tokens do not connect Jobber again at the next start. */
export async function disconnectJobber(ctx: JobberContext & { jobberTokens: StoredJobberTokens }): Promise<void> {
  await saveJobberConnection(ctx.db, {
    access_token: null,
    refresh_token: null,
    source: null,
    account_name: null,
    connected_by: null,
    connected_at: null,
    access_token_issued_at: null,
    renewed_at: null,
    last_error: null,
    last_error_at: null,
    updated_at: ctx.now(),
  });
  ctx.jobberTokens.forget();
}
