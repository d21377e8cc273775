export { HttpSessionStore, type HttpSessionStoreOptions } from './http-store.ts';
export { layeredSessionStore, MemorySessionStore } from './memory-store.ts';
export { resolveSessionStore, sessionStoreFromEnv } from './resolve.ts';
export { newSessionId, SessionCheckUnavailableError, UnconfiguredSessionStore, type SessionStore } from './store.ts';
export { SessionWatcher } from './watcher.ts';
