import type { FastifyBaseLogger } from 'fastify';
import type { SessionStore } from './store.ts';

/**
 * Re-checks the sessions behind long-lived connections (WebSockets) every `intervalMs`, all in one question to the
 * store, and tells each watcher once its session has ended. When the store cannot answer, connections stay open and
 * the next sweep asks again: a blip at accounts should not drop every live map, and a revoked session is still cut
 * off within a second of accounts answering again.
 */
export class SessionWatcher {
  private readonly watchers = new Map<string, Set<() => void>>();
  private timer: NodeJS.Timeout | undefined;
  private sweeping = false;

  constructor(
    private readonly store: SessionStore,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 1000,
  ) {}

  /** Calls `onEnded` once when the session ends; the returned function stops watching (call it when the connection closes). */
  watch(sid: string, onEnded: () => void): () => void {
    const callbacks = this.watchers.get(sid) ?? new Set();
    callbacks.add(onEnded);
    this.watchers.set(sid, callbacks);
    this.timer ??= setInterval(() => void this.sweep(), this.intervalMs).unref();
    return () => {
      callbacks.delete(onEnded);
      if (callbacks.size === 0 && this.watchers.get(sid) === callbacks) this.watchers.delete(sid);
      this.stopWhenIdle();
    };
  }

  get watchedSessions(): number {
    return this.watchers.size;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.watchers.clear();
  }

  private stopWhenIdle(): void {
    if (this.watchers.size > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async sweep(): Promise<void> {
    if (this.sweeping || this.watchers.size === 0) return;
    this.sweeping = true;
    try {
      const sids = [...this.watchers.keys()];
      const active = await this.store.activeSessions(sids, { fresh: true });
      for (const sid of sids) {
        if (active.has(sid)) continue;
        const callbacks = this.watchers.get(sid);
        this.watchers.delete(sid);
        for (const onEnded of callbacks ?? []) {
          try {
            onEnded();
          } catch (err) {
            this.log.error({ err }, 'closing a connection of an ended session failed');
          }
        }
      }
      this.stopWhenIdle();
    } catch (err) {
      this.log.warn({ err }, 'could not re-check watched sessions; trying again in a second');
    } finally {
      this.sweeping = false;
    }
  }
}
