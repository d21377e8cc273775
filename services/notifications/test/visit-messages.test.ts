import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessContact,
  paymentSucceededTopic,
  technicianArrivedTopic,
  technicianEnRouteTopic,
  type PaymentSucceeded,
  type TechnicianArrived,
  type TechnicianEnRoute,
} from '@repo/contracts';
import { injectEffect } from '@repo/service-kit/test-service';
import { changedEvent, deliver, startNotifications, TestSmtpServer, type NotificationsTestService } from './helpers.ts';

const smtp = new TestSmtpServer();
let service: NotificationsTestService;
let office: NotificationsTestService;
const officeEmail = 'office@staugustineappliancerepair.com';

beforeAll(async () => {
  await smtp.start();
  const env = { PORTAL_ORIGIN: 'https://portal.example.com', WEB_ORIGIN: 'https://www.example.com' };
  service = await startNotifications(smtp.port, env);
  office = await startNotifications(smtp.port, { ...env, NOTIFICATIONS_OFFICE_EMAIL: officeEmail });
});
afterAll(async () => {
  await service?.close();
  await office?.close();
  await smtp.stop();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const enRoute = (appointmentId: number, at = minutesAgo(1)): TechnicianEnRoute => ({
  appointmentId,
  technicianFirstName: 'Mike',
  technicianInitials: 'MJ',
  etaMinutes: 6,
  estimatedArrival: new Date(at.getTime() + 6 * 60_000).toISOString(),
  estimatedArrivalSource: 'live',
  at: at.toISOString(),
});
const arrived = (appointmentId: number, at = minutesAgo(1)): TechnicianArrived => ({ appointmentId, technicianFirstName: 'Mike', technicianInitials: 'MJ', at: at.toISOString() });
const fromTracking = (target: NotificationsTestService, topic: string, payload: object) => injectEffect(target.app, { from: 'tracking', topic, payload });
const kindsOf = (target: NotificationsTestService, appointmentId: number) =>
  target.db.selectFrom('messages').select(['kind', 'message_key', 'recipient']).where('appointment_id', '=', appointmentId).where('kind', 'not in', ['reminder-day-before', 'reminder-hours-before']).orderBy('id').execute();
const mailsKeyed = (key: string) => smtp.mails.filter((mail) => mail.messageId === `<${key}@staugustineappliancerepair.com>`);
const time = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit', hour12: true });

describe('the technician’s visit', () => {
  it('emails "Mike is on the way" once per visit, with the ETA and the track-only link', async () => {
    await deliver(service, changedEvent(501, 1));
    const setOff = minutesAgo(1);
    expect((await fromTracking(service, technicianEnRouteTopic, enRoute(501, setOff))).statusCode).toBe(200);
    await expect.poll(() => mailsKeyed('appointment-501.on-my-way').length, { timeout: 20_000, interval: 200 }).toBe(1);
    const [mail] = mailsKeyed('appointment-501.on-my-way');
    expect(mail!.subject).toBe('Mike is on the way');
    expect(mail!.to).toMatchObject({ text: 'jordan@example.com' });
    const link = 'https://portal.example.com/technician-tracking?appointment=501#access=track-token-501';
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.text).toContain(link);
    expect(mail!.text).not.toContain('manage-token-501');
    const expected = `${time.format(new Date(setOff.getTime() + 6 * 60_000))} ET`;
    for (const part of [mail!.text!, mail!.html as string]) {
      expect(part).toContain('Hi Jordan,');
      expect(part).toContain(`about ${expected} (6 minutes away when Mike set off)`);
      expect(part).toContain('Mike (MJ)');
    }

    // The same event again, and a second en route of the same visit (turned back, or reassigned): nothing more.
    expect((await fromTracking(service, technicianEnRouteTopic, enRoute(501, setOff))).json()).toMatchObject({ status: 'applied' });
    expect((await fromTracking(service, technicianEnRouteTopic, { ...enRoute(501), technicianFirstName: 'Sara', technicianInitials: 'SM' })).statusCode).toBe(200);
    expect(await kindsOf(service, 501)).toEqual([
      { kind: 'booking-confirmation', message_key: 'appointment-501.booking-confirmation.v1', recipient: 'jordan@example.com' },
      { kind: 'on-my-way', message_key: 'appointment-501.on-my-way', recipient: 'jordan@example.com' },
    ]);
  });

  it('emails the arrival once, with the track link; an en route heard after it sends nothing', async () => {
    await deliver(service, changedEvent(502, 1, { customerName: 'Ada Park', email: 'ada@example.com' }));
    expect((await fromTracking(service, technicianArrivedTopic, arrived(502))).statusCode).toBe(200);
    expect((await fromTracking(service, technicianArrivedTopic, arrived(502))).statusCode).toBe(200);
    expect((await fromTracking(service, technicianEnRouteTopic, enRoute(502, minutesAgo(20)))).statusCode).toBe(200);
    await expect.poll(() => mailsKeyed('appointment-502.arrived').length, { timeout: 20_000, interval: 200 }).toBe(1);
    const [mail] = mailsKeyed('appointment-502.arrived');
    expect(mail!.subject).toBe('Mike has arrived');
    expect(mail!.to).toMatchObject({ text: 'ada@example.com' });
    expect(mail!.text).toContain('https://portal.example.com/technician-tracking?appointment=502#access=track-token-502');
    expect((await kindsOf(service, 502)).map((row) => row.kind)).toEqual(['booking-confirmation', 'arrived']);
  });

  it('waits for booking’s first event when tracking’s comes first: refused with 503 (retried by the sender), then sent', async () => {
    const early = enRoute(503);
    const refused = await fromTracking(service, technicianEnRouteTopic, early);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.message).toContain('Appointment 503 has not been heard from booking yet');
    expect(await kindsOf(service, 503)).toEqual([]);
    // Booking's event arrives; the retried delivery is applied. Booking's newer event uses the newest link.
    await deliver(service, changedEvent(503, 2, { change: 'assigned', technicianId: 'tech_mike', trackToken: 'track-token-503-v2' }));
    expect((await fromTracking(service, technicianEnRouteTopic, early)).statusCode).toBe(200);
    await expect.poll(() => mailsKeyed('appointment-503.on-my-way').length, { timeout: 20_000, interval: 200 }).toBe(1);
    expect(mailsKeyed('appointment-503.on-my-way')[0]!.text).toContain('#access=track-token-503-v2');
  });

  it('sends nothing for news over an hour old, or for a visit cancelled or completed', async () => {
    await deliver(service, changedEvent(504, 1));
    expect((await fromTracking(service, technicianEnRouteTopic, enRoute(504, minutesAgo(61)))).statusCode).toBe(200);
    expect((await fromTracking(service, technicianArrivedTopic, arrived(504, minutesAgo(90)))).statusCode).toBe(200);
    await deliver(service, changedEvent(505, 1));
    await deliver(service, changedEvent(505, 2, { change: 'cancelled', status: 'cancelled' }));
    expect((await fromTracking(service, technicianEnRouteTopic, enRoute(505))).statusCode).toBe(200);
    expect((await kindsOf(service, 504)).map((row) => row.kind)).toEqual(['booking-confirmation']);
    expect((await kindsOf(service, 505)).map((row) => row.kind)).toEqual(['booking-confirmation', 'cancelled']);
  });

  it('thanks the customer once when the visit is completed, with the review link and "Pay your bill" carrying the confirmation code', async () => {
    await deliver(service, changedEvent(506, 1));
    const completed = changedEvent(506, 4, { change: 'completed', status: 'completed', technicianId: 'tech_mike' });
    await deliver(service, completed);
    await deliver(service, completed);
    await expect.poll(() => mailsKeyed('appointment-506.job-completed').length, { timeout: 20_000, interval: 200 }).toBe(1);
    const [mail] = mailsKeyed('appointment-506.job-completed');
    expect(mail!.subject).toBe('Thank you: your appliance repair is complete');
    expect(mail!.to).toMatchObject({ text: 'jordan@example.com' });
    expect(mail!.html).toContain('href="https://www.example.com/payment?reference=SA-T506"');
    expect(mail!.html).toContain(`href="${businessContact.leaveReviewUrl}"`);
    expect(mail!.text).toContain('https://www.example.com/payment?reference=SA-T506');
    expect(mail!.text).toContain('Sub-Zero Refrigerator');
    expect((await kindsOf(service, 506)).map((row) => row.kind)).toEqual(['booking-confirmation', 'job-completed']);

    // Staff completing a visit in the back office thank the customer too; a past visit linked to a customer does not.
    await deliver(service, changedEvent(507, 2, { change: 'status-changed', status: 'completed' }));
    await deliver(service, changedEvent(508, 3, { change: 'customer-linked', status: 'completed', customerId: 9 }));
    expect((await kindsOf(service, 507)).map((row) => row.kind)).toEqual(['job-completed']);
    expect(await kindsOf(service, 508)).toEqual([]);
  });

  it('emails once per arrival that the part a visit waited for is in, and that the office will call to book the return visit', async () => {
    await deliver(service, changedEvent(509, 1));
    const arrivedPart = changedEvent(509, 5, { change: 'part-arrived', status: 'completed', technicianId: 'tech_mike' });
    await deliver(service, arrivedPart);
    await deliver(service, arrivedPart);
    await expect.poll(() => mailsKeyed('appointment-509.part-arrived.v5').length, { timeout: 20_000, interval: 200 }).toBe(1);
    const [mail] = mailsKeyed('appointment-509.part-arrived.v5');
    expect(mail!.subject).toBe('Your part has arrived');
    expect(mail!.to).toMatchObject({ text: 'jordan@example.com' });
    expect(mail!.text).toContain('the part your Sub-Zero Refrigerator was waiting for (appointment SA-T509) has arrived');
    expect(mail!.text).toContain(`We will call you at ${arrivedPart.phone} to book the return visit`);
    // A change to the visit, always sent: no unsubscribe link. Email only: the texts a customer agreed to do not name it.
    expect(mail!.headers.get('list-unsubscribe')).toBeUndefined();
    expect((await kindsOf(service, 509)).map((row) => [row.kind, row.message_key])).toEqual([
      ['booking-confirmation', 'appointment-509.booking-confirmation.v1'],
      ['part-arrived', 'appointment-509.part-arrived.v5'],
    ]);
    // A second part, marked arrived later, is another email.
    await deliver(service, changedEvent(509, 8, { change: 'part-arrived', status: 'completed', technicianId: 'tech_mike' }));
    await expect.poll(() => mailsKeyed('appointment-509.part-arrived.v8').length, { timeout: 20_000, interval: 200 }).toBe(1);
  });
});

