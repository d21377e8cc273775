import { sql } from 'kysely';
import { customerDeletionCompletedTopic, erasedCustomerName, type CustomerDeletionRequested } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import type { TrackingOutbox } from '../domain/outgoing.ts';

/**
 * `customer.deletion-requested`: tracking anonymises its copies of the customer's appointments (matched by account id,
 * or by the phone's digits for a visit booked without the account): name, phone, address and the house's position go,
 * as do the trips driven there and the geocoder's answer for the address. The tracking record (technician, status,
 * times) stays, as the visit happened. It answers accounts with `customer.deletion-completed`. Delivered twice, it
 * finds nothing left and reports the same.
 */
export async function eraseCustomer(trx: Trx, effects: TrackingOutbox, request: CustomerDeletionRequested): Promise<void> {
  const snapshots = await trx
    .selectFrom('appointment_snapshots')
    .select(['appointment_id', 'address_key'])
    .where((eb) =>
      eb.or([
        eb('customer_id', '=', request.customerId),
        ...(request.phoneDigits ? [eb(sql<string>`regexp_replace(phone, '[^0-9]', '', 'g')`, 'in', [request.phoneDigits, `1${request.phoneDigits}`])] : []),
      ]))
    .execute();
  const ids = snapshots.map((row) => row.appointment_id);
  if (ids.length > 0) {
    await trx
      .updateTable('appointment_snapshots')
      .set({ customer_id: null, customer_name: erasedCustomerName, phone: '', address: '', city: '', zip_code: '', customer_lat: null, customer_lng: null, customer_precision: null, address_key: null })
      .where('appointment_id', 'in', ids)
      .execute();
    await trx.deleteFrom('tracking_route_points').where('appointment_id', 'in', ids).execute();
    await trx.deleteFrom('road_estimates').where('appointment_id', 'in', ids).execute();
    const keys = snapshots.map((row) => row.address_key).filter((key): key is string => key !== null);
    if (keys.length > 0) await trx.deleteFrom('geocoded_addresses').where('address_key', 'in', keys).execute();
  }
  await effects.enqueue(trx, customerDeletionCompletedTopic, {
    requestId: request.requestId,
    service: 'tracking',
    summary: `${ids.length} visit(s) anonymised (name, phone, address and the house's position removed; trips there deleted). The visits' records (technician, times) are kept.`,
    completedAt: new Date().toISOString(),
  });
}
