import { customerDeletionCompletedTopic, erasedCustomerName, type CustomerDeletionRequested } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import type { TrackingOutbox } from '../domain/outgoing.ts';

/**
 * `customer.deletion-requested`: tracking anonymises its copies of the customer's appointments, matched by account id:
 * name, phone, address and the house's position go, as do the trips driven there. The tracking record (technician,
 * status, times) stays, as the visit happened. It answers accounts with `customer.deletion-completed`. Delivered twice,
 * it finds nothing left and reports the same.
 *
 * Not matched by phone: a phone is shared (a household, an office line), and erasing by it anonymised other people's
 * visits. Nor is the geocoder's answer for an address removed: it names a place, not a person, once no visit there
 * names them, and other customers at that address use it. A guest visit (booked without the account) keeps tracking's
 * copy until booking sends that visit again.
 */
export async function eraseCustomer(trx: Trx, effects: TrackingOutbox, request: CustomerDeletionRequested): Promise<void> {
  const snapshots = await trx
    .selectFrom('appointment_snapshots')
    .select('appointment_id')
    .where('customer_id', '=', request.customerId)
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
  }
  await effects.enqueue(trx, customerDeletionCompletedTopic, {
    requestId: request.requestId,
    service: 'tracking',
    summary: `${ids.length} visit(s) anonymised (name, phone, address and the house's position removed; trips there deleted). The visits' records (technician, times) are kept.`,
    completedAt: new Date().toISOString(),
  });
}
