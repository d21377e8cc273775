import { tracking, type DayRoutes, type RouteVisit, type TechnicianRoute } from '@repo/contracts';
import { readMapTiles, type MapPoint } from '@repo/ui';

/** The tile service, chosen at build time as for the portal's tracking map (VITE_MAP_TILE_URL, VITE_MAP_TILE_ATTRIBUTION). */
export const mapTiles = readMapTiles(import.meta.env);

/**
 * One colour per technician, in turn: dark enough for white letters on them (4.5:1 or more) and far apart on the
 * wheel. With more technicians than colours they repeat, which is why every marker and legend entry also carries the
 * technician's letter.
 */
export const routeColors = ['#1c5fb8', '#c92a2a', '#2f7a3a', '#862e9c', '#b8400d', '#0b7285', '#5f3dc4', '#a61e4d', '#4a7309', '#364fc7'] as const;

/** A, B, … Z, then AA, AB…: the technician's key on the map and in the list, so nothing rests on colour alone. */
export function technicianKey(index: number): string {
  const letter = (n: number) => String.fromCharCode(65 + n);
  return index < 26 ? letter(index) : `${letter(Math.floor(index / 26) - 1)}${letter(index % 26)}`;
}

export type MapStop = { visit: RouteVisit; number: number; point: MapPoint | undefined };

export type MapRoute = {
  route: TechnicianRoute;
  key: string;
  color: string;
  /** Every visit of the day in order, numbered from 1; `point` is unset where the address could not be placed. */
  stops: MapStop[];
  /** The technician's last known position. */
  position: MapPoint | undefined;
  /** The placed stops joined in order: the line drawn for the route. */
  line: MapPoint[];
};

export type DayMapScene = {
  routes: MapRoute[];
  /** Every drawn point: the view is fitted to them. */
  fit: MapPoint[];
  /** Where the view goes with one point or none (the business's home: never drawn as anyone's position). */
  center: MapPoint;
  zoom: number;
};

/** What the Map view draws for the day: each technician's position, stops and route, in the order tracking lists them. */
export function dayMapScene(day: DayRoutes): DayMapScene {
  const routes = day.technicians.map((route, index): MapRoute => {
    const stops = route.visits.map((visit, at) => ({ visit, number: at + 1, point: visit.location ? { lat: visit.location.lat, lng: visit.location.lng } : undefined }));
    return {
      route,
      key: technicianKey(index),
      color: routeColors[index % routeColors.length]!,
      stops,
      position: route.position ? { lat: route.position.lat, lng: route.position.lng } : undefined,
      line: stops.flatMap((stop) => (stop.point ? [stop.point] : [])),
    };
  });
  const fit = routes.flatMap((route) => [...(route.position ? [route.position] : []), ...route.line]);
  return { routes, fit, center: fit[0] ?? tracking.defaultCenter, zoom: tracking.defaultZoom };
}

/** Whether the day has anything to draw or list: a visit, or a technician's position. */
export const dayHasSomething = (day: DayRoutes) => day.technicians.some((route) => route.visits.length > 0 || route.position !== null);
