import { sql } from 'kysely';
import { customerDeletionCompletedTopic, erasedCustomerName, type CustomerDeletionRequested } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import type { BookingOutbox } from '../domain/dispatch.ts';
import type { PhotoContext } from './photos.ts';

/**
 * `customer.deletion-requested`: booking anonymises the customer's appointments (those of the account, and those booked
 * as a guest under its email) and service requests, keeping what the business needs of the work done (date, slot,
 * appliance, brand, status, technician, the job record's plate and parts), and deletes the visits' photos, their files
 * in the object store first (a store failure throws, so the delivery is retried). It answers accounts with
 * `customer.deletion-completed`. Delivered twice, it finds nothing left to erase and reports the same.
 */
export async function eraseCustomer(trx: Trx, deps: { effects: BookingOutbox; photos: PhotoContext }, request: CustomerDeletionRequested): Promise<void> {
  const ofCustomer = sql<boolean>`(customer_id = ${request.customerId} or lower(email) = ${request.email})`;
  const appointmentIds = (await trx.selectFrom('appointments').select('id').where(ofCustomer).execute()).map((row) => row.id);
  let photos = 0;
  if (appointmentIds.length > 0) {
    const rows = await trx.selectFrom('appointment_photos').select(['id', 'upload_key', 'stored_key']).where('appointment_id', 'in', appointmentIds).execute();
    if (rows.length > 0 && !deps.photos.store) throw new Error('The customer has photos but no object store is configured to delete them from (OBJECT_STORE_URL).');
    for (const row of rows) {
      await deps.photos.store!.delete(row.upload_key);
      if (row.stored_key) await deps.photos.store!.delete(row.stored_key);
    }
    photos = Number((await trx.deleteFrom('appointment_photos').where('appointment_id', 'in', appointmentIds).executeTakeFirst()).numDeletedRows);
    await trx
      .updateTable('appointments')
      .set({
        customer_id: null,
        customer_name: erasedCustomerName,
        email: '',
        phone: '',
        address: '',
        city: '',
        zip_code: '',
        description: null,
        technician_notes: null,
        sms_consent: false,
        sms_consent_text: null,
        home_warranty_company: null,
      })
      .where('id', 'in', appointmentIds)
      .execute();
    await trx.deleteFrom('appointment_copies').where('appointment_id', 'in', appointmentIds).execute();
  }
  const requests = await trx
    .updateTable('service_requests')
    .set({ customer_id: null, first_name: erasedCustomerName, last_name: '', phone: '', email: null, problem_description: '', technician_notes: null })
    .where(ofCustomer)
    .executeTakeFirst();
  await deps.effects.enqueue(trx, customerDeletionCompletedTopic, {
    requestId: request.requestId,
    service: 'booking',
    summary:
      `${appointmentIds.length} appointment(s) anonymised (name, contact, address, notes removed; date, appliance and work kept), ` +
      `${photos} photo(s) deleted with their files, ${Number(requests.numUpdatedRows)} service request(s) anonymised.`,
    completedAt: new Date().toISOString(),
  });
}
