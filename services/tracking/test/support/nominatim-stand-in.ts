import { addressKey } from '../../src/domain/geocoder.ts';
import { startStandIn, type StandIn } from './stand-in-server.ts';

/**
 * A local Nominatim for tests, answering `/search` as Nominatim does with `format=jsonv2`.
 *
 * The shape of each place is that of Nominatim's documented search output: the JSON example of "Place Output"
 * (https://nominatim.org/release-docs/latest/api/Output/, `docs/api/Output.md` in github.com/osm-search/Nominatim),
 * with JSON v2's two changes (`class` renamed `category`, and `place_rank`) and the `addresstype` and `name` fields
 * current versions add to it; an unknown address is answered `[]`.
 * That documentation is published with Nominatim's source under the GNU General Public License; the place data in its
 * examples is OpenStreetMap's, under the ODbL 1.0, which is what the `licence` field of every answer says. The
 * coordinates and ids below are not OpenStreetMap's: they are made up for these tests (near the right streets).
 */
export type NominatimTestPlace = { lat: number; lng: number; placeRank: number; displayName: string };

const licence = 'Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright';

/** The stand-in's places, by address (matched as `addressKey` normalizes it). */
export const nominatimTestPlaces = {
  cordova: {
    address: { street: '48 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084' },
    lat: 29.8939,
    lng: -81.3151,
    placeRank: 30,
    displayName: '48, Cordova Street, St. Augustine, St. Johns County, Florida, 32084, United States',
  },
  aviles: {
    address: { street: '12 Aviles St', city: 'St Augustine', state: 'FL', zipCode: '32084' },
    lat: 29.8901,
    lng: -81.3117,
    placeRank: 26,
    displayName: 'Aviles Street, St. Augustine, St. Johns County, Florida, 32084, United States',
  },
  // Only the postcode was found (rank 21): no better than the offline ZIP centre.
  postcodeOnly: {
    address: { street: '700 Nowhere Rd', city: 'St Augustine', state: 'FL', zipCode: '32084' },
    lat: 29.8977,
    lng: -81.3422,
    placeRank: 21,
    displayName: 'St. Augustine, St. Johns County, Florida, 32084, United States',
  },
  // A namesake street 150 km away (Orlando): not the customer's.
  namesake: {
    address: { street: '1 Orange Ave', city: 'St Augustine', state: 'FL', zipCode: '32084' },
    lat: 28.5383,
    lng: -81.3792,
    placeRank: 30,
    displayName: '1, Orange Avenue, Orlando, Orange County, Florida, 32801, United States',
  },
} satisfies Record<string, NominatimTestPlace & { address: { street: string; city: string; state: string; zipCode: string } }>;

/** One place as Nominatim's jsonv2 search lists it. */
function jsonv2Place(place: NominatimTestPlace, id: number) {
  const { lat, lng } = place;
  return {
    place_id: 100000 + id,
    licence,
    osm_type: 'node',
    osm_id: 9000000 + id,
    lat: String(lat),
    lon: String(lng),
    category: place.placeRank >= 26 ? 'place' : 'boundary',
    type: place.placeRank >= 30 ? 'house' : place.placeRank >= 26 ? 'residential' : 'postal_code',
    place_rank: place.placeRank,
    importance: 0.00001,
    addresstype: place.placeRank >= 30 ? 'place' : place.placeRank >= 26 ? 'road' : 'postcode',
    name: '',
    display_name: place.displayName,
    boundingbox: [String(lat - 0.0001), String(lat + 0.0001), String(lng - 0.0001), String(lng + 0.0001)],
  };
}

export async function startNominatimStandIn(): Promise<StandIn> {
  const byKey = new Map(Object.values(nominatimTestPlaces).map((place, index) => [addressKey(place.address), jsonv2Place(place, index)]));
  return startStandIn((url) => {
    if (url.pathname !== '/search') return { status: 404, body: { error: 'not found' } };
    const query = url.searchParams;
    const key = addressKey({ street: query.get('street') ?? '', city: query.get('city') ?? '', state: query.get('state') ?? '', zipCode: query.get('postalcode') ?? '' });
    const place = byKey.get(key);
    return { status: 200, body: place ? [place] : [] };
  });
}
