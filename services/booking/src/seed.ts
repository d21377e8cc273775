import { appointmentRequestSchema, bookableDates, businessDate, addDays } from '@repo/contracts';
import { daySlots } from './domain/availability.ts';
import { confirmationCode } from './domain/confirmation-code.ts';
import type { BookingEnv } from './env.ts';
import { countAppointments, insertPastAppointment } from './repositories/appointment-repository.ts';
import { insertServiceRequests } from './repositories/service-request-repository.ts';
import { bookAppointment } from './use-cases/book-appointment.ts';
import type { BookingContext } from './use-cases/context.ts';

/**
 * Demo data for the embedded default: the demo customer's history and a few upcoming appointments. The history is
 * stored under the demo customer's email with no account id: booking cannot know the id accounts will give it, so
 * accounts sends it as a durable effect and `linkDemoCustomer` links these rows then.
 */
export async function seedDemoData(serviceCtx: BookingContext, env: BookingEnv): Promise<void> {
  const { db } = serviceCtx;
  if ((await countAppointments(db)) > 0) return;
  const customerId = null;
  const today = businessDate();
  const base = { email: 'demo@example.com', phone: '(904) 555-0142', address: '48 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084' };

  const [history] = await insertServiceRequests(db, [
    { customer_id: customerId, first_name: 'Dana', last_name: 'Whitfield', phone: base.phone, email: base.email, appliance_type: 'Refrigerator', brand: 'Sub-Zero', problem_description: 'Freezer not holding temperature; ice build-up on the back wall.', is_emergency: true, status: 'completed', technician_notes: 'Replaced defrost heater and thermostat. Tested for 2 hours.', completed_at: new Date(`${addDays(today, -40)}T15:00:00Z`), created_at: new Date(`${addDays(today, -42)}T13:00:00Z`) },
    { customer_id: customerId, first_name: 'Dana', last_name: 'Whitfield', phone: base.phone, email: base.email, appliance_type: 'Dishwasher', brand: 'Bosch', problem_description: 'Water left standing after the cycle.', is_emergency: false, status: 'pending', technician_notes: null, completed_at: null, created_at: new Date(`${addDays(today, -2)}T14:00:00Z`) },
  ]);

  await insertPastAppointment(db, {
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
}
