import { townCentres, zipCentres } from './service-area-places.ts';

/** An address as an appointment carries it. */
export type AddressParts = { street: string; city: string; state: string; zipCode: string };

/** Where an address is, and how precisely: the centre of its ZIP code or of its town (never the street itself). */
export type GeocodedPoint = { lat: number; lng: number; precision: 'zip' | 'town' };

/**
 * Turns an appointment's address into coordinates, or null when it cannot say. Async so that a real geocoder (a web
 * service, or a local street database) can replace the offline one below without touching its callers.
 */
export type Geocoder = { locate(address: AddressParts): Promise<GeocodedPoint | null> };

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
 * Replace it with a real geocoder (street-level precision) by implementing `Geocoder`.
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
