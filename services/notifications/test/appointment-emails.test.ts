import { describe, expect, it } from 'vitest';
import { business } from '@repo/contracts';
import { changedEvent, deliver, messagesOf, notificationsForTests, TestSmtpServer } from './helpers.ts';

const notifications = notificationsForTests();
const { smtp } = notifications;

/** The emails of an appointment once `count` have arrived (and the rows say sent). */
/** The appointment version a mail answers, from its Message-ID (`<appointment-N.kind.vV@…>`). */
const versionOf = (mail: { messageId?: string }) => Number(/\.v(\d+)@/.exec(mail.messageId ?? '')?.[1] ?? 0);

/** The appointment's mails once `count` have arrived and every message is sent, in the order of the versions they answer (send jobs run side by side, so they may arrive in another). */
async function mailsWhen(appointmentId: number, count: number) {
  await expect.poll(() => smtp.mailsFor(appointmentId).length, { timeout: 20_000 }).toBe(count);
  await expect.poll(async () => (await messagesOf(notifications.service, appointmentId)).every((row) => row.state === 'sent'), { timeout: 10_000 }).toBe(true);
  return smtp.mailsFor(appointmentId).sort((a, b) => versionOf(a) - versionOf(b));
}

describe('appointment emails', () => {
  it('confirms a booking: one email with the window in business time, the appointment, its link and its calendar file', async () => {
    expect(await deliver(notifications.service, changedEvent(101, 1))).toEqual({ messageId: expect.any(String), status: 'applied' });
    const [mail] = await mailsWhen(101, 1);
    expect(mail!.subject).toBe('Your appointment is booked: Tue, Dec 1, 8:00–10:00 AM ET');
    expect(mail!.messageId).toBe('<appointment-101.booking-confirmation.v1@staugustineappliancerepair.com>');
    expect(mail!.to).toMatchObject({ text: 'jordan@example.com' });
    expect(mail!.from).toMatchObject({ value: [{ address: 'service@staugustineappliancerepair.com', name: business.name }] });

    const link = 'https://portal.example.com/appointments/101#access=manage-token-101';
    for (const part of [mail!.text!, mail!.html as string]) {
      expect(part).toContain('Tue, Dec 1, 8:00–10:00 AM ET');
      expect(part).toContain('Sub-Zero Refrigerator');
      expect(part).toContain('12 King St, St Augustine, FL 32084');
      expect(part).toContain(business.phoneDisplay);
      expect(part).toContain('SA-T101');
    }
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(`href="${link}"`);
    // Readable with images off (there are none) and in the reader's language; nothing tracks the reader.
    expect(mail!.html).toMatch(/<html[^>]* lang="en"/);
    expect(mail!.html).not.toMatch(/<img\b/i);

    const [calendar, ...others] = mail!.attachments;
    expect(others).toEqual([]);
    expect(calendar).toMatchObject({ filename: 'appointment-SA-T101.ics', contentType: 'text/calendar' });
    const ics = calendar!.content.toString('utf8');
    expect(ics).toContain('UID:appointment-101@booking.staugustine-appliance-repair');
    expect(ics).toContain('DTSTART;TZID=America/New_York:20261201T080000');
    expect(ics).toContain('STATUS:TENTATIVE');

    const [row, ...more] = await messagesOf(notifications.service, 101);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ kind: 'booking-confirmation', channel: 'email', recipient: 'jordan@example.com', appointment_version: 1, state: 'sent', attempts: 1, provider_message_id: expect.stringMatching(/^TEST\d+$/), last_error: null });
    expect(row!.sent_at).toBeInstanceOf(Date);
  });

  it('sends one email for an event delivered twice, under the same message id or another', async () => {
    const event = changedEvent(102, 1);
    await deliver(notifications.service, event, '6f7c1d1e-0000-4000-8000-000000000102');
    expect(await deliver(notifications.service, event, '6f7c1d1e-0000-4000-8000-000000000102')).toMatchObject({ status: 'duplicate' });
    expect(await deliver(notifications.service, event)).toMatchObject({ status: 'applied' });
    await mailsWhen(102, 1);
    // Another event afterwards proves nothing more was on its way for this one.
    await deliver(notifications.service, changedEvent(102, 2, { change: 'cancelled', status: 'cancelled' }));
    const mails = await mailsWhen(102, 2);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your appointment is booked: Tue, Dec 1, 8:00–10:00 AM ET', 'Your appointment is cancelled: Tue, Dec 1, 8:00–10:00 AM ET']);
    expect(await messagesOf(notifications.service, 102)).toHaveLength(2);
  });

  it('ignores an older version that arrives after a newer one', async () => {
    await deliver(notifications.service, changedEvent(103, 1));
    await deliver(notifications.service, changedEvent(103, 5, { change: 'rescheduled', startsAt: '2026-12-03T13:00:00-05:00', endsAt: '2026-12-03T15:00:00-05:00', revision: 1 }));
    await mailsWhen(103, 2);
    // A move to another time made before the one above, delivered late: it changes nothing.
    expect(await deliver(notifications.service, changedEvent(103, 4, { change: 'rescheduled', startsAt: '2026-12-02T08:00:00-05:00', endsAt: '2026-12-02T09:00:00-05:00' }))).toMatchObject({ status: 'applied' });
    await deliver(notifications.service, changedEvent(103, 6, { change: 'cancelled', status: 'cancelled', startsAt: '2026-12-03T13:00:00-05:00', endsAt: '2026-12-03T15:00:00-05:00', revision: 2 }));
    const mails = await mailsWhen(103, 3);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your appointment is booked: Tue, Dec 1, 8:00–10:00 AM ET',
      'Your appointment has a new time: Thu, Dec 3, 1:00–3:00 PM ET',
      'Your appointment is cancelled: Thu, Dec 3, 1:00–3:00 PM ET',
    ]);
    expect((await messagesOf(notifications.service, 103)).map((row) => row.appointment_version)).toEqual([1, 5, 6]);
  });

  it('sends the rescheduled and cancelled notices with the same link and an updated calendar file', async () => {
    await deliver(notifications.service, changedEvent(104, 1));
    await deliver(notifications.service, changedEvent(104, 2, { change: 'rescheduled', startsAt: '2026-12-04T11:00:00-05:00', endsAt: '2026-12-04T12:00:00-05:00', revision: 1, manageToken: 'manage-token-104-b' }));
    await deliver(notifications.service, changedEvent(104, 3, { change: 'cancelled', status: 'cancelled', startsAt: '2026-12-04T11:00:00-05:00', endsAt: '2026-12-04T12:00:00-05:00', revision: 2, manageToken: 'manage-token-104-c' }));
    const [, moved, cancelled] = await mailsWhen(104, 3);
    expect(moved!.subject).toBe('Your appointment has a new time: Fri, Dec 4, 11:00 AM–12:00 PM ET');
    expect(moved!.text).toContain('https://portal.example.com/appointments/104#access=manage-token-104-b');
    expect(moved!.attachments[0]!.content.toString('utf8')).toMatch(/SEQUENCE:1\r\n/);
    expect(cancelled!.subject).toBe('Your appointment is cancelled: Fri, Dec 4, 11:00 AM–12:00 PM ET');
    expect(cancelled!.text).toContain('no technician will come');
    expect(cancelled!.text).toContain('https://portal.example.com/appointments/104#access=manage-token-104-c');
    expect(cancelled!.attachments[0]!.content.toString('utf8')).toContain('STATUS:CANCELLED');
  });

  it('sends nothing for changes that call for no message (a technician assigned, a status change)', async () => {
    await deliver(notifications.service, changedEvent(105, 1));
    await deliver(notifications.service, changedEvent(105, 2, { change: 'assigned', technicianId: 'tech_mike' }));
    await deliver(notifications.service, changedEvent(105, 3, { change: 'status-changed', status: 'confirmed' }));
    await deliver(notifications.service, changedEvent(105, 4, { change: 'cancelled', status: 'cancelled' }));
    expect((await mailsWhen(105, 2)).map((mail) => mail.messageId)).toEqual([
      '<appointment-105.booking-confirmation.v1@staugustineappliancerepair.com>',
      '<appointment-105.cancelled.v4@staugustineappliancerepair.com>',
    ]);
  });

  it('marks a message the relay refuses for good failed at once, with the relay’s answer', async () => {
    await deliver(notifications.service, changedEvent(106, 1, { email: TestSmtpServer.missingMailbox }));
    await expect.poll(async () => (await messagesOf(notifications.service, 106))[0]?.state, { timeout: 20_000 }).toBe('failed');
    const [row] = await messagesOf(notifications.service, 106);
    expect(row).toMatchObject({ attempts: 1, provider_message_id: null, last_error: expect.stringContaining('No such mailbox') });
    expect(smtp.mailsFor(106)).toEqual([]);
  });
});