const paid = (paymentId: string, overrides: Partial<PaymentSucceeded> = {}): PaymentSucceeded => ({
  paymentId,
  amountCents: 18950,
  currency: 'usd',
  description: 'Dryer repair',
  reference: 'SA-7KQ2MZ',
  cardBrand: 'visa',
  cardLast4: '4242',
  payerEmail: 'pat@example.com',
  // Tuesday 1 December 2026, 9:26 AM Eastern (EST).
  succeededAt: '2026-12-01T14:26:00.000Z',
  ...overrides,
});
const fromPayments = (target: NotificationsTestService, payload: PaymentSucceeded) => injectEffect(target.app, { from: 'payments', topic: paymentSucceededTopic, payload });
const messagesKeyed = (target: NotificationsTestService, prefix: string) =>
  target.db.selectFrom('messages').select(['kind', 'message_key', 'recipient']).where('message_key', 'like', `${prefix}%`).orderBy('id').execute();

describe('payment receipts', () => {
  it('emails the payer one receipt: amount, what for, card, date and time in business time, reference', async () => {
    expect((await fromPayments(service, paid('demo_pi_receipt1'))).statusCode).toBe(200);
    expect((await fromPayments(service, paid('demo_pi_receipt1'))).statusCode).toBe(200);
    await expect.poll(() => mailsKeyed('payment-receipt.demo_pi_receipt1').length, { timeout: 20_000, interval: 200 }).toBe(1);
    const [mail] = mailsKeyed('payment-receipt.demo_pi_receipt1');
    expect(mail!.subject).toBe('Your payment receipt: $189.50');
    expect(mail!.to).toMatchObject({ text: 'pat@example.com' });
    for (const part of [mail!.text!, mail!.html as string]) {
      for (const fact of ['$189.50', 'Dryer repair', 'Visa ending in 4242', 'Tue, Dec 1, 2026, 9:26 AM ET', 'SA-7KQ2MZ', 'demo_pi_receipt1']) expect(part).toContain(fact);
    }
    expect(await messagesKeyed(service, 'payment-receipt.demo_pi_receipt1')).toEqual([{ kind: 'payment-receipt', message_key: 'payment-receipt.demo_pi_receipt1', recipient: 'pat@example.com' }]);
  });

  it('sends no receipt without the payer’s email, and names no card it does not know', async () => {
    expect((await fromPayments(service, paid('pi_noemail', { payerEmail: null }))).statusCode).toBe(200);
    expect(await messagesKeyed(service, 'payment-receipt.pi_noemail')).toEqual([]);
    expect((await fromPayments(service, paid('pi_nocard', { cardBrand: null, cardLast4: null, reference: null }))).statusCode).toBe(200);
    await expect.poll(() => mailsKeyed('payment-receipt.pi_nocard').length, { timeout: 20_000, interval: 200 }).toBe(1);
    const [mail] = mailsKeyed('payment-receipt.pi_nocard');
    expect(mail!.text).not.toContain('Paid with');
    expect(mail!.text).not.toContain('Reference');
  });

  it('refuses the topic from anyone but payments', async () => {
    expect((await injectEffect(service.app, { from: 'booking', topic: paymentSucceededTopic, payload: paid('pi_forged') })).statusCode).toBe(403);
    expect(await messagesKeyed(service, 'payment-receipt.pi_forged')).toEqual([]);
  });
});

