import { AsyncLocalStorage } from 'node:async_hooks';
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

const testScope = new AsyncLocalStorage<MemorySessionStore>();

/** Builds the services created inside `build` with `memory` answering for the sessions it knows (createTestService only). */
export const withTestSessions = <T>(memory: MemorySessionStore, build: () => Promise<T>): Promise<T> => testScope.run(memory, build);

/** The session store of a new service: its own (or the one from env), under the test sessions when built by a test. */
export function resolveSessionStore(service: ServiceName, env: EffectsEnv, own: SessionStore | undefined): SessionStore {
  const store = own ?? sessionStoreFromEnv(service, env);
  const memory = testScope.getStore();
  return memory ? layeredSessionStore(memory, store) : store;
}
