import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appointmentChangedTopic, businessDateRange, unsafeTextMessages } from '@repo/contracts';
import { anonymousHostileRequests, expectRefused, farDates, hostileIds, injectEffect, malformedJsonBodies, unsafeTexts, type HostileRequest } from '@repo/service-kit/test-service';
import { freePort } from '@repo/service-kit/testing';
import { changedEvent, startNotifications, type NotificationsTestService } from './helpers.ts';

let service: NotificationsTestService;
// The relay is closed and a failed email is not retried, so the stored messages settle (failed) and stay so.
beforeAll(async () => {
  service = await startNotifications(await freePort(), { NOTIFICATIONS_SEND_RETRY_LIMIT: '0' });
});
afterAll(async () => {
  await service?.close();
});

/** The messages stored at once (an accepted event's confirmation; its reminders, when its visit is ahead, apart). */
const countMessages = async () =>
  (await service.db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', 'not in', ['reminder-day-before', 'reminder-hours-before']).executeTakeFirstOrThrow()).n;

describe('hostile input to notifications: a 4xx in the error shape, and nothing stored changes', () => {
  it('asks every route that needs a session for one before it reads anything else', async () => {
    const answers = await anonymousHostileRequests(service.app);
    const open = new Set(['GET /healthz', 'GET /readyz']);
    // A preferences link's key and a mail client's one-click unsubscribe are their own proof: no session.
    const keyed = new Set(['POST /api/notifications/preferences/by-key', 'PUT /api/notifications/preferences/by-key', 'POST /api/notifications/unsubscribe']);
    for (const { route, status, body } of answers) {
      const name = `${route.method} ${route.url}`;
      if (open.has(name)) expect([200, 400], `${name}: ${body}`).toContain(status);
      else if (keyed.has(name)) expect([400, 404], `${name}: ${body}`).toContain(status);
      else expect(status, `${name}: ${body}`).toBe(401);
    }
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(2);
    // The delivery log's four operations, the signed-in customer's two preferences operations and the owner's export
    // of messages among them.
    expect(answers.filter((answer) => answer.route.url.startsWith('/api/notifications/') && answer.status === 401)).toHaveLength(7);
  });

  it('refuses an unsigned or wrongly signed event, one from a service that may not send it, and one that breaks its schema', async () => {
    const payload = changedEvent(301, 1);
    const forged = await injectEffect(service.app, { from: 'booking', topic: appointmentChangedTopic, payload, key: 'someone-else-key-that-is-long-enough-too' });
    expect(forged.statusCode).toBe(401);
    expect((await injectEffect(service.app, { from: 'tracking', topic: appointmentChangedTopic, payload })).statusCode).toBe(403);
    for (const bad of [{ ...payload, appointmentId: -1 }, { ...payload, version: 'one' }, { ...payload, manageToken: '' }, { ...payload, change: 'exploded' }]) {
      const refused = await injectEffect(service.app, { from: 'booking', topic: appointmentChangedTopic, payload: bad });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    expect(await countMessages()).toBe(0);
  });

  it.each(unsafeTexts)('stores text an event carries exactly as sent, or refuses it: %j in the customer’s name', async (text) => {
    const before = await countMessages();
    const answer = await injectEffect(service.app, { from: 'booking', topic: appointmentChangedTopic, payload: changedEvent(302 + before, 1, { customerName: text }) });
    expect([200, 400]).toContain(answer.statusCode);
    expect(await countMessages()).toBe(answer.statusCode === 200 ? before + 1 : before);
  });
});

describe('hostile input to the delivery log (staff): a 400 naming the field, and nothing stored changes', () => {
  const staff = () => service.bearer({ sub: 'staff:1', role: 'staff', email: 'office@example.com' });
  const refused = (request: Omit<HostileRequest, 'authorization'>, status: number, code: string, fields?: unknown) =>
    expectRefused(service, { ...request, authorization: staff() }, status, code, fields);

  // The emails the events above stored have had their one attempt (so no attempt's row appears during a case).
  beforeAll(async () => {
    await vi.waitFor(async () => expect(await service.db.selectFrom('messages').select('id').where('state', '=', 'queued').execute()).toEqual([]), { timeout: 30_000, interval: 100 });
  });

  const idRoutes = (id: string): Omit<HostileRequest, 'authorization'>[] => [
    { method: 'GET', url: `/api/notifications/messages/${id}` },
    { method: 'POST', url: `/api/notifications/messages/${id}/resend`, payload: {} },
  ];
  const idCases = hostileIds.flatMap((id) => idRoutes(id).map((request) => [`${request.method} ${request.url}`, request] as const));
  it.each(idCases)('%s: 400 naming the id', async (_name, request) => {
    if (request.url.includes('%C0%80')) return void (await refused(request, 400, 'BAD_REQUEST'));
    const message = request.url.includes('%00') ? expect.stringMatching(/^(Message id must be|Remove the NUL)/) : 'Message id must be a whole number from 1 to 2147483647';
    await refused(request, 400, 'VALIDATION_ERROR', { 'params.id': message });
  });

  it.each(farDates.flatMap((date) => ['from', 'to'].map((key) => [key, date] as const)))('the log %s %s: 400 with the range', async (key, date) => {
    const message = /^\d{4}-/.test(date) ? `Date must be between ${businessDateRange.first} and ${businessDateRange.last}` : 'Date must be in YYYY-MM-DD form';
    await refused({ method: 'GET', url: `/api/notifications/messages?${key}=${date}` }, 400, 'VALIDATION_ERROR', { [`querystring.${key}`]: message });
  });

  it.each(['kind', 'channel', 'state', 'recipient', 'from', 'appointmentId'])('NUL in the log’s %s: 400 naming it', async (key) => {
    await refused({ method: 'GET', url: `/api/notifications/messages?${key}=a%00` }, 400, 'VALIDATION_ERROR', { [`querystring.${key}`]: unsafeTextMessages.nul });
  });

  it.each(['1e3', '-1', '0x10', '%201', '99999999999999999999'])('paging the log with %s: 400', async (value) => {
    await refused({ method: 'GET', url: `/api/notifications/messages?page=${value}&pageSize=${value}` }, 400, 'VALIDATION_ERROR');
  });

  it.each(malformedJsonBodies)('malformed JSON %j to a resend: 400', async (raw) => {
    await refused({ method: 'POST', url: '/api/notifications/messages/1/resend', raw }, 400, 'BAD_REQUEST');
  });

  it.each([{ '\u0000': 1 }, { to: 'someone@example.com' }, [], 'resend'])('a resend with the body %j: 400', async (payload) => {
    await refused({ method: 'POST', url: '/api/notifications/messages/1/resend', raw: JSON.stringify(payload) }, 400, 'VALIDATION_ERROR');
  });
});

describe('hostile input to a preferences link and one-click unsubscribe: 400 naming the field, 404 for a key nobody has, nothing stored', () => {
  const keyCases = ['', 'short', 'A'.repeat(44), `${'A'.repeat(42)}\u0000`, `${'A'.repeat(42)}/`, '../../etc/passwd'];
  const countChoices = async () => (await service.db.selectFrom('message_preferences').select('owner').execute()).length;

  it.each(keyCases)('the key %j: 400 naming it', async (key) => {
    await expectRefused(service, { method: 'POST', url: '/api/notifications/preferences/by-key', payload: { key } }, 400, 'VALIDATION_ERROR', { key: expect.any(String) });
    await expectRefused(service, { method: 'POST', url: `/api/notifications/unsubscribe?key=${encodeURIComponent(key)}&topic=reminders`, raw: 'List-Unsubscribe=One-Click' }, 400, 'VALIDATION_ERROR');
    expect(await countChoices()).toBe(0);
  });

  it.each(malformedJsonBodies)('malformed JSON %j to a preferences link: 400', async (raw) => {
    await expectRefused(service, { method: 'PUT', url: '/api/notifications/preferences/by-key', raw }, 400, 'BAD_REQUEST');
  });

  it.each([{ key: 'C'.repeat(43), choices: { reminders: { email: false, sms: false } } }, { key: 'C'.repeat(43), choices: 'off' }, { key: 'C'.repeat(43), choices: {}, extra: 1 }])(
    'choices %j: 400, and nothing stored',
    async (payload) => {
      await expectRefused(service, { method: 'PUT', url: '/api/notifications/preferences/by-key', raw: JSON.stringify(payload) }, 400, 'VALIDATION_ERROR');
      expect(await countChoices()).toBe(0);
    },
  );
});