describe('office alerts', () => {
  it('alert the office of a new booking, a cancellation and a payment, once each, when it has an address', async () => {
    await deliver(office, changedEvent(601, 1));
    await deliver(office, changedEvent(601, 1));
    await deliver(office, changedEvent(601, 2, { change: 'assigned', technicianId: 'tech_mike' }));
    await deliver(office, changedEvent(601, 3, { change: 'cancelled', status: 'cancelled' }));
    expect((await fromPayments(office, paid('pi_office'))).statusCode).toBe(200);
    expect((await fromPayments(office, paid('pi_office'))).statusCode).toBe(200);
    const alerts = await messagesKeyed(office, 'office-alert.');
    expect(alerts).toEqual([
      { kind: 'office-alert', message_key: 'office-alert.appointment-601.booked', recipient: officeEmail },
      { kind: 'office-alert', message_key: 'office-alert.appointment-601.cancelled', recipient: officeEmail },
      { kind: 'office-alert', message_key: 'office-alert.payment-pi_office', recipient: officeEmail },
    ]);
    await expect.poll(() => smtp.mails.filter((mail) => mail.messageId?.startsWith('<office-alert.')).length, { timeout: 20_000, interval: 200 }).toBe(3);
    const subjects = smtp.mails.filter((mail) => mail.messageId?.startsWith('<office-alert.')).map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      'Cancelled: Tue, Dec 1, 8:00–10:00 AM ET, Jordan Reyes',
      'New booking: Tue, Dec 1, 8:00–10:00 AM ET, Jordan Reyes',
      'Payment received: $189.50, SA-7KQ2MZ',
    ]);
    // Without an office address (the other service) there are none.
    expect(await messagesKeyed(service, 'office-alert.')).toEqual([]);
  });
});
