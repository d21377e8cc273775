import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageKinds } from '@repo/contracts';
import { createTestService, testMetricsToken, type TestService } from '@repo/service-kit/test-service';
import type { NotificationsDatabase } from '../src/db/schema.ts';
import { notificationsService } from '../src/definition.ts';

let notifications: TestService<NotificationsDatabase>;
beforeAll(async () => {
  notifications = await createTestService(notificationsService, { SMTP_HOST: '127.0.0.1', SMTP_PORT: '9' });
});
afterAll(async () => {
  await notifications?.close();
});

describe('/metrics of notifications', () => {
  it('counts the messages by state and channel, read when scraped', async () => {
    const now = new Date();
    const message = (key: string, state: 'failed' | 'sent') => ({
      message_key: key,
      kind: messageKinds[0],
      channel: 'email' as const,
      recipient: 'ada@example.com',
      appointment_id: null,
      appointment_version: null,
      due_at: null,
      job_id: null,
      email_message_id: `<${key}@example.com>`,
      state,
      provider_message_id: null,
      last_error: null,
      subject: 'Subject',
      text_body: 'Text',
      html_body: '<p>Text</p>',
      calendar: null,
      calendar_file_name: null,
      created_at: now,
      updated_at: now,
      sent_at: null,
    });
    await notifications.db.insertInto('messages').values([message('metrics-1', 'failed'), message('metrics-2', 'failed'), message('metrics-3', 'sent')]).execute();
    const response = await notifications.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${testMetricsToken}` } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^notifications_messages\{state="failed",channel="email",service="notifications"\} 2$/m);
    expect(response.body).toMatch(/^notifications_messages\{state="sent",channel="email",service="notifications"\} 1$/m);
  });
});
