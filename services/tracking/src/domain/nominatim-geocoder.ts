import { GeocoderUnavailable, type AddressParts, type Geocoder } from './geocoder.ts';
import { requestSpacing, TurnNotReached } from './request-spacing.ts';

export type NominatimSettings = {
  /** The server's base address, e.g. https://nominatim.openstreetmap.org (GEOCODER_URL). */
  url: string;
  /** Identifies this application, as Nominatim's usage policy requires (GEOCODER_USER_AGENT). */
  userAgent: string;
  /** A contact address sent as `email`, as the policy asks of heavier users (GEOCODER_EMAIL). */
  email: string | undefined;
  /** How long one request may take, and how long a lookup may wait for its turn (GEOCODER_TIMEOUT_MS). */
  timeoutMs: number;
  /** The least time between two requests' starts (GEOCODER_MIN_INTERVAL_MS; the public server allows one a second). */
  minIntervalMs: number;
};

/**
 * Nominatim's search ranks: 26 and above are a street, a house or a building. A structured search whose street is not
 * known may answer with the postcode or the town instead (lower ranks): that is no better than the offline ZIP or town
 * centre, so it counts as not found.
 */
const streetRank = 26;

type NominatimPlace = { lat?: unknown; lon?: unknown; place_rank?: unknown };

const coordinate = (value: unknown, limit: number): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : undefined;
};

/** The structured search for one US address: one result, as JSON v2. */
export function nominatimSearchUrl(base: string, { street, city, state, zipCode }: AddressParts, email: string | undefined): string {
  const url = new URL('search', base.endsWith('/') ? base : `${base}/`);
  const params: Record<string, string> = { street, city, state, postalcode: zipCode.trim(), countrycodes: 'us', format: 'jsonv2', limit: '1' };
  if (email) params.email = email;
  for (const [name, value] of Object.entries(params)) if (value.trim() !== '') url.searchParams.set(name, value.trim());
  return url.toString();
}

/**
 * A geocoder asking a Nominatim server (nominatim.openstreetmap.org or one's own) for the street address: a `street`
 * point when it finds the street or the house, null when it finds nothing that precise. Requests go one at a time, at
 * most one per `minIntervalMs`, each with the User-Agent (and contact email) the usage policy asks for and a timeout;
 * a server that is down, slow, busy for longer than the timeout or answering what is not Nominatim's JSON throws
 * `GeocoderUnavailable` (the caller falls back to the offline ZIP or town centre).
 */
export function nominatimGeocoder(settings: NominatimSettings): Geocoder {
  const inTurn = requestSpacing(settings.minIntervalMs);
  const search = async (address: AddressParts): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(nominatimSearchUrl(settings.url, address, settings.email), {
        headers: { 'user-agent': settings.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (err) {
      const reason = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${settings.timeoutMs} ms` : String(err);
      throw new GeocoderUnavailable(`Nominatim: ${reason}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new GeocoderUnavailable(`Nominatim answered ${response.status}`);
    }
    try {
      return await response.json();
    } catch {
      throw new GeocoderUnavailable('Nominatim answered what is not JSON');
    }
  };
  return {
    async locate(address) {
      if (address.street.trim() === '') return null;
      let places: unknown;
      try {
        places = await inTurn(() => search(address), settings.timeoutMs);
      } catch (err) {
        if (err instanceof TurnNotReached) throw new GeocoderUnavailable(`Nominatim: ${err.message} (one request at a time)`);
        throw err;
      }
      if (!Array.isArray(places)) throw new GeocoderUnavailable('Nominatim answered what is not a list of places');
      const place = places[0] as NominatimPlace | undefined;
      if (!place) return null;
      const lat = coordinate(place.lat, 90);
      const lng = coordinate(place.lon, 180);
      if (lat === undefined || lng === undefined) throw new GeocoderUnavailable('Nominatim answered a place without coordinates');
      const rank = typeof place.place_rank === 'number' ? place.place_rank : Number(place.place_rank);
      if (!(rank >= streetRank)) return null;
      return { lat, lng, precision: 'street' };
    },
  };
}
