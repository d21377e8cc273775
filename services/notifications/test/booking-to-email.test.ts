import { afterAll, beforeAll, expect, it } from 'vitest';
import { appointmentLinksRequestedTopic, type AppointmentLinksRequested, type CreateAppointmentResponse } from '@repo/contracts';
import { createTestService, injectEffect, type TestService } from '@repo/service-kit/test-service';
import { freePort, publishedEffects } from '@repo/service-kit/testing';
// A real booking service: it books and tells notifications through its outbox, as in production.
import type { BookingDatabase } from '@repo/booking/db/schema';
import { bookingService } from '@repo/booking/definition';
import { listen, messagesOf, startNotifications, TestSmtpServer, type NotificationsTestService } from './helpers.ts';

const nowhere = 'http://127.0.0.1:9';
const smtp = new TestSmtpServer();
let booking: TestService<BookingDatabase>;
let notifications: NotificationsTestService;

beforeAll(async () => {
  await smtp.start();
  const notificationsPort = await freePort();
  // Monday 23 November 2026, 10:00 Eastern: Wednesday the 25th is bookable.
  const now = () => new Date('2026-11-23T15:00:00Z');
  booking = await createTestService(bookingService, { PEER_URLS: `notifications=http://127.0.0.1:${notificationsPort},tracking=${nowhere},accounts=${nowhere},payments=${nowhere}` }, { now });
  notifications = await startNotifications(smtp.port, { PORTAL_ORIGIN: 'http://localhost:8081' });
  await listen(notifications.app, notificationsPort);
});
afterAll(async () => {
  await notifications?.close();
  await booking?.close();
  await smtp.stop();
});

it('a booking on the public site brings its confirmation email, whose link opens the appointment as the confirmation page’s does', async () => {
  const response = await booking.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      customerName: 'Dana Whitfield', email: 'dana@example.com', phone: '(904) 555-0142', address: '48 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084',
      serviceType: 'Repair', appliance: 'Dishwasher', brand: 'Bosch', appointmentDate: '2026-11-25', timeSlot: '09:00-10:00',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const booked = response.json() as CreateAppointmentResponse;
  const id = booked.appointment.id;

  await expect.poll(() => smtp.mailsFor(id).length, { timeout: 30_000, interval: 200 }).toBe(1);
  const [mail] = smtp.mailsFor(id);
  expect(mail!.to).toMatchObject({ text: 'dana@example.com' });
  expect(mail!.subject).toBe('Your appointment is booked: Wed, Nov 25, 9:00–10:00 AM ET');
  expect(mail!.attachments.map((attachment) => attachment.filename)).toEqual([`appointment-${booked.confirmationCode}.ics`]);

  // The link is the appointment page with a manage token in its fragment; the page's calls accept that token.
  const link = new RegExp(`http://localhost:8081/appointments/${id}#access=([\\w.%-]+)`).exec(mail!.text!);
  expect(link, mail!.text!).not.toBeNull();
  const token = decodeURIComponent(link![1]!);
  const page = await booking.app.inject({ method: 'GET', url: `/api/customer/appointments/${id}`, headers: { 'x-appointment-access': token } });
  expect(page.statusCode, page.body).toBe(200);
  expect(page.json()).toMatchObject({ appointment: { id, confirmationCode: booked.confirmationCode } });
  expect((await messagesOf(notifications, id)).map((row) => [row.kind, row.state])).toEqual([['booking-confirmation', 'sent']]);
});


it('"find my appointment" emails the address its upcoming appointments, each link opening its page; a redelivery sends nothing more', async () => {
  const booked = [];
  for (const timeSlot of ['13:00-14:00', '11:00-12:00']) {
    const response = await booking.app.inject({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        customerName: 'Robin Ash', email: 'robin@example.com', phone: '(904) 555-0190', address: '9 Aviles St', city: 'St Augustine', state: 'FL', zipCode: '32084',
        serviceType: 'Maintenance', appliance: 'Range', brand: 'Wolf', appointmentDate: '2026-11-26', timeSlot,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    booked.push((response.json() as CreateAppointmentResponse).appointment.id);
  }
  const asked = await booking.app.inject({ method: 'POST', url: '/api/appointments/find', payload: { email: 'ROBIN@example.com' } });
  expect(asked.statusCode, asked.body).toBe(202);

  const listed = () => smtp.mails.filter((mail) => mail.messageId?.startsWith('<find-appointment.'));
  await expect.poll(() => listed().length, { timeout: 30_000, interval: 200 }).toBe(1);
  const [mail] = listed();
  expect(mail!.to).toMatchObject({ text: 'robin@example.com' });
  expect(mail!.subject).toBe('Your 2 upcoming appointments');
  // Soonest first (the plain text has each link under its button and written out).
  const links = [...new Map([...mail!.text!.matchAll(/http:\/\/localhost:8081\/appointments\/(\d+)#access=([\w.%-]+)/g)].map((link) => [link[1], link])).values()];
  expect(links.map((link) => Number(link[1]))).toEqual([booked[1], booked[0]]);
  for (const link of links) {
    const page = await booking.app.inject({ method: 'GET', url: `/api/customer/appointments/${link[1]}`, headers: { 'x-appointment-access': decodeURIComponent(link[2]!) } });
    expect(page.statusCode, page.body).toBe(200);
  }

  // Booking's outbox delivering the same request again (a lost answer) stores and sends nothing more.
  const [row] = await notifications.db.selectFrom('messages').selectAll().where('kind', '=', 'find-appointment').execute();
  expect(row).toMatchObject({ state: 'sent', recipient: 'robin@example.com', appointment_id: null });
  const event = (await publishedEffects<AppointmentLinksRequested>(booking.database, appointmentLinksRequestedTopic))[0]!;
  expect(await injectEffect(notifications.app, { from: 'booking', topic: appointmentLinksRequestedTopic, payload: event }).then((answer) => answer.statusCode)).toBe(200);
  expect(await notifications.db.selectFrom('messages').select('id').where('kind', '=', 'find-appointment').execute()).toHaveLength(1);
  expect(listed()).toHaveLength(1);
});
