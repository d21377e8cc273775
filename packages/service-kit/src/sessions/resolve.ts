import type { ServiceName } from '@repo/contracts';
import type { EffectsEnv } from '../effects/env.ts';
import { HttpSessionStore } from './http-store.ts';
import { layeredSessionStore, type MemorySessionStore } from './memory-store.ts';
import { UnconfiguredSessionStore, type SessionStore } from './store.ts';

/** The store a service uses unless it brings its own (accounts does): ask accounts' internal address, signed with SERVICE_KEY. */
export function sessionStoreFromEnv(service: ServiceName, env: EffectsEnv): SessionStore {
  const accountsUrl = env.PEER_URLS?.accounts;
  const problems = [
    ...(accountsUrl ? [] : [`PEER_URLS has no accounts address (accounts=http://…)`]),
    ...(env.SERVICE_KEY ? [] : ['SERVICE_KEY is not set']),
  ];
  if (problems.length > 0 || !accountsUrl || !env.SERVICE_KEY) {
    return new UnconfiguredSessionStore(`${service} cannot check sessions with accounts: ${problems.join('; ')}`);
  }
  return new HttpSessionStore({ service, key: env.SERVICE_KEY, accountsUrl });
}

/**
 * The session store of a new service: its own (accounts'), or the one from env; with `opened` (sessions a test opened,
 * from the service's runtime) answered first.
 */
export function resolveSessionStore(service: ServiceName, env: EffectsEnv, own: SessionStore | undefined, opened?: MemorySessionStore): SessionStore {
  const store = own ?? sessionStoreFromEnv(service, env);
  return opened ? layeredSessionStore(opened, store) : store;
}
