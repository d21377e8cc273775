import type { Db } from '../db/schema.ts';
import type { GeoPoint } from '../domain/geo.ts';

/** What is known of the normalized address, or undefined. */
export const findGeocodedAddress = (db: Db, addressKey: string) =>
  db.selectFrom('geocoded_addresses').selectAll().where('address_key', '=', addressKey).executeTakeFirst();

/**
 * Keeps the street geocoder's answer for the address: its point, or null for "nothing found". A visit's position
 * stays: what a technician found on the doorstep outranks any geocoder.
 */
export const saveStreetAnswer = (db: Db, addressKey: string, point: GeoPoint | null, at: Date) =>
  db.insertInto('geocoded_addresses')
    .values({ address_key: addressKey, lat: point?.lat ?? null, lng: point?.lng ?? null, precision: point ? 'street' : null, located_at: at })
    .onConflict((oc) => oc.column('address_key').doUpdateSet((eb) => ({
      lat: eb.ref('excluded.lat'), lng: eb.ref('excluded.lng'), precision: eb.ref('excluded.precision'), located_at: eb.ref('excluded.located_at'),
    })).where('geocoded_addresses.precision', 'is distinct from', 'visit'))
    .execute();

/** Keeps where a technician arrived at the address as its true position (over any earlier answer or visit). */
export const saveVisitPosition = (db: Db, addressKey: string, point: GeoPoint, at: Date) =>
  db.insertInto('geocoded_addresses')
    .values({ address_key: addressKey, lat: point.lat, lng: point.lng, precision: 'visit', located_at: at })
    .onConflict((oc) => oc.column('address_key').doUpdateSet({ lat: point.lat, lng: point.lng, precision: 'visit', located_at: at }))
    .execute();
