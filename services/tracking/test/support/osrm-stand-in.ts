import { distanceKm } from '../../src/domain/geo.ts';
import { startStandIn, type StandIn } from './stand-in-server.ts';

/**
 * A local OSRM for tests, answering `/route/v1/driving/{lng},{lat};{lng},{lat}` in the shape of OSRM's documented
 * route service response (`code`, `routes` with `distance` in metres, `duration` in seconds, `weight`, `weight_name` and
 * `legs`, and `waypoints`), and 400 with `code: "NoRoute"` as OSRM does when no route joins the points: the HTTP API
 * documentation, `docs/http.md` in github.com/Project-OSRM/osrm-backend (BSD 2-Clause licence). The numbers are the
 * stand-in's own rule, not a real road network: the road is `roadFactor` times the straight line, driven at
 * `metresPerSecond`; a destination at latitude 0 has no route.
 */
export const osrmTestRoads = { roadFactor: 1.25, metresPerSecond: 10 } as const;

/** The route the stand-in answers between two points: what a test expects tracking to show. */
export function osrmTestRoute(from: { lat: number; lng: number }, to: { lat: number; lng: number }) {
  const distance = distanceKm(from, to) * 1000 * osrmTestRoads.roadFactor;
  return { distance, duration: distance / osrmTestRoads.metresPerSecond };
}

export async function startOsrmStandIn(): Promise<StandIn> {
  return startStandIn((url) => {
    const match = /^\/route\/v1\/driving\/(-?[\d.]+),(-?[\d.]+);(-?[\d.]+),(-?[\d.]+)$/.exec(url.pathname);
    if (!match) return { status: 400, body: { code: 'InvalidUrl', message: 'URL string malformed close to position 1: "/"' } };
    const [fromLng, fromLat, toLng, toLat] = match.slice(1).map(Number) as [number, number, number, number];
    if (toLat === 0) return { status: 400, body: { code: 'NoRoute', message: 'Impossible route between points' } };
    const { distance, duration } = osrmTestRoute({ lat: fromLat, lng: fromLng }, { lat: toLat, lng: toLng });
    return {
      status: 200,
      body: {
        code: 'Ok',
        routes: [{ geometry: '', legs: [{ steps: [], summary: '', weight: duration, duration, distance }], weight_name: 'routability', weight: duration, duration, distance }],
        waypoints: [
          { hint: '', distance: 0, name: '', location: [fromLng, fromLat] },
          { hint: '', distance: 0, name: '', location: [toLng, toLat] },
        ],
      },
    };
  });
}
