import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { twilioStatusCallbackPath } from '@repo/contracts';
import type { TwilioStandIn } from '@repo/twilio-stand-in';
import { sweepRetention } from '../src/jobs/retention-sweep.ts';
import { changedEvent, deliver, messagesOf, testClock, TestSmtpServer, type NotificationsTestService } from './helpers.ts';
import { smsForTests } from './sms-helpers.ts';

/**
 * Twilio calling back before the send job has stored the text's SID. A pass-through in front of the Twilio stand-in's
 * API (TWILIO_API_URL) posts, for the numbers a test names, the text's status callbacks (signed as Twilio signs them) to
 * the service and waits for its answers before it hands Twilio's create-message answer back to the send job: the
 * callbacks reach the service while no text has the SID yet, every time. It notes what the service answered, whether
 * the SID was stored when they came, and what the service kept for the SID.
 */
class CallbackFirst {
  /** Per number: the statuses to post first, in order, and what to wait for before posting them. */
  readonly plans = new Map<string, { statuses: { status: string; errorCode?: string }[]; after?: () => Promise<void> }>();
  readonly seen: { to: string; sid: string; answers: { status: number; body: string }[]; sidStored: boolean; kept: unknown[] }[] = [];
  url = '';
  private server: Server | undefined;

  constructor(private readonly twilio: TwilioStandIn, private readonly target: () => { origin: string; service: NotificationsTestService }) {}

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((err: unknown) => {
        response.writeHead(500).end(String(err));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = Buffer.concat((await request.toArray()) as Buffer[]).toString('utf8');
    const forwarded = await fetch(`${this.twilio.url}${request.url}`, {
      method: request.method,
      headers: { authorization: request.headers.authorization ?? '', 'content-type': request.headers['content-type'] ?? 'application/x-www-form-urlencoded', accept: 'application/json' },
      ...(request.method === 'POST' ? { body } : {}),
    });
    const answer = await forwarded.text();
    const to = new URLSearchParams(body).get('To') ?? '';
    const plan = this.plans.get(to);
    if (forwarded.status === 201 && plan) {
      await plan.after?.();
      const { origin, service } = this.target();
      const sid = (JSON.parse(answer) as { sid: string }).sid;
      const stored = await service.db.selectFrom('messages').select('id').where('provider_message_id', '=', sid).execute();
      const answers = [];
      for (const { status, errorCode } of plan.statuses) {
        const params = { AccountSid: this.twilio.accountSid, MessageSid: sid, SmsSid: sid, MessageStatus: status, SmsStatus: status, To: to, ApiVersion: '2010-04-01', ...(errorCode ? { ErrorCode: errorCode } : {}) };
        const callback = await this.twilio.post(`${origin}${twilioStatusCallbackPath}`, params);
        answers.push({ status: callback.status, body: await callback.text() });
      }
      const kept = await service.db.selectFrom('early_text_statuses').select(['status', 'error_code']).where('sid', '=', sid).execute();
      this.seen.push({ to, sid, answers, sidStored: stored.length > 0, kept });
    }
    response.writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? 'application/json' });
    response.end(answer);
  }
}

// Noon Eastern on Monday 30 November 2026, outside quiet hours. The stand-in's own callbacks come ten minutes after
// each text (after every test here): only the callbacks the tests post reach the service.
const clock = testClock('2026-11-30T12:00:00-05:00');
const env: Record<string, string> = { SMTP_TIMEOUT_MS: '10000' };
let first: CallbackFirst;
beforeAll(async () => {
  first = new CallbackFirst(notifications.twilio, () => notifications);
  await first.start();
  // Read by smsForTests' own beforeAll, which runs after this one.
  env.TWILIO_API_URL = first.url;
});
afterAll(async () => {
  await first?.stop();
});
const notifications = smsForTests(env, clock.now, { callbackDelayMs: 600_000 });

const texted = (appointmentId: number, phone: string, overrides = {}) => changedEvent(appointmentId, 1, { phone, smsConsent: true, smsConsentText: 'Text me', ...overrides });
const rowsOf = async (appointmentId: number) => (await messagesOf(notifications.service, appointmentId)).map((row) => [row.channel, row.message_key, row.state]);
const textOf = async (appointmentId: number) => (await messagesOf(notifications.service, appointmentId)).find((row) => row.channel === 'sms')!;
const kept = () => notifications.service.db.selectFrom('early_text_statuses').selectAll().execute();
const postStatus = async (params: Record<string, string>) => {
  const response = await notifications.twilio.post(`${notifications.origin}${twilioStatusCallbackPath}`, { AccountSid: notifications.twilio.accountSid, ...params });
  return { status: response.status, body: await response.text() };
};

