import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentChangedTopic } from '@repo/contracts';
import { anonymousHostileRequests, injectEffect, unsafeTexts } from '@repo/service-kit/test-service';
import { freePort } from '@repo/service-kit/testing';
import { changedEvent, startNotifications, type NotificationsTestService } from './helpers.ts';

let service: NotificationsTestService;
beforeAll(async () => {
  service = await startNotifications(await freePort());
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
    for (const { route, status, body } of answers) {
      const name = `${route.method} ${route.url}`;
      if (open.has(name)) expect([200, 400], `${name}: ${body}`).toContain(status);
      else expect(status, `${name}: ${body}`).toBe(401);
    }
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(2);
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
