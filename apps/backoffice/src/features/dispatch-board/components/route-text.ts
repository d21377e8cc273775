import { businessClock, formatSlot, type RouteVisit } from '@repo/contracts';
import type { MapStop } from '../lib/day-map.ts';

/** A visit's arrival window, "9:00 AM - 10:00 AM", in the business's zone. */
export const windowOf = (visit: RouteVisit) => `${formatSlot(businessClock(new Date(visit.startsAt)).time)} - ${formatSlot(businessClock(new Date(visit.endsAt)).time)}`;

/** How the visit is reached from the one before it, in words. */
export function legText(visit: RouteVisit, index: number): string {
  if (index === 0) return 'First visit of the day';
  if (!visit.fromPrevious) return 'Drive from the previous visit unknown: one of the two addresses could not be placed';
  if (visit.fromPrevious.minutes === 0) return 'At the previous address';
  return `About ${visit.fromPrevious.km} km, ${visit.fromPrevious.minutes} min from the previous visit`;
}

/** A stop's name on the map, what its marker is called: "Stop 2 of Sara Martinez, 10:00 AM - 11:00 AM, Rosa Diaz, 12 Aviles St". */
export const stopLabel = (technicianName: string, stop: MapStop) =>
  `Stop ${stop.number} of ${technicianName}, ${windowOf(stop.visit)}, ${stop.visit.customerName}, ${stop.visit.address}`;
