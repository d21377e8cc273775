import type { GeoPoint } from './geo.ts';
import { RouterUnavailable, type Router } from './road-estimate.ts';

export type OsrmSettings = {
  /** The server's base address, e.g. http://osrm:5000 (ROUTING_URL). */
  url: string;
  /** How long one request may take (ROUTING_TIMEOUT_MS): a position report waits for it. */
  timeoutMs: number;
};

/** OSRM's route service for a car between two points: `/route/v1/driving/{lng},{lat};{lng},{lat}?overview=false`. */
export function osrmRouteUrl(base: string, from: GeoPoint, to: GeoPoint): string {
  const url = new URL(`route/v1/driving/${from.lng},${from.lat};${to.lng},${to.lat}`, base.endsWith('/') ? base : `${base}/`);
  url.searchParams.set('overview', 'false');
  return url.toString();
}

type OsrmAnswer = { code?: unknown; routes?: Array<{ distance?: unknown; duration?: unknown }> };

const nonNegative = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

/**
 * A router asking an OSRM server: the first route's `distance` (metres) and `duration` (seconds). OSRM answers 400
 * with `code: "NoRoute"` (or `NoSegment`, a point off every road) when it has no route: null. Anything else that is not
 * `code: "Ok"` with a route (down, slow, another error) throws `RouterUnavailable`; the caller keeps the straight line.
 */
export function osrmRouter(settings: OsrmSettings): Router {
  return {
    async route(from, to) {
      let response: Response;
      try {
        response = await fetch(osrmRouteUrl(settings.url, from, to), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(settings.timeoutMs) });
      } catch (err) {
        const reason = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${settings.timeoutMs} ms` : String(err);
        throw new RouterUnavailable(`OSRM: ${reason}`);
      }
      let answer: OsrmAnswer;
      try {
        answer = (await response.json()) as OsrmAnswer;
      } catch {
        throw new RouterUnavailable(`OSRM answered ${response.status} with what is not JSON`);
      }
      if (answer?.code === 'NoRoute' || answer?.code === 'NoSegment') return null;
      if (!response.ok || answer?.code !== 'Ok') throw new RouterUnavailable(`OSRM answered ${response.status} ${String(answer?.code)}`);
      const route = Array.isArray(answer.routes) ? answer.routes[0] : undefined;
      const metres = nonNegative(route?.distance);
      const seconds = nonNegative(route?.duration);
      if (metres === undefined || seconds === undefined) throw new RouterUnavailable('OSRM answered a route without distance or duration');
      return { distanceKm: metres / 1000, minutes: seconds / 60 };
    },
  };
}
