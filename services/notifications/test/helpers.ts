import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { appointmentChangedTopic, type AppointmentChanged } from '@repo/contracts';
import { createTestService, injectEffect, type TestService } from '@repo/service-kit/test-service';
import type { ServiceApp } from '@repo/service-kit';
import type { NotificationsDatabase } from '../src/db/schema.ts';
import { notificationsService } from '../src/definition.ts';

export type NotificationsTestService = TestService<NotificationsDatabase>;

/**
 * A real SMTP server in the test process (smtp-server), keeping every email it accepts parsed by mailparser. It can be
 * stopped and started again on the same port: the relay down, then back.
 */
export class TestSmtpServer {
  static readonly missingMailbox = 'nobody@example.com';
  readonly mails: ParsedMail[] = [];
  /** Each email's bytes as the relay received them (a DKIM signature is checked over these). */
  private readonly sources = new WeakMap<ParsedMail, Buffer>();
  /** Each email's envelope sender (MAIL FROM, the Return-Path where bounces go). */
  private readonly senders = new WeakMap<ParsedMail, string>();
  port = 0;
  private server: SMTPServer | undefined;
  private accepted = 0;

  async start(port = this.port): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no STARTTLS offered (its certificate would be self-signed).
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Stopped, it drops the connections still open (the sender's pooled ones) at once, as a relay going down would,
      // instead of waiting smtp-server's 30 s for them to close.
      closeTimeout: 200,
      // A mailbox that does not exist: refused for good, as a real relay would.
      onRcptTo: (address, _session, callback) => {
        if (address.address !== TestSmtpServer.missingMailbox) return callback();
        callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        stream
          .toArray()
          .then(async (chunks: Buffer[]) => {
            const source = Buffer.concat(chunks);
            const mail = await simpleParser(source);
            this.sources.set(mail, source);
            this.senders.set(mail, session.envelope.mailFrom ? session.envelope.mailFrom.address : '');
            this.mails.push(mail);
            this.accepted += 1;
            callback(null, `Ok: queued as TEST${this.accepted}`);
          })
          .catch((err: Error) => callback(err));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The email's envelope sender (MAIL FROM). */
  envelopeSender(mail: ParsedMail): string {
    const sender = this.senders.get(mail);
    if (sender === undefined) throw new Error('This email did not arrive at this server.');
    return sender;
  }

  /** The email as it arrived, byte for byte. */
  source(mail: ParsedMail): Buffer {
    const source = this.sources.get(mail);
    if (!source) throw new Error('not an email this server received');
    return source;
  }

  /** The emails sent to one appointment's key (their Message-IDs name it). */
  mailsFor(appointmentId: number): ParsedMail[] {
    return this.mails.filter((mail) => mail.messageId?.startsWith(`<appointment-${appointmentId}.`));
  }
}

/**
 * A clock a test sets: it runs at real speed from the moment it was set to, so a job delayed by the service (by its
 * due time minus this clock's now) comes due when this clock reaches that time. Setting it later is the service having
 * been down: jobs already scheduled run at their real moment, and see the clock where it was set.
 */
export function testClock(at: Date | string) {
  let offset = 0;
  const clock = {
    now: () => new Date(Date.now() + offset),
    set(to: Date | string) {
      offset = new Date(to).getTime() - Date.now();
    },
    advance(ms: number) {
      offset += ms;
    },
  };
  clock.set(at);
  return clock;
}

/** Notifications on its own database, sending through `smtpPort` with short timeouts; `now` is its clock. */
export const startNotifications = (smtpPort: number, env: Record<string, string> = {}, now?: () => Date) =>
  createTestService(notificationsService, {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMTP_TIMEOUT_MS: '2000',
    SMTP_FROM: 'St Augustine Appliance Repair <service@staugustineappliancerepair.com>',
    PORTAL_ORIGIN: 'https://portal.example.com',
    // Reminders and retries come due by the queue's poll: the quickest keeps each test's wait near the due time.
    EFFECTS_POLL_INTERVAL_SECONDS: '0.5',
    ...env,
  }, now ? { now } : undefined);

/**
 * A real SMTP server and notifications sending to it, for a whole test file: started before its tests, stopped after.
 * `service` is read in the tests (it exists once `beforeAll` has run).
 */
export function notificationsForTests(env: Record<string, string> = {}, now?: () => Date) {
  const smtp = new TestSmtpServer();
  let service: NotificationsTestService | undefined;
  beforeAll(async () => {
    await smtp.start();
    service = await startNotifications(smtp.port, env, now);
  });
  afterAll(async () => {
    await service?.close();
    await smtp.stop();
  });
  return {
    smtp,
    get service(): NotificationsTestService {
      if (!service) throw new Error('notifications is started in beforeAll');
      return service;
    },
  };
}

/**
 * Delivers an event of accounts three times (twice under one message id, once under another), waits for the email
 * under `key` to be sent, and answers that one email and its stored message: the event heard again sent nothing more.
 */
export async function accountsEmailSentOnce(notifications: { smtp: TestSmtpServer; service: NotificationsTestService }, { topic, payload, key }: { topic: string; payload: object; key: string }) {
  const deliver = async (messageId: string) => {
    const response = await injectEffect(notifications.service.app, { from: 'accounts', topic, payload, messageId });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { status: 'applied' | 'duplicate' }).status;
  };
  const messageId = randomUUID();
  expect([await deliver(messageId), await deliver(messageId), await deliver(randomUUID())]).toEqual(['applied', 'duplicate', 'applied']);
  const rows = () => notifications.service.db.selectFrom('messages').selectAll().where('message_key', '=', key).execute();
  await expect.poll(async () => (await rows()).map((row) => row.state), { timeout: 20_000 }).toEqual(['sent']);
  const mails = notifications.smtp.mails.filter((mail) => mail.messageId === `<${key}@staugustineappliancerepair.com>`);
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  const [row] = await rows();
  expect(row).toMatchObject({ channel: 'email', recipient: (mail!.to as { text: string }).text, appointment_id: null });
  expect(mail!.html).toMatch(/<html[^>]* lang="en"/);
  return { mail: mail!, row: row! };
}

/**
 * Delivers two events accounts would not send on `topic`: `malformed` (from accounts, not matching its schema) and
 * `fromBooking` (well formed, signed by booking, which may not publish it). Each is refused with a 4xx, stores no
 * message under its key and sends no email.
 */
export async function expectAccountsEventsRefused(
  notifications: { smtp: TestSmtpServer; service: NotificationsTestService },
  { topic, malformed, fromBooking }: { topic: string; malformed: { payload: object; key: string }; fromBooking: { payload: object; key: string } },
) {
  const before = notifications.smtp.mails.length;
  for (const [from, { payload, key }] of [['accounts', malformed], ['booking', fromBooking]] as const) {
    const response = await injectEffect(notifications.service.app, { from, topic, payload });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(await notifications.service.db.selectFrom('messages').select('id').where('message_key', '=', key).execute()).toEqual([]);
  }
  expect(notifications.smtp.mails.length).toBe(before);
}

/** `appointment.changed` as booking publishes it, for appointment `appointmentId` at `version`. */
export function changedEvent(appointmentId: number, version: number, overrides: Partial<AppointmentChanged> = {}): AppointmentChanged {
  return {
    appointmentId,
    version,
    change: 'booked',
    status: 'scheduled',
    confirmationCode: `SA-T${appointmentId}`,
    customerId: null,
    customerName: 'Jordan Reyes',
    email: 'jordan@example.com',
    phone: '(904) 555-0100',
    smsConsent: false,
    smsConsentText: null,
    address: '12 King St',
    city: 'St Augustine',
    state: 'FL',
    zipCode: '32084',
    serviceType: 'Repair',
    appliance: 'Refrigerator',
    brand: 'Sub-Zero',
    technicianId: null,
    // Tuesday 1 December 2026, 8:00–10:00 Eastern (EST).
    startsAt: '2026-12-01T08:00:00-05:00',
    endsAt: '2026-12-01T10:00:00-05:00',
    description: 'Not cooling',
    revision: 0,
    manageToken: `manage-token-${appointmentId}`,
    trackToken: `track-token-${appointmentId}`,
    ...overrides,
  };
}

/** Delivers `appointment.changed` as booking's outbox does (signed), with its own message id unless one is given. */
export async function deliver(service: NotificationsTestService, event: AppointmentChanged, messageId?: string) {
  const response = await injectEffect(service.app, { from: 'booking', topic: appointmentChangedTopic, payload: event, ...(messageId ? { messageId } : {}) });
  if (response.statusCode !== 200) throw new Error(`delivery answered ${response.statusCode}: ${response.body}`);
  return response.json() as { status: 'applied' | 'duplicate' };
}

const reminderKinds = ['reminder-day-before', 'reminder-hours-before'] as const;

/** The messages an appointment's events called for at once (its reminders apart: `remindersOf`). */
export const messagesOf = (service: NotificationsTestService, appointmentId: number) =>
  service.db.selectFrom('messages').selectAll().where('appointment_id', '=', appointmentId).where('kind', 'not in', reminderKinds).orderBy('id').execute();

/** An appointment's reminders, every version's, in the order they were stored. */
export const remindersOf = (service: NotificationsTestService, appointmentId: number) =>
  service.db.selectFrom('messages').selectAll().where('appointment_id', '=', appointmentId).where('kind', 'in', reminderKinds).orderBy('id').execute();

export async function listen(app: ServiceApp, port = 0): Promise<string> {
  await app.listen({ host: '127.0.0.1', port });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
