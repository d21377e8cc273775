import { businessDate, type AppointmentDispatch } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import type { Insertable } from 'kysely';
import type { AppointmentSnapshotsTable, Trx } from '../db/schema.ts';
import { tellBookingOfStage } from '../domain/outgoing.ts';
import { planRecord } from '../domain/record-plan.ts';
import { findSnapshotForUpdate, insertSnapshotIfAbsent, replaceSnapshot } from '../repositories/appointment-snapshot-repository.ts';
import { clearRoute } from '../repositories/route-repository.ts';
import { countCompletedJob, lockTechnicians } from '../repositories/technician-repository.ts';
import { findRecordForUpdate, insertRecord, updateRecord } from '../repositories/tracking-record-repository.ts';
import { announceTrackingChange } from './announce-tracking-change.ts';
import type { TrackingContext } from './context.ts';
import { placeAddress, type PlacedAddress } from './place-address.ts';
import { settleTechnicianStatus } from './technician-workload.ts';

const snapshotRow = (s: AppointmentDispatch, { key, point: customer }: PlacedAddress): Insertable<AppointmentSnapshotsTable> => ({
  appointment_id: s.appointmentId,
  version: s.version,
  technician_id: s.technicianId,
  status: s.status,
  customer_id: s.customerId,
  customer_name: s.customerName,
  phone: s.phone,
  address: s.address,
  city: s.city,
  state: s.state,
  zip_code: s.zipCode,
  service_type: s.serviceType,
  appliance: s.appliance,
  brand: s.brand,
  starts_at: new Date(s.startsAt),
  ends_at: new Date(s.endsAt),
  scheduled_date: businessDate(new Date(s.startsAt)),
  customer_lat: customer?.lat ?? null,
  customer_lng: customer?.lng ?? null,
  customer_precision: customer?.precision ?? null,
  address_key: key,
});

/**
 * Applies booking's `appointment.dispatch` effect in the receiver's transaction. Only a snapshot newer than the one
 * held counts (booking's version grows with every change), so snapshots delivered late, out of order or twice change
 * nothing. The customer's address is placed as the snapshot is stored (`placeAddress`). The tracking record then follows the appointment (see `planRecord`), the technicians involved get their
 * status settled, and live subscribers hear of it after commit.
 */
export async function applyDispatch(ctx: TrackingContext, trx: Trx, snapshot: AppointmentDispatch): Promise<void> {
  const previous = await findSnapshotForUpdate(trx, snapshot.appointmentId);
  if (previous && previous.version >= snapshot.version) return;
  const customer = await placeAddress(ctx, trx, { street: snapshot.address, city: snapshot.city, state: snapshot.state, zipCode: snapshot.zipCode });
  if (previous) {
    await replaceSnapshot(trx, snapshotRow(snapshot, customer));
  } else if (!(await insertSnapshotIfAbsent(trx, snapshotRow(snapshot, customer)))) {
    // Another delivery for this appointment stored it first (now committed): compare against that one.
    return applyDispatch(ctx, trx, snapshot);
  }

  const record = await findRecordForUpdate(trx, snapshot.appointmentId);
  const now = ctx.now();
  const plan = planRecord(record, previous?.starts_at, snapshot, now);
  if (!plan) return;
  const involved = [...new Set([record?.technician_id, plan.technicianId].filter((id): id is string => id !== undefined))];
  const technicians = await lockTechnicians(trx, involved);
  // Booking only offers technicians tracking told it about, so this means tracking's data was lost: refuse (booking
  // retries, and staff see the failing delivery) rather than drop the assignment.
  if (!technicians.some((technician) => technician.id === plan.technicianId)) throw conflict(`Technician ${plan.technicianId} is not known to tracking.`);

  const change = {
    technician_id: plan.technicianId,
    status: plan.status,
    actual_arrival: plan.actualArrival,
    closed_at: plan.closed?.at ?? null,
    close_reason: plan.closed?.reason ?? null,
    updated_at: now,
  };
  if (record) {
    await updateRecord(trx, snapshot.appointmentId, change, plan.add);
    // A job under way sent back to dispatched (a new technician or time) or closed: booking's stage ends with it.
    await tellBookingOfStage(ctx.effects, trx, snapshot.appointmentId, {
      technicianId: plan.technicianId,
      before: { status: record.status, closed: record.closed_at !== null },
      after: { status: plan.status, closed: plan.closed !== null },
      at: now,
    });
  } else {
    await insertRecord(trx, { appointment_id: snapshot.appointmentId, ...change, notifications: JSON.stringify(plan.add), created_at: now });
  }
  // Back to dispatched (a new technician, a reopened or rescheduled job): the next trip starts from nothing.
  if (record && plan.status === 'dispatched' && record.status !== 'dispatched') await clearRoute(trx, snapshot.appointmentId);
  if (plan.status === 'completed' && record?.status !== 'completed') await countCompletedJob(trx, plan.technicianId);
  for (const technician of technicians) await settleTechnicianStatus(ctx, trx, technician);
  await announceTrackingChange(trx, snapshot.appointmentId);
}
