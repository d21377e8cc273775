import { appointmentRequestSchema, bookableDates, businessDate, businessInstant, addDays } from '@repo/contracts';
import { DomainError } from '@repo/service-kit';
import type { Trx } from './db/schema.ts';
import { daySlots } from './domain/availability.ts';
import { confirmationCode } from './domain/confirmation-code.ts';
import type { BookingEnv } from './env.ts';
import { countAppointments, findUnassignedByDescription, insertAppointmentWithoutPlace } from './repositories/appointment-repository.ts';
import { insertServiceRequests } from './repositories/service-request-repository.ts';
import { findTechnician } from './repositories/technician-repository.ts';
import { assignTechnicianIn } from './use-cases/assign-technician.ts';
import { bookAppointment } from './use-cases/book-appointment.ts';
import type { BookingContext } from './use-cases/context.ts';

/** The demo customer, as accounts seeds them (accounts links the rows seeded under this email: `linkGuestBookings`). */
const demoCustomer = { customerName: 'Dana Whitfield', email: 'demo@example.com', phone: '(904) 555-0142', address: '48 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084' };
/** The technician tracking's seed creates and its demo driver drives (DEMO_DRIVER). */
export const demoTechnicianId = 'tech_mike';
/** Marks the demo customer's visit today, the one the demo technician is assigned to and drives toward. */
export const demoVisitDescription = 'Demo visit: follow your technician live on the tracking page';

/**
 * Demo data for the embedded default: the demo customer's history and a few upcoming appointments. The history is
 * stored under the demo customer's email with no account id: booking cannot know the id accounts will give it, so
 * accounts sends it as a durable effect and `linkGuestBookings` links these rows then.
 */
export async function seedDemoData(serviceCtx: BookingContext, env: BookingEnv): Promise<void> {
  const { db } = serviceCtx;
  if ((await countAppointments(db)) > 0) return;
  const customerId = null;
  const today = businessDate();
  const { customerName: _name, ...base } = demoCustomer;

  const [history] = await insertServiceRequests(db, [
    { customer_id: customerId, first_name: 'Dana', last_name: 'Whitfield', phone: base.phone, email: base.email, appliance_type: 'Refrigerator', brand: 'Sub-Zero', problem_description: 'Freezer not holding temperature; ice build-up on the back wall.', is_emergency: true, status: 'completed', technician_notes: 'Replaced defrost heater and thermostat. Tested for 2 hours.', completed_at: new Date(`${addDays(today, -40)}T15:00:00Z`), created_at: new Date(`${addDays(today, -42)}T13:00:00Z`) },
    { customer_id: customerId, first_name: 'Dana', last_name: 'Whitfield', phone: base.phone, email: base.email, appliance_type: 'Dishwasher', brand: 'Bosch', problem_description: 'Water left standing after the cycle.', is_emergency: false, status: 'pending', technician_notes: null, completed_at: null, created_at: new Date(`${addDays(today, -2)}T14:00:00Z`) },
  ]);

  await insertAppointmentWithoutPlace(db, {
    customer_id: customerId, service_request_id: history?.id ?? null, customer_name: 'Dana Whitfield',
    email: base.email, phone: base.phone, address: base.address, city: base.city, state: base.state, zip_code: base.zipCode,
    appointment_date: addDays(today, -40), time_slot: daySlots(env)[1] ?? '09:00-10:00', service_type: 'Repair', appliance: 'Refrigerator', brand: 'Sub-Zero',
    description: 'Freezer not holding temperature.', status: 'completed', technician_id: null, technician_notes: 'Defrost heater replaced.', total_cost: '289.00', confirmation_code: confirmationCode(),
  });

  // Booked as a visitor would have yesterday, through the same race-proof path.
  const ctx: BookingContext = { ...serviceCtx, now: () => new Date(`${addDays(today, -1)}T12:00:00Z`) };
  const upcoming = bookableDates(today).slice(1, 4);
  const people = [
    { customerName: 'Dana Whitfield', customerId, appliance: 'Dishwasher', brand: 'Bosch', serviceType: 'Diagnostic' },
    { customerName: 'Marcus Lee', customerId: null, email: 'marcus.lee@example.com', appliance: 'Oven', brand: 'Wolf', serviceType: 'Repair' },
    { customerName: 'Priya Natarajan', customerId: null, email: 'priya.natarajan@example.com', appliance: 'Washer', brand: 'LG', serviceType: 'Repair' },
  ] as const;
  for (const [index, person] of people.entries()) {
    const date = upcoming[index];
    const slot = daySlots(env)[index + 2];
    if (!date || !slot) continue;
    await bookAppointment(ctx, {
      request: appointmentRequestSchema.parse({ ...base, ...person, appointmentDate: date, timeSlot: slot, description: 'Demo appointment' }),
      customerId: person.customerId,
    });
  }

  await seedDemoVisit(serviceCtx, env);
}

