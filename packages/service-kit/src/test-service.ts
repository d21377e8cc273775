import { randomUUID } from 'node:crypto';
import { appointmentLinkTokenType, serviceNames, type ServiceName, type SessionClaims } from '@repo/contracts';
import { generateSigningKeys, tokenSigner } from './signing-keys.ts';
import type { ServiceApp } from './service-app.ts';
import { createDatabase } from './db/index.ts';
import { EnvError, loadEnv, type BaseEnv } from './env.ts';
import { systemRuntime, type ServiceDefinition, type ServiceRuntime } from './service-main.ts';
import { createMigratedTestDatabase } from './testing/index.ts';
import type { TestService } from './testing/test-service-types.ts';
import { effectPath, signedDeliveryHeaders } from './effects/signing.ts';
import { MemorySessionStore } from './sessions/memory-store.ts';

/** Keys made for this test process: accounts' session keys and booking's appointment-link keys. */
export const testSigningKeys = generateSigningKeys();
/** The bearer token test services answer /metrics to (production requires one). */
export const testMetricsToken = 'test-metrics-token-that-is-long-enough';
/**
 * Every key variable, for a test service's environment; each service's schema keeps the ones it reads (accounts the
 * session private key, booking the link private key, tracking the link public key, all the session public key, and
 * the metrics token).
 */
export const testKeyEnv: Record<string, string> = {
  METRICS_TOKEN: testMetricsToken,
  JWT_PUBLIC_KEY: testSigningKeys.session.publicKey,
  JWT_PRIVATE_KEY: testSigningKeys.session.privateKey,
  LINK_PRIVATE_KEY: testSigningKeys.link.privateKey,
  LINK_PUBLIC_KEY: testSigningKeys.link.publicKey,
};
const signWithSessionKey = tokenSigner(testSigningKeys.session.privateKey);
/** A session token as accounts mints it (EdDSA, with the test key), valid for `expiresInSeconds` (negative: expired). */
/** What `loadEnv` says is wrong with `env` (over the test keys) for `service`'s schema; none when it loads. */
export function envProblems(service: string, schema: Parameters<typeof loadEnv>[1], env: Record<string, string>): string[] {
  try {
    loadEnv(service, schema, { ...testKeyEnv, ...env });
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

export function signTestSession(claims: SessionClaims, expiresInSeconds = 12 * 3600): string {
  const iat = Math.floor(Date.now() / 1000);
  return signWithSessionKey({ ...claims, iat, exp: iat + expiresInSeconds });
}
const signWithLinkKey = tokenSigner(testSigningKeys.link.privateKey);
/** An appointment link as booking signs it (with the test link key), for the services that honour links. */
export function signTestAppointmentLink(appointmentId: number, scope: 'manage' | 'track', expiresInSeconds = 7 * 24 * 3600): string {
  const iat = Math.floor(Date.now() / 1000);
  return signWithLinkKey({ typ: appointmentLinkTokenType, sub: `appointment:${appointmentId}`, appointmentId, scope, iat, exp: iat + expiresInSeconds });
}

/** Every test service signs and trusts cross-service effects with this key. */
export const testServiceKey = 'test-service-key-that-is-long-enough-for-hmac';
/**
 * Where a test service delivers its effects unless the test says otherwise: the discard port, where nothing listens,
 * so deliveries wait and retry in the background instead of reaching a real service.
 */
const unreachablePeers = serviceNames.map((service) => `${service}=http://127.0.0.1:9`).join(',');
const trustEveryService = serviceNames.map((service) => `${service}=${testServiceKey}`).join(',');

export type { TestClaims, TestService } from './testing/test-service-types.ts';

/** Builds a service on its own isolated, migrated database (real PostgreSQL when reachable), ready for `inject`. */
export async function createTestService<Env extends BaseEnv, DB>(
  definition: ServiceDefinition<Env, DB>,
  env: Record<string, string> = {},
  runtime: ServiceRuntime = systemRuntime,
): Promise<TestService<DB>> {
  const testDatabase = await createMigratedTestDatabase({ owner: definition.name, migrations: definition.migrations });
  const database = await createDatabase<DB>(testDatabase.config);
  const parsed = loadEnv(definition.name, definition.envSchema, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...testKeyEnv,
    SERVICE_KEY: testServiceKey,
    TRUSTED_SERVICE_KEYS: trustEveryService,
    PEER_URLS: unreachablePeers,
    ...env,
  });
  // The app checks sessions made by `bearer` here and every other session where it would in production.
  const sessions = new MemorySessionStore();
  const app = await definition.build(parsed, database, { ...runtime, sessions });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    bearer: ({ sid, ...claims }) => `Bearer ${signTestSession({ ...claims, sid: sessions.open(sid) })}`,
    endSession: (sid) => sessions.end(sid),
    close: async () => {
      await app.close();
      await database.close();
      await testDatabase.cleanup();
    },
  };
}

export type TestEffect = { from: ServiceName; topic: string; payload: unknown; messageId?: string; key?: string };

/** Delivers an effect to a test service as the peer `from` does: signed (with the test key unless told), by inject. */
export function injectEffect(app: ServiceApp, { from, topic, payload, messageId = randomUUID(), key = testServiceKey }: TestEffect) {
  const body = JSON.stringify(payload);
  return app.inject({ method: 'POST', url: effectPath(topic), headers: signedDeliveryHeaders(from, key, { messageId, topic, body }), payload: body });
}

/** Assertions on the one API error shape, for service tests. */
export { expectApiError, jsonBodyErrorCode } from './testing/api-error.ts';
export * from './testing/hostile-input.ts';

/** The OpenAPI document held to Redocly's recommended rules and to the routes' real answers, for service tests. */
export { apiDocumentSuite, kitAcceptedWarnings, lintApiDocument, type ApiDocumentSuiteOptions, type LintFinding, type OperationFixture } from './testing/api-document.ts';
