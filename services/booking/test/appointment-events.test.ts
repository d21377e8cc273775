import { expect, it } from 'vitest';
import { appointmentChangedEvent, appointmentChangedTopic, smsConsentWording, type AppointmentChanged } from '@repo/contracts';
import { publishedEffects, subscribersOfTopic } from '@repo/service-kit/testing';
import { bookSlot, bookingForTests, staffClaims, testClock } from './helpers.ts';

// Notifications subscribes in code, and a deployment may add subscribers (accounts here); their addresses lead
// nowhere, so every event stays in booking's queue for the test to read.
const booking = bookingForTests(testClock('2026-11-23T15:00:00Z').now, { EVENT_SUBSCRIBERS: `${appointmentChangedTopic}=accounts`, BOOKING_SLOT_CAPACITY: '1' });

const eventsFor = async (appointmentId: number) =>
  (await publishedEffects<AppointmentChanged>(booking.service.database, appointmentChangedTopic)).filter((event) => event.appointmentId === appointmentId);

it('publishes the first booking with what a confirmation needs, in the booking’s own transaction', async () => {
  const { id, body } = await bookSlot(booking.service, '2026-11-25', '09:00-10:00', {}, { smsConsent: true });
  const [event, ...more] = await eventsFor(id);
  expect(more).toEqual([]);
  expect(appointmentChangedEvent.parse(event)).toEqual({
    appointmentId: id,
    version: expect.any(Number),
    change: 'booked',
    status: 'scheduled',
    confirmationCode: body.confirmationCode,
    customerId: null,
    customerName: 'Jordan Reyes',
    email: 'jordan@example.com',
    phone: '(904) 555-0100',
    smsConsent: true,
    smsConsentText: smsConsentWording,
    address: '12 King St',
    city: 'St Augustine',
    state: 'FL',
    zipCode: '32084',
    serviceType: 'Repair',
    appliance: 'Refrigerator',
    brand: 'Sub-Zero',
    technicianId: null,
    startsAt: '2026-11-25T09:00:00-05:00',
    endsAt: '2026-11-25T10:00:00-05:00',
    description: 'Not cooling',
    revision: 0,
    manageToken: expect.any(String),
    trackToken: expect.any(String),
  });
});

