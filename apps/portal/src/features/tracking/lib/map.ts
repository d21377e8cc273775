import { tracking, type TrackingRecord } from '@repo/contracts';
import { readMapTiles, type MapPoint } from '@repo/ui';

export type { MapPoint };

/** The tile service, chosen at build time (VITE_MAP_TILE_URL, VITE_MAP_TILE_ATTRIBUTION). */
export const mapTiles = readMapTiles(import.meta.env);

/** The default view (St Augustine, the business's home), only to place the map: never drawn as anyone's position. */
export const defaultMapView = { center: { lat: tracking.defaultCenter.lat, lng: tracking.defaultCenter.lng }, zoom: tracking.defaultZoom } as const;

/** What the map draws: only positions the record really knows, and the view that shows them. */
export type MapScene = {
  technician: MapPoint | undefined;
  customer: MapPoint | undefined;
  /** The trip so far, ending at the technician's current position. */
  route: MapPoint[];
  /** Fit the view to these points when there are two or more; otherwise centre on `center` at `zoom`. */
  fit: MapPoint[];
  center: MapPoint;
  zoom: number;
};

const same = (a: MapPoint, b: MapPoint) => a.lat === b.lat && a.lng === b.lng;

/** Metres between two points (haversine); only to tell whether a trip reached the home. */
function metresBetween(a: MapPoint, b: MapPoint): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h = Math.sin(radians(b.lat - a.lat) / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** Within this distance of the home a trip has reached it (the demo drive's arrival radius). */
const atHomeWithinMetres = 150;

/**
 * The trip since it last left the home: points recorded before that (a trip that arrived and then started over, as the
 * demo drive does) would draw the line on past the home pin and back out again. A trip ending at the home is kept.
 */
function tripSinceLastAtHome(route: MapPoint[], customer: MapPoint | undefined): MapPoint[] {
  if (!customer) return route;
  const atHome = route.map((point) => metresBetween(point, customer) <= atHomeWithinMetres);
  for (let index = route.length - 2; index >= 0; index -= 1) {
    if (atHome[index] && !atHome[index + 1]) return route.slice(index + 1);
  }
  return route;
}

export function mapScene(record: TrackingRecord): MapScene {
  const { location, customerLocation } = record;
  const technician = location ? { lat: location.lat, lng: location.lng } : undefined;
  const customer =
    customerLocation.lat !== null && customerLocation.lng !== null ? { lat: customerLocation.lat, lng: customerLocation.lng } : undefined;
  const route = tripSinceLastAtHome(
    record.route.map(({ lat, lng }) => ({ lat, lng })),
    customer,
  );
  const last = route.at(-1);
  if (technician && (!last || !same(last, technician))) route.push(technician);
  // Without the technician's position the map shows the customer's place if known, else the default centre.
  const fit = technician ? [technician, ...(customer ? [customer] : [])] : [];
  return { technician, customer, route, fit, center: technician ?? customer ?? defaultMapView.center, zoom: defaultMapView.zoom };
}

/** The map's accessible name. */
export const mapLabel = 'Live map of your technician and your address';

/** Where the technician is: the address they reported, else their coordinates (4 decimals, about 11 m). */
export function technicianPlace(location: NonNullable<TrackingRecord['location']>): string {
  return location.address ?? `${location.lat.toFixed(tracking.coordinateDecimals)}, ${location.lng.toFixed(tracking.coordinateDecimals)}`;
}
