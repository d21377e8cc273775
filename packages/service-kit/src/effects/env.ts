import { z } from 'zod';
import { serviceNames, type ServiceName } from '@repo/contracts';

const MIN_KEY_LENGTH = 32;

/** `name=value,name=value` with known service names, each value checked by `value`. */
function serviceMap(what: string, value: (raw: string) => string | undefined) {
  return z.string().transform((text, ctx) => {
    const map: Partial<Record<ServiceName, string>> = {};
    for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
      const at = entry.indexOf('=');
      const name = entry.slice(0, at).trim();
      const raw = entry.slice(at + 1).trim();
      if (at < 1 || !(serviceNames as readonly string[]).includes(name)) {
        ctx.addIssue({ code: 'custom', message: `must list ${what} as name=value, the name one of ${serviceNames.join(', ')} (got "${entry.split('=')[0]}")` });
        return z.NEVER;
      }
      const problem = value(raw);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: `${name}: ${problem}` });
        return z.NEVER;
      }
      map[name as ServiceName] = raw;
    }
    return map;
  });
}

function httpUrlProblem(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : 'must be an http:// or https:// URL';
  } catch {
    return 'must be an http:// or https:// URL';
  }
}

/** `topic=service+service,topic=service`: services that subscribe to a topic, each a known service name. */
const topicSubscribers = z.string().transform((text, ctx) => {
  const map: Record<string, ServiceName[]> = {};
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const at = entry.indexOf('=');
    const topic = entry.slice(0, at).trim();
    const names = entry.slice(at + 1).split('+').map((name) => name.trim());
    const unknown = names.filter((name) => !(serviceNames as readonly string[]).includes(name));
    if (at < 1 || unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `must list topic=service+service, each service one of ${serviceNames.join(', ')} (got "${entry}")` });
      return z.NEVER;
    }
    map[topic] = names as ServiceName[];
  }
  return map;
});

/**
 * Variables for durable cross-service effects, part of the base environment. Optional there: a service that sends
 * effects needs SERVICE_KEY and PEER_URLS, one that receives them needs TRUSTED_SERVICE_KEYS, and each fails at
 * start-up naming the missing one (see `createEffects` and `effectsReceiver`).
 */
export const effectsEnvShape = {
  /** This service's own secret; it signs the effects it sends. */
  SERVICE_KEY: z.string().min(MIN_KEY_LENGTH, `must be at least ${MIN_KEY_LENGTH} characters`).optional(),
  /** The secrets of the services allowed to send effects here: `booking=<key>,accounts=<key>`. */
  TRUSTED_SERVICE_KEYS: serviceMap('service keys', (raw) =>
    raw.length >= MIN_KEY_LENGTH ? undefined : `key must be at least ${MIN_KEY_LENGTH} characters`,
  ).optional(),
  /** Internal base URLs of the peers this service sends effects to: `tracking=http://127.0.0.1:3003`. */
  PEER_URLS: serviceMap('peer URLs', httpUrlProblem).optional(),
  /**
   * Subscribers added to topics this service publishes, beyond those its code names: `appointment.changed=accounts`.
   * Each needs its address in PEER_URLS and must trust this service's key.
   */
  EVENT_SUBSCRIBERS: topicSubscribers.optional(),
  /**
   * The queue's backstop poll, in seconds (default 5, pg-boss's least 0.5): new messages wake the workers at once,
   * while delayed jobs and retries come due by this poll, so it bounds how late one runs.
   */
  EFFECTS_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5, 'must be at least 0.5 (pg-boss polls no faster)').max(60).optional(),
};

export type EffectsEnv = {
  SERVICE_KEY?: string;
  TRUSTED_SERVICE_KEYS?: Partial<Record<ServiceName, string>>;
  PEER_URLS?: Partial<Record<ServiceName, string>>;
  EVENT_SUBSCRIBERS?: Record<string, ServiceName[]>;
  EFFECTS_POLL_INTERVAL_SECONDS?: number;
};
