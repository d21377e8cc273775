import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '@repo/service-kit/testing';
import { changedEvent, deliver, messagesOf, startNotifications, TestSmtpServer, type NotificationsTestService } from './helpers.ts';

// The relay is down when the booking comes in: nothing listens on its port until the test starts it.
const smtp = new TestSmtpServer();
let service: NotificationsTestService;
beforeAll(async () => {
  smtp.port = await freePort();
  service = await startNotifications(smtp.port);
});
afterAll(async () => {
  await service?.close();
  await smtp.stop();
});

it('keeps an email the relay cannot take, retries it with backoff, and sends it once the relay is back', async () => {
  await deliver(service, changedEvent(201, 1));
  // Two attempts failed: the row says so, still queued, with the relay's error.
  await expect.poll(async () => (await messagesOf(service, 201))[0]?.attempts, { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(2);
  const [waiting] = await messagesOf(service, 201);
  expect(waiting).toMatchObject({ state: 'queued', provider_message_id: null, sent_at: null, last_error: expect.stringMatching(/ECONNREFUSED|ESOCKET|ECONNECTION/) });

  await smtp.start();
  await expect.poll(async () => (await messagesOf(service, 201))[0]?.state, { timeout: 30_000, interval: 200 }).toBe('sent');
  const [sent] = await messagesOf(service, 201);
  expect(sent!.attempts).toBeGreaterThanOrEqual(3);
  expect(sent).toMatchObject({ last_error: null, provider_message_id: expect.stringMatching(/^TEST\d+$/) });
  expect(smtp.mailsFor(201).map((mail) => mail.messageId)).toEqual(['<appointment-201.booking-confirmation.v1@staugustineappliancerepair.com>']);
}, 90_000);