describe('a status callback that comes before the SID is stored', () => {
  it('is kept (200), and the send job storing the SID applies it: undelivered, with the fallback to email once', async () => {
    const phone = '+19045550301';
    const key = 'appointment-1301.booking-confirmation.v1';
    // The email to this address fails for good; the text comes back undelivered before the job stores its SID.
    first.plans.set(phone, {
      statuses: [{ status: 'undelivered', errorCode: '30003' }],
      after: () => vi.waitFor(async () => expect((await messagesOf(notifications.service, 1301)).find((row) => row.channel === 'email')?.state).toBe('failed'), { timeout: 10_000, interval: 50 }),
    });
    await deliver(notifications.service, texted(1301, '9045550301', { email: TestSmtpServer.missingMailbox }));
    await expect.poll(() => rowsOf(1301), { timeout: 20_000 }).toEqual([
      ['email', key, 'failed'],
      ['sms', key, 'undelivered'],
      ['email', `${key}.sms-fallback`, 'failed'],
    ]);
    const [seen] = first.seen.filter((entry) => entry.to === phone);
    expect(seen).toMatchObject({ sidStored: false, answers: [{ status: 200, body: '{"status":"held"}' }], kept: [{ status: 'undelivered', error_code: '30003' }] });
    expect(await textOf(1301)).toMatchObject({ provider_message_id: seen!.sid, last_error: 'Twilio reported the text undelivered (error 30003).', attempts: 1 });
    // Applied, so no longer kept; Twilio's word again (now the text has the SID) changes nothing, and falls back no more.
    expect(await kept()).toEqual([]);
    expect(await postStatus({ MessageSid: seen!.sid, MessageStatus: 'undelivered', ErrorCode: '30003' })).toEqual({ status: 200, body: '{"status":"unchanged"}' });
    expect(await rowsOf(1301)).toEqual([
      ['email', key, 'failed'],
      ['sms', key, 'undelivered'],
      ['email', `${key}.sms-fallback`, 'failed'],
    ]);
  });

  it('keeps one row per SID however often Twilio posts (the first final word, or read after delivered), and the text ends delivered', async () => {
    const phone = '+19045550302';
    first.plans.set(phone, { statuses: [{ status: 'sent' }, { status: 'delivered' }, { status: 'delivered' }, { status: 'read' }, { status: 'undelivered', errorCode: '30005' }] });
    await deliver(notifications.service, texted(1302, '9045550302'));
    await expect.poll(async () => (await textOf(1302))?.state, { timeout: 20_000 }).toBe('delivered');
    const [seen] = first.seen.filter((entry) => entry.to === phone);
    // `sent` for a SID no text has changes nothing and is not kept (404); each final one is answered 200.
    expect(seen!.answers.map((answer) => answer.status)).toEqual([404, 200, 200, 200, 200]);
    expect(seen).toMatchObject({ sidStored: false, kept: [{ status: 'read', error_code: null }] });
    expect(await textOf(1302)).toMatchObject({ provider_message_id: seen!.sid, last_error: null });
    expect(await kept()).toEqual([]);
    await expect.poll(() => rowsOf(1302), { timeout: 20_000 }).toEqual([
      ['email', 'appointment-1302.booking-confirmation.v1', 'sent'],
      ['sms', 'appointment-1302.booking-confirmation.v1', 'delivered'],
    ]);
  });

  it('is still refused unsigned (403), keeping nothing', async () => {
    const params = { MessageSid: `SM${randomBytes(16).toString('hex')}`, MessageStatus: 'failed' };
    const unsigned = await notifications.service.app.inject({ method: 'POST', url: twilioStatusCallbackPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(params).toString() });
    expect(unsigned.statusCode).toBe(403);
    expect(await kept()).toEqual([]);
  });

  it('stays harmless when no text ever gets the SID: kept once, then dropped by the retention sweep a day later', async () => {
    const sid = `SM${randomBytes(16).toString('hex')}`;
    for (let i = 0; i < 2; i += 1) expect(await postStatus({ MessageSid: sid, MessageStatus: 'failed', ErrorCode: '30008' })).toEqual({ status: 200, body: '{"status":"held"}' });
    expect(await kept()).toEqual([{ sid, status: 'failed', error_code: '30008', received_at: expect.any(Date) }]);
    const sweepAt = (hours: number) => sweepRetention({ now: () => new Date(clock.now().getTime() + hours * 3600_000), bodyRetentionDays: 90 }, notifications.service.db);
    expect(await sweepAt(23)).toEqual({ bodiesRemoved: 0, earlyStatusesDropped: 0 });
    expect(await sweepAt(25)).toEqual({ bodiesRemoved: 0, earlyStatusesDropped: 1 });
    expect(await kept()).toEqual([]);
  });
});

describe('a status callback after the SID is stored (as before)', () => {
  it('is applied at once: failed, with the fallback to email once', async () => {
    const key = 'appointment-1303.booking-confirmation.v1';
    await deliver(notifications.service, texted(1303, '9045550303', { email: TestSmtpServer.missingMailbox }));
    await expect.poll(() => rowsOf(1303), { timeout: 20_000 }).toEqual([
      ['email', key, 'failed'],
      ['sms', key, 'sent'],
    ]);
    const sid = (await textOf(1303)).provider_message_id!;
    expect(await postStatus({ MessageSid: sid, MessageStatus: 'failed', ErrorCode: '30008' })).toEqual({ status: 200, body: '{"status":"recorded"}' });
    expect(await postStatus({ MessageSid: sid, MessageStatus: 'failed', ErrorCode: '30008' })).toEqual({ status: 200, body: '{"status":"unchanged"}' });
    await expect.poll(() => rowsOf(1303), { timeout: 20_000 }).toEqual([
      ['email', key, 'failed'],
      ['sms', key, 'failed'],
      ['email', `${key}.sms-fallback`, 'failed'],
    ]);
    expect(await textOf(1303)).toMatchObject({ last_error: 'Twilio reported the text failed (error 30008).' });
    expect(await kept()).toEqual([]);
  });
});
