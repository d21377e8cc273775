import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  intakeMessages,
  technicianChangedTopic,
  type Appointment,
  type AppointmentChanged,
  type AppointmentIntakeResponse,
  type DispatchBoard,
  type StaffAppointment,
} from '@repo/contracts';
import { expectApiError, injectEffect } from '@repo/service-kit/test-service';
import { publishedEffects } from '@repo/service-kit/testing';
import { bookSlot, bookingForTests, customerClaims, staffClaims, testClock } from './helpers.ts';

// Monday 23 November 2026, 10:00 Eastern (15:00 UTC).
const clock = testClock('2026-11-23T15:00:00Z');
const booking = bookingForTests(clock.now);

const bearer = (claims: Parameters<typeof booking.service.bearer>[0]) => ({ authorization: booking.service.bearer(claims) });
const staff = () => bearer(staffClaims());
const technician = (technicianId: string) => bearer({ sub: `technician:${technicianId}`, role: 'technician', technicianId, sid: `test-session-${technicianId}-0001` });
const readIntake = (id: number, headers: Record<string, string>) =>
  booking.service.app.inject({ method: 'GET', url: `/api/appointments/${id}/intake`, headers });
const assign = (id: number, technicianId: string) =>
  booking.service.app.inject({ method: 'PUT', url: `/api/appointments/${id}/assign`, payload: { technicianId }, headers: staff() });
const book = (extra: object) =>
  booking.service.app.inject({ method: 'POST', url: '/api/appointments', payload: { ...validRequest, ...extra } });

const validRequest = {
  customerName: 'Jordan Reyes', email: 'jordan@example.com', phone: '(904) 555-0100', address: '12 King St', city: 'St Augustine',
  state: 'FL', zipCode: '32084', serviceType: 'Repair', appliance: 'Refrigerator', brand: 'Sub-Zero', appointmentDate: '2026-11-27', timeSlot: '13:00-14:00',
};

const typedIntake = { modelNumber: '  bi-36u/s/ph ', serialNumber: 'ab 1234.567 ', warranty: 'home-warranty', homeWarrantyCompany: ' American   Home Shield ' };
const storedIntake = { modelNumber: 'BI-36U/S/PH', serialNumber: 'AB 1234.567', warranty: 'home-warranty', homeWarrantyCompany: 'American Home Shield' };

beforeAll(async () => {
  for (const [id, name] of [['tech_a', 'Alex Avery'], ['tech_b', 'Bea Brooks']] as const) {
    await injectEffect(booking.service.app, { from: 'tracking', topic: technicianChangedTopic, payload: { id, name, status: 'available', version: 1 }, messageId: randomUUID() });
  }
});

