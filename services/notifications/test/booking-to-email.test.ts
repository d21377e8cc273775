import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreateAppointmentResponse } from '@repo/contracts';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import { freePort } from '@repo/service-kit/testing';
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
  booking = await createTestService(bookingService, { PEER_URLS: `notifications=http://127.0.0.1:${notificationsPort},tracking=${nowhere},accounts=${nowhere}` }, { now });
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

