import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { appointmentPageMessages, bookableDates, businessDate, type CreateAppointmentResponse, type TrackingRecord } from '@repo/contracts';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import { freePort } from '@repo/service-kit/testing';
// Real booking and tracking services: booking books and assigns, tracking moves the job, each telling the others
// through its outbox, as in production.
import type { BookingDatabase } from '@repo/booking/db/schema';
import { bookingService } from '@repo/booking/definition';
import type { TrackingDatabase } from '@repo/tracking/db/schema';
import { trackingService } from '@repo/tracking/definition';
import { listen, messagesOf, startNotifications, TestSmtpServer, type NotificationsTestService } from './helpers.ts';

const nowhere = 'http://127.0.0.1:9';
const smtp = new TestSmtpServer();
let booking: TestService<BookingDatabase>;
let tracking: TestService<TrackingDatabase>;
let notifications: NotificationsTestService;

beforeAll(async () => {
  await smtp.start();
  const [notificationsPort, trackingPort] = [await freePort(), await freePort()];
  const notificationsUrl = `http://127.0.0.1:${notificationsPort}`;
  booking = await createTestService(bookingService, { PEER_URLS: `notifications=${notificationsUrl},tracking=http://127.0.0.1:${trackingPort},accounts=${nowhere},payments=${nowhere}` });
  const bookingUrl = await listen(booking.app);
  tracking = await createTestService(trackingService, { SEED_DEMO: 'true', PEER_URLS: `booking=${bookingUrl},notifications=${notificationsUrl},accounts=${nowhere}` });
  await listen(tracking.app, trackingPort);
  notifications = await startNotifications(smtp.port, { PORTAL_ORIGIN: 'http://localhost:8081' });
  await listen(notifications.app, notificationsPort);
});
afterAll(async () => {
  await notifications?.close();
  await tracking?.close();
  await booking?.close();
  await smtp.stop();
});

it('a technician setting off brings "Mike is on the way", whose track link opens the tracking page and nothing else', async () => {
  const staff = (service: Pick<TestService<unknown>, 'bearer'>) => service.bearer({ sub: 'staff:1', role: 'staff' });
  // Tracking's seeded technician reached booking's replica through tracking's outbox.
  await vi.waitFor(async () => expect(await booking.db.selectFrom('technicians').select('id').where('id', '=', 'tech_mike').executeTakeFirst()).toBeDefined(), { timeout: 30_000, interval: 100 });

  const booked = await booking.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      customerName: 'Dana Whitfield', email: 'dana@example.com', phone: '(904) 555-0142', address: '48 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084',
      serviceType: 'Repair', appliance: 'Dishwasher', brand: 'Bosch', appointmentDate: bookableDates(businessDate())[1], timeSlot: '09:00-10:00',
    },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const id = (booked.json() as CreateAppointmentResponse).appointment.id;
  const assigned = await booking.app.inject({ method: 'PUT', url: `/api/appointments/${id}/assign`, headers: { authorization: staff(booking) }, payload: { technicianId: 'tech_mike' } });
  expect(assigned.statusCode, assigned.body).toBe(200);
  await vi.waitFor(async () => expect((await tracking.app.inject({ method: 'GET', url: `/api/tracking/${id}`, headers: { authorization: staff(tracking) } })).statusCode).toBe(200), { timeout: 30_000, interval: 100 });

  const moved = await tracking.app.inject({ method: 'PUT', url: `/api/tracking/${id}/status`, headers: { authorization: staff(tracking) }, payload: { status: 'en-route' } });
  expect(moved.statusCode, moved.body).toBe(200);

  const onMyWay = () => smtp.mailsFor(id).filter((mail) => mail.messageId?.startsWith(`<appointment-${id}.on-my-way@`));
  await expect.poll(() => onMyWay().length, { timeout: 20_000, interval: 200 }).toBe(1);
  const [mail] = onMyWay();
  expect(mail!.subject).toBe('Mike is on the way');
  expect(mail!.to).toMatchObject({ text: 'dana@example.com' });
  expect(mail!.text).not.toContain('Johnson');

  const link = new RegExp(`http://localhost:8081/technician-tracking\\?appointment=${id}#access=([\\w.%-]+)`).exec(mail!.text!);
  expect(link, mail!.text!).not.toBeNull();
  const token = decodeURIComponent(link![1]!);
  // The tracking page's call accepts the link: the customer follows Mike on the way.
  const page = await tracking.app.inject({ method: 'GET', url: `/api/tracking/${id}`, headers: { 'x-appointment-access': token } });
  expect(page.statusCode, page.body).toBe(200);
  expect(page.json() as TrackingRecord).toMatchObject({ appointmentId: String(id), status: 'en-route', technicianId: 'tech_mike' });
  // A track link opens only the tracking page: the appointment page refuses it.
  const appointmentPage = await booking.app.inject({ method: 'GET', url: `/api/customer/appointments/${id}`, headers: { 'x-appointment-access': token } });
  expect(appointmentPage.statusCode).toBe(403);
  expect(appointmentPage.json().error.message).toBe(appointmentPageMessages.trackOnly);

  // The booking confirmation is sent by a job of its own, which may finish after Mike's.
  await expect
    .poll(async () => (await messagesOf(notifications, id)).map((row) => [row.kind, row.state]), { timeout: 15_000, interval: 200 })
    .toEqual([['booking-confirmation', 'sent'], ['on-my-way', 'sent']]);
});