describe('the appliance intake at booking', () => {
  it('is stored normalised with the appointment and returned with the booking', async () => {
    const { body } = await bookSlot(booking.service, '2026-11-25', '09:00-10:00', {}, typedIntake);
    expect(body.appointment.intake).toEqual(storedIntake);
    const row = await booking.service.db.selectFrom('appointments').select(['model_number', 'serial_number', 'warranty', 'home_warranty_company']).where('id', '=', body.appointment.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ model_number: 'BI-36U/S/PH', serial_number: 'AB 1234.567', warranty: 'home-warranty', home_warranty_company: 'American Home Shield' });
  });

  it('is optional: a booking without it (or with every field empty) has none, as before', async () => {
    expect((await bookSlot(booking.service, '2026-11-25', '10:00-11:00')).body.appointment.intake).toBeNull();
    const empty = await bookSlot(booking.service, '2026-11-25', '10:00-11:00', {}, { modelNumber: '', serialNumber: '   ', homeWarrantyCompany: '' });
    expect(empty.body.appointment.intake).toBeNull();
  });

  it('keeps the plan company only for a home-warranty plan', async () => {
    const { body } = await bookSlot(booking.service, '2026-11-25', '11:00-12:00', {}, { warranty: 'manufacturer', homeWarrantyCompany: 'Choice Home Warranty' });
    expect(body.appointment.intake).toEqual({ modelNumber: null, serialNumber: null, warranty: 'manufacturer', homeWarrantyCompany: null });
  });

  it('refuses bad input with a 400 naming each field, in words a person can act on, and books nothing', async () => {
    const before = await booking.service.db.selectFrom('appointments').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const response = await book({ modelNumber: 'WRF<555>', serialNumber: 'X'.repeat(41), warranty: 'extended', homeWarrantyCompany: 'A'.repeat(101) });
    expectApiError(response, 400, 'VALIDATION_ERROR', {
      modelNumber: intakeMessages.modelCharacters,
      serialNumber: intakeMessages.serialLength,
      warranty: intakeMessages.warranty,
      homeWarrantyCompany: intakeMessages.homeWarrantyCompany,
    });
    expectApiError(await book({ modelNumber: 'ab', serialNumber: '-/.' }), 400, 'VALIDATION_ERROR', {
      modelNumber: intakeMessages.modelLength,
      serialNumber: intakeMessages.serialCharacters,
    });
    expectApiError(await book({ modelNumber: 12345 }), 400, 'VALIDATION_ERROR', { modelNumber: intakeMessages.modelCharacters });
    const after = await booking.service.db.selectFrom('appointments').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('reaches staff (list and dispatch board), stays out of the events, and the office can book with it for a caller', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-26', '09:00-10:00', {}, typedIntake);
    const list = (await booking.service.app.inject({ method: 'GET', url: '/api/appointments?date=2026-11-26', headers: staff() })).json() as StaffAppointment[];
    expect(list.find((appointment) => appointment.id === id)?.intake).toEqual(storedIntake);
    const board = (await booking.service.app.inject({ method: 'GET', url: '/api/appointments/board?date=2026-11-26', headers: staff() })).json() as DispatchBoard;
    expect(board.appointments.find((appointment) => appointment.id === id)?.intake).toEqual(storedIntake);
    expect((await readIntake(id, staff())).json()).toEqual({ appointmentId: id, appliance: 'Refrigerator', intake: storedIntake });

    // No subscriber of appointment.changed (notifications, payments) needs it, so the event does not carry it.
    const events = await publishedEffects<AppointmentChanged>(booking.service.database, 'appointment.changed');
    const booked = events.find((event) => event.appointmentId === id);
    expect(booked).toBeDefined();
    expect(booked).not.toHaveProperty('intake');
    expect(JSON.stringify(booked)).not.toContain('BI-36U');

    const forCaller = await booking.service.app.inject({
      method: 'POST', url: '/api/appointments/for-caller', headers: staff(), payload: { ...validRequest, appointmentDate: '2026-11-26', timeSlot: '14:00-15:00', modelNumber: 'kbfn506ess', warranty: 'none' },
    });
    expect(forCaller.statusCode, forCaller.body).toBe(201);
    expect((forCaller.json() as { appointment: Appointment }).appointment.intake).toEqual({ modelNumber: 'KBFN506ESS', serialNumber: null, warranty: 'none', homeWarrantyCompany: null });
  });

  it('reaches the assigned technician only: another technician and customers get 404 or 403', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-26', '10:00-11:00', {}, typedIntake);
    expectApiError(await readIntake(id, technician('tech_a')), 404, 'NOT_FOUND');
    expect((await assign(id, 'tech_a')).statusCode).toBe(200);
    const seen = await readIntake(id, technician('tech_a'));
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json() as AppointmentIntakeResponse).toEqual({ appointmentId: id, appliance: 'Refrigerator', intake: storedIntake });
    expectApiError(await readIntake(id, technician('tech_b')), 404, 'NOT_FOUND');
    expectApiError(await readIntake(id, bearer(customerClaims(81))), 403, 'FORBIDDEN');
    expectApiError(await readIntake(id, {}), 401, 'UNAUTHORIZED');
  });

  it("is in the customer's own reads (list and appointment page); another customer cannot read it", async () => {
    const { id } = await bookSlot(booking.service, '2026-11-26', '11:00-12:00', bearer(customerClaims(81)), typedIntake);
    const mine = (await booking.service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: bearer(customerClaims(81)) })).json() as Appointment[];
    expect(mine.find((appointment) => appointment.id === id)?.intake).toEqual(storedIntake);
    const page = await booking.page.details(id, bearer(customerClaims(81)));
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json() as { appointment: Appointment }).appointment.intake).toEqual(storedIntake);

    const theirs = (await booking.service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: bearer(customerClaims(82)) })).json() as Appointment[];
    expect(theirs.map((appointment) => appointment.id)).not.toContain(id);
    expectApiError(await booking.page.details(id, bearer(customerClaims(82))), 404, 'NOT_FOUND');
  });
});
