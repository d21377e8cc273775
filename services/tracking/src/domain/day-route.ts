import { businessClock, formatSlot } from '@repo/contracts';
import { distanceKm, etaMinutes, type EtaSettings, type GeoPoint } from './geo.ts';

/** One visit of a technician's day as the route needs it: its arrival window and where it is (null: not placed). */
export type RouteStop = { startsAt: Date; endsAt: Date; location: GeoPoint | null };
export type RouteLeg = { fromPrevious: { km: number; minutes: number } | null; travelConflict: string | null };

const minute = 60_000;
const clock = (instant: Date) => formatSlot(businessClock(instant).time);

/**
 * Legs and travel conflicts of one technician's day, the stops in window order. Each visit is reckoned to take
 * `visitMinutes`; a visit begins when its window opens or when the technician can get there, whichever is later; the
 * drive is the straight line turned into driving minutes (`etaMinutes`). A stop the technician cannot reach before its
 * window ends is a conflict, said with the earliest arrival. An unplaced stop breaks the chain: the next leg is
 * unknown, and its reckoning starts again from its own window.
 */
export function dayRouteLegs(stops: readonly RouteStop[], visitMinutes: number, eta: EtaSettings): RouteLeg[] {
  let earliestFinish: Date | undefined;
  let previous: RouteStop | undefined;
  let previousBegins: Date | undefined;
  return stops.map((stop) => {
    let leg: RouteLeg = { fromPrevious: null, travelConflict: null };
    let begins = stop.startsAt;
    if (previous?.location && stop.location && earliestFinish) {
      const km = distanceKm(previous.location, stop.location);
      const minutes = km < 0.05 ? 0 : etaMinutes(km, eta);
      leg = { fromPrevious: { km: Math.round(km * 10) / 10, minutes }, travelConflict: null };
      const arrives = new Date(earliestFinish.getTime() + minutes * minute);
      if (arrives > stop.endsAt) {
        leg.travelConflict =
          `Cannot be reached in its window: after the previous visit (about ${visitMinutes} min from ${clock(previousBegins ?? previous.startsAt)}) ` +
          `and about ${minutes} min of driving, the earliest arrival is ${clock(arrives)}, after the window ends at ${clock(stop.endsAt)}.`;
      }
      if (arrives > begins) begins = arrives;
    }
    earliestFinish = stop.location ? new Date(begins.getTime() + visitMinutes * minute) : undefined;
    previous = stop;
    previousBegins = begins;
    return leg;
  });
}
