import type { CustomerLocationPrecision } from '@repo/contracts';
import { townCentres, zipCentres } from './service-area-places.ts';

/** An address as an appointment carries it. */
export type AddressParts = { street: string; city: string; state: string; zipCode: string };

/**
 * Where an address is, and how precisely: the street address itself (`street`), where a technician stood on arriving
 * there (`visit`), or only the centre of its ZIP code or town.
 */
export type GeocodedPoint = { lat: number; lng: number; precision: CustomerLocationPrecision };

/**
 * Turns an appointment's address into coordinates: null when it has no answer for the address; a geocoder that asks a
 * web service throws `GeocoderUnavailable` when it could not ask (down, too slow, an answer it cannot read), so the
 * caller can tell "nowhere" (worth remembering) from "not now" (worth asking again).
 */
export type Geocoder = { locate(address: AddressParts): Promise<GeocodedPoint | null> };

/** The geocoder could not be asked or its answer read; nothing is known of the address either way. */
export class GeocoderUnavailable extends Error {
  override name = 'GeocoderUnavailable';
}

/** Lower case, "Saint"/"St." as "st", punctuation as spaces, single spaces: "Saint Augustine" and "St. Augustine" meet. */
export function normalizeTown(town: string): string {
  return town
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^(saint|st) /, 'st ')
    .replace(/ (saint|st) /g, ' st ');
}

const inFlorida = (state: string) => ['', 'fl', 'florida'].includes(state.trim().toLowerCase().replace(/\./g, ''));

/**
 * The offline geocoder: needs no internet and knows only the service area, from data shipped with the service
 * (`service-area-places.ts`). The ZIP code decides first (ZIP+4 too); otherwise the town, when the state is Florida.
 * Its points are approximate (a ZIP's or a town's centre): the street geocoder (`nominatim-geocoder.ts`) comes first
 * when one is configured, and this one is the fallback when it cannot answer.
 */
export function serviceAreaGeocoder(): Geocoder {
  return {
    async locate({ city, state, zipCode }) {
      const zip = /^\s*(\d{5})(?:\D|$)/.exec(zipCode)?.[1];
      const byZip = zip === undefined ? undefined : zipCentres[zip];
      if (byZip) return { lat: byZip.lat, lng: byZip.lng, precision: 'zip' };
      const byTown = inFlorida(state) ? townCentres[normalizeTown(city)] : undefined;
      return byTown ? { lat: byTown.lat, lng: byTown.lng, precision: 'town' } : null;
    },
  };
}

/** Common street words as the US Postal Service abbreviates them, so "12 Aviles Street" and "12 Aviles St." meet. */
const streetWords: Readonly<Record<string, string>> = {
  street: 'st', avenue: 'ave', av: 'ave', road: 'rd', drive: 'dr', boulevard: 'blvd', lane: 'ln', court: 'ct',
  place: 'pl', terrace: 'ter', circle: 'cir', highway: 'hwy', parkway: 'pkwy', trail: 'trl',
  north: 'n', south: 's', east: 'e', west: 'w', northeast: 'ne', northwest: 'nw', southeast: 'se', southwest: 'sw',
  apartment: 'apt', suite: 'ste', unit: 'unit',
};

const words = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);

/**
 * One address however it was typed: lower case, punctuation and extra spaces gone, street words abbreviated, the town
 * as `normalizeTown` writes it, Florida as "fl" and the ZIP's first five digits. The key of what is known of an address
 * (`geocoded_addresses`): the same home booked twice, spelt a little differently, is looked up once.
 */
export function addressKey({ street, city, state, zipCode }: AddressParts): string {
  const streetPart = words(street).map((word) => streetWords[word] ?? word).join(' ');
  const statePart = inFlorida(state) ? 'fl' : words(state).join(' ');
  const zip = /^\s*(\d{5})(?:\D|$)/.exec(zipCode)?.[1] ?? words(zipCode).join(' ');
  return [streetPart, normalizeTown(city), statePart, zip].join('|');
}
