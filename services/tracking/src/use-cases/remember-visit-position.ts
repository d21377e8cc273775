import type { TechnicianRow, Trx } from '../db/schema.ts';
import { addressKey } from '../domain/geocoder.ts';
import { isVisitPosition } from '../domain/visit-position.ts';
import { findCustomerPlace, placeAddressAtVisit } from '../repositories/appointment-snapshot-repository.ts';
import { saveVisitPosition } from '../repositories/geocoded-address-repository.ts';
import { announceTrackingChange } from './announce-tracking-change.ts';

/**
 * On arrival: the technician's position, when it shows where the address really is (`isVisitPosition`), becomes the
 * address's true location (`visit`). It is kept per normalized address, so later appointments there are placed at
 * the door, and every appointment already known at that address moves there now (their subscribers hear of it).
 */
export async function rememberVisitPosition(trx: Trx, appointmentId: number, technician: Pick<TechnicianRow, 'lat' | 'lng' | 'location_updated_at'>, now: Date): Promise<void> {
  if (technician.lat === null || technician.lng === null) return;
  const place = await findCustomerPlace(trx, appointmentId);
  if (!place) return;
  const placed = place.customer_lat !== null && place.customer_lng !== null && place.customer_precision !== null
    ? { lat: place.customer_lat, lng: place.customer_lng, precision: place.customer_precision }
    : null;
  const position = { lat: technician.lat, lng: technician.lng, at: technician.location_updated_at };
  if (!isVisitPosition(position, placed, now)) return;
  const key = place.address_key ?? addressKey({ street: place.address, city: place.city, state: place.state, zipCode: place.zip_code });
  await saveVisitPosition(trx, key, { lat: position.lat, lng: position.lng }, now);
  const moved = await placeAddressAtVisit(trx, appointmentId, key, { lat: position.lat, lng: position.lng }, now);
  for (const id of moved) if (id !== appointmentId) await announceTrackingChange(trx, id);
}