it('stores the consent and the words the customer agreed to with the appointment, and publishes them with every change', async () => {
  const consented = await bookSlot(booking.service, '2026-11-28', '09:00-10:00', {}, { smsConsent: true });
  const declined = await bookSlot(booking.service, '2026-11-28', '10:00-11:00', {}, { smsConsent: false });
  const unsaid = await bookSlot(booking.service, '2026-11-28', '11:00-12:00');
  const stored = await booking.service.db
    .selectFrom('appointments')
    .select(['id', 'sms_consent', 'sms_consent_text'])
    .where('id', 'in', [consented.id, declined.id, unsaid.id])
    .orderBy('id')
    .execute();
  expect(stored).toEqual([
    { id: consented.id, sms_consent: true, sms_consent_text: smsConsentWording },
    { id: declined.id, sms_consent: false, sms_consent_text: null },
    { id: unsaid.id, sms_consent: false, sms_consent_text: null },
  ]);
  expect(smsConsentWording).toMatch(/Message and data rates may apply\. Reply STOP to opt out/);

  const staff = booking.service.bearer(staffClaims());
  const confirmed = await booking.service.app.inject({ method: 'PUT', url: `/api/appointments/${consented.id}/status`, headers: { authorization: staff }, payload: { status: 'confirmed' } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect((await eventsFor(consented.id)).map((event) => [event.change, event.smsConsent, event.smsConsentText])).toEqual([
    ['booked', true, smsConsentWording],
    ['status-changed', true, smsConsentWording],
  ]);
  expect((await eventsFor(declined.id)).map((event) => [event.smsConsent, event.smsConsentText])).toEqual([[false, null]]);
});

it('refuses words of consent without the consent itself (a database check)', async () => {
  const { id } = await bookSlot(booking.service, '2026-11-28', '12:00-13:00');
  await expect(booking.service.db.updateTable('appointments').set({ sms_consent_text: smsConsentWording }).where('id', '=', id).execute()).rejects.toThrow(
    /appointments_sms_consent_text_with_consent/,
  );
});

it('carries the appointment’s own manage and track links, which open its page and its tracking as the confirmation’s do', async () => {
  const { id } = await bookSlot(booking.service, '2026-11-25', '11:00-12:00');
  const [event] = await eventsFor(id);
  const manage = await booking.page.details(id, { token: event!.manageToken });
  expect(manage.statusCode, manage.body).toBe(200);
  expect(manage.json().appointment.id).toBe(id);
  // A track link opens only the tracking page: the appointment page refuses it.
  expect((await booking.page.details(id, { token: event!.trackToken })).statusCode).toBe(403);
});

it('subscribes notifications in code: the event is queued for it without any EVENT_SUBSCRIBERS', async () => {
  expect(subscribersOfTopic(booking.service.database, appointmentChangedTopic)).toEqual(expect.arrayContaining(['notifications', 'accounts']));
});

it('publishes nothing for a booking the full slot refused, and keeps the slot to one appointment', async () => {
  const before = await publishedEffects<AppointmentChanged>(booking.service.database, appointmentChangedTopic);
  await bookSlot(booking.service, '2026-11-25', '10:00-11:00');
  const refused = await booking.service.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: { customerName: 'Second Caller', email: 'second@example.com', phone: '(904) 555-0101', address: '1 A St', city: 'St Augustine', state: 'FL', zipCode: '32084', serviceType: 'Repair', appliance: 'Oven', brand: 'GE', appointmentDate: '2026-11-25', timeSlot: '10:00-11:00' },
  });
  expect(refused.statusCode).toBe(409);
  const after = await publishedEffects<AppointmentChanged>(booking.service.database, appointmentChangedTopic);
  expect(after.slice(before.length).map((event) => [event.change, event.email, event.startsAt])).toEqual([['booked', 'jordan@example.com', '2026-11-25T10:00:00-05:00']]);
  expect(after.filter((event) => event.email === 'second@example.com')).toEqual([]);
});

it('publishes every later change: reschedule, staff status change and cancellation, each a newer version', async () => {
  const { id, manageToken } = await bookSlot(booking.service, '2026-11-26', '09:00-10:00');
  const access = { 'x-appointment-access': manageToken };
  const moved = await booking.service.app.inject({ method: 'PUT', url: `/api/customer/appointments/${id}/reschedule`, headers: access, payload: { appointmentDate: '2026-11-27', timeSlot: '11:00-12:00' } });
  expect(moved.statusCode, moved.body).toBe(200);
  const staff = booking.service.bearer(staffClaims());
  const confirmed = await booking.service.app.inject({ method: 'PUT', url: `/api/appointments/${id}/status`, headers: { authorization: staff }, payload: { status: 'confirmed' } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const cancelled = await booking.service.app.inject({ method: 'POST', url: `/api/customer/appointments/${id}/cancel`, headers: access });
  expect(cancelled.statusCode, cancelled.body).toBe(200);

  const events = await eventsFor(id);
  expect(events.map((event) => [event.change, event.status, event.startsAt])).toEqual([
    ['booked', 'scheduled', '2026-11-26T09:00:00-05:00'],
    ['rescheduled', 'scheduled', '2026-11-27T11:00:00-05:00'],
    ['status-changed', 'confirmed', '2026-11-27T11:00:00-05:00'],
    ['cancelled', 'cancelled', '2026-11-27T11:00:00-05:00'],
  ]);
  const versions = events.map((event) => event.version);
  expect(versions).toEqual([...versions].sort((a, b) => a - b));
  expect(new Set(versions).size).toBe(versions.length);
});

it('refuses an smsConsent that is not true or false with 400 next to the field', async () => {
  const response = await booking.service.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: { customerName: 'Jo', email: 'jo@example.com', phone: '(904) 555-0102', address: '1 A St', city: 'St Augustine', state: 'FL', zipCode: '32084', serviceType: 'Repair', appliance: 'Oven', brand: 'GE', appointmentDate: '2026-11-30', timeSlot: '09:00-10:00', smsConsent: 'yes' },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', fields: { smsConsent: 'SMS consent must be true or false' } } });
});