/**
 * The demo customer's visit today, in the slot under way now (the first or last of the day outside opening hours),
 * booked as the customer would have yesterday; on a Sunday or a full slot it is stored without taking a place, as the
 * history is (demo data may bypass availability). It is assigned to the demo technician through staff's assign use
 * case (so tracking gets its record through the outbox) as soon as booking knows the technician: see `assignDemoVisit`.
 */
async function seedDemoVisit(serviceCtx: BookingContext, env: BookingEnv): Promise<void> {
  const now = serviceCtx.now();
  const today = businessDate(now);
  const slots = daySlots(env);
  const slot = slots.find((candidate) => businessInstant(today, candidate.slice(6)).getTime() > now.getTime()) ?? slots.at(-1) ?? '09:00-10:00';
  const request = appointmentRequestSchema.parse({
    ...demoCustomer, appointmentDate: today, timeSlot: slot, serviceType: 'Repair', appliance: 'Refrigerator', brand: 'Sub-Zero', description: demoVisitDescription,
  });
  const yesterday: BookingContext = { ...serviceCtx, now: () => new Date(`${addDays(today, -1)}T12:00:00Z`) };
  try {
    await bookAppointment(yesterday, { request, customerId: null });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    await insertAppointmentWithoutPlace(serviceCtx.db, {
      customer_id: null, service_request_id: null, customer_name: request.customerName, email: request.email, phone: request.phone,
      address: request.address, city: request.city, state: request.state, zip_code: request.zipCode, appointment_date: today, time_slot: slot,
      service_type: request.serviceType, appliance: request.appliance, brand: request.brand, description: demoVisitDescription,
      technician_id: null, technician_notes: null, total_cost: null, confirmation_code: confirmationCode(),
    });
  }
  // Usually booking does not know the technician yet (tracking tells it after its own seed); if it does, assign now.
  await serviceCtx.db.transaction().execute((trx) => assignDemoVisit(serviceCtx, trx, demoTechnicianId));
}

/**
 * Assigns the demo visit to the demo technician, once, in the caller's transaction. Called when booking first hears of
 * a technician (the `technician.changed` handler, with SEED_DEMO=true) and at the end of the seed. Why there and not
 * on a timer: the assign use case accepts only a technician booking's replica knows, and the replica learns of the
 * demo technician through tracking's outbox, whenever tracking is up: seconds after start-up, or much later if
 * tracking is down. Hooking the moment the replica first stores the technician needs no polling, cannot give up too
 * early, survives restarts (the effect is durable), and is atomic: the replica row, the assignment and its snapshot
 * for tracking commit together. Only the first snapshot of the technician counts, so a later status change never
 * reassigns a visit staff have since unassigned. Nothing to do (no visit, another technician): false.
 */
export async function assignDemoVisit(ctx: Pick<BookingContext, 'effects' | 'links' | 'now'>, trx: Trx, technicianId: string): Promise<boolean> {
  if (technicianId !== demoTechnicianId || !(await findTechnician(trx, technicianId))) return false;
  const visit = await findUnassignedByDescription(trx, demoCustomer.email, demoVisitDescription);
  if (!visit) return false;
  await assignTechnicianIn(ctx, trx, visit.id, technicianId);
  return true;
}

