import type { Trx } from '../db/schema.ts';
import { distanceKm } from '../domain/geo.ts';
import { addressKey, GeocoderUnavailable, type AddressParts, type GeocodedPoint } from '../domain/geocoder.ts';
import { findGeocodedAddress, saveStreetAnswer } from '../repositories/geocoded-address-repository.ts';
import type { TrackingContext } from './context.ts';

/** How long "the street geocoder found nothing" is believed before the address is asked about again (OSM grows). */
export const askAgainAfterNothingMs = 30 * 24 * 3_600_000;

/**
 * A street result farther than this from the address's ZIP or town centre is taken for a namesake elsewhere (the same
 * street name in another town) and not used: the service area's ZIP codes are all much smaller.
 */
export const namesakeKm = 40;

export type PlacedAddress = { key: string; point: GeocodedPoint | null };

/**
 * Where an appointment's address is, best first: where a technician arrived there before (`visit`), what the street
 * geocoder found (`street`, asked once per address and remembered), else the offline ZIP or town centre. The street
 * geocoder is asked only when one is configured and nothing is known of the address (or "nothing found" is over 30
 * days old); when it is down, slow or finds nothing the address still gets the offline centre, so a visit is never
 * left unplaced because a vendor hiccupped. A failed ask is not remembered: the next snapshot of the address asks
 * again.
 */
export async function placeAddress(ctx: TrackingContext, trx: Trx, address: AddressParts): Promise<PlacedAddress> {
  const key = addressKey(address);
  const known = await findGeocodedAddress(trx, key);
  if (known?.precision && known.lat !== null && known.lng !== null) return { key, point: { lat: known.lat, lng: known.lng, precision: known.precision } };
  const centre = await ctx.geocoder.locate(address);
  const askedRecently = known !== undefined && ctx.now().getTime() - known.located_at.getTime() < askAgainAfterNothingMs;
  if (!ctx.streetGeocoder || askedRecently) return { key, point: centre };
  try {
    const found = await ctx.streetGeocoder.locate(address);
    const usable = found && (!centre || distanceKm(found, centre) <= namesakeKm) ? found : null;
    await saveStreetAnswer(trx, key, usable, ctx.now());
    return { key, point: usable ?? centre };
  } catch (err) {
    if (!(err instanceof GeocoderUnavailable)) throw err;
    ctx.log?.warn({ err }, 'street geocoder unavailable; the address is placed at its ZIP or town centre for now');
    return { key, point: centre };
  }
}
