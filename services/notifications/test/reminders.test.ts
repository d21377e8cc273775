import { describe, expect, it } from 'vitest';
import { changedEvent, deliver, notificationsForTests, remindersOf, testClock } from './helpers.ts';

/**
 * Reminders through the service, on its injected clock: each test sets the clock a couple of seconds before a
 * reminder's moment, so the reminder's job (delayed by its due time minus the clock's now) comes due in real seconds.
 */
const clock = testClock('2026-11-27T12:00:00-05:00');
const notifications = notificationsForTests({}, clock.now);
const { smtp } = notifications;

/** The reminder emails of an appointment the relay accepted. */
const reminderMails = (appointmentId: number) => smtp.mailsFor(appointmentId).filter((mail) => mail.messageId?.includes('.reminder-'));

const states = async (appointmentId: number) => (await remindersOf(notifications.service, appointmentId)).map((row) => [row.kind, `v${row.appointment_version}`, row.state]);

/** A visit on Tuesday 1 December 2026 (EST) from `time` for two hours. */
const tuesday = (time: string) => {
  const [hours] = time.split(':').map(Number) as [number];
  const end = `${String(hours + 2).padStart(2, '0')}:${time.slice(3)}`;
  return { startsAt: `2026-12-01T${time}:00-05:00`, endsAt: `2026-12-01T${end}:00-05:00` };
};

describe('scheduling', () => {
  it('a booking schedules both reminders, rendered, at 18:00 the day before and 2 hours before the window', async () => {
    clock.set('2026-11-27T12:00:00-05:00');
    await deliver(notifications.service, changedEvent(301, 1, tuesday('08:00')));
    const rows = await remindersOf(notifications.service, 301);
    expect(rows.map((row) => ({ key: row.message_key, state: row.state, due: row.due_at?.toISOString(), job: typeof row.job_id, subject: row.subject }))).toEqual([
      { key: 'appointment-301.reminder-day-before.v1', state: 'scheduled', due: '2026-11-30T23:00:00.000Z', job: 'string', subject: 'Reminder: your appliance repair is tomorrow, Tue, Dec 1, 8:00–10:00 AM ET' },
      { key: 'appointment-301.reminder-hours-before.v1', state: 'scheduled', due: '2026-12-01T11:00:00.000Z', job: 'string', subject: 'Reminder: your appliance repair is today, Tue, Dec 1, 8:00–10:00 AM ET' },
    ]);
    expect(rows[0]).toMatchObject({ recipient: 'jordan@example.com', email_message_id: '<appointment-301.reminder-day-before.v1@staugustineappliancerepair.com>', calendar_file_name: 'appointment-SA-T301.ics' });
    expect(rows[0]!.text_body).toContain('https://portal.example.com/appointments/301#access=manage-token-301');
  });

  it('booked late, a reminder whose moment has passed is not scheduled', async () => {
    clock.set('2026-11-30T20:00:00-05:00');
    await deliver(notifications.service, changedEvent(302, 1, tuesday('08:00')));
    expect(await states(302)).toEqual([['reminder-hours-before', 'v1', 'scheduled']]);
    clock.set('2026-12-01T07:00:00-05:00');
    await deliver(notifications.service, changedEvent(303, 1, tuesday('08:00')));
    expect(await states(303)).toEqual([]);
  });

  it('schedules once for a redelivered event, and an older version arriving late changes nothing', async () => {
    clock.set('2026-11-27T12:00:00-05:00');
    const booked = changedEvent(304, 1, tuesday('08:00'));
    await deliver(notifications.service, booked, '6f7c1d1e-0000-4000-8000-000000000304');
    expect(await deliver(notifications.service, booked, '6f7c1d1e-0000-4000-8000-000000000304')).toMatchObject({ status: 'duplicate' });
    await deliver(notifications.service, booked);
    expect(await states(304)).toEqual([['reminder-day-before', 'v1', 'scheduled'], ['reminder-hours-before', 'v1', 'scheduled']]);
    // A technician assigned (v3) reaches us before a move (v2) made earlier: the move is old news.
    await deliver(notifications.service, changedEvent(304, 3, { ...tuesday('08:00'), change: 'assigned', status: 'confirmed', technicianId: 'tech-1' }));
    await deliver(notifications.service, changedEvent(304, 2, { ...tuesday('13:00'), change: 'rescheduled' }));
    await deliver(notifications.service, changedEvent(304, 3, { ...tuesday('08:00'), change: 'assigned', status: 'confirmed', technicianId: 'tech-1' }));
    const rows = await remindersOf(notifications.service, 304);
    expect(rows.map((row) => [row.kind, `v${row.appointment_version}`, row.state, row.due_at?.toISOString()])).toEqual([
      ['reminder-day-before', 'v1', 'withdrawn', '2026-11-30T23:00:00.000Z'],
      ['reminder-hours-before', 'v1', 'withdrawn', '2026-12-01T11:00:00.000Z'],
      ['reminder-day-before', 'v3', 'scheduled', '2026-11-30T23:00:00.000Z'],
      ['reminder-hours-before', 'v3', 'scheduled', '2026-12-01T11:00:00.000Z'],
    ]);
  });

  it('withdraws the reminders when the visit is cancelled, completed or started, and schedules no others', async () => {
    clock.set('2026-11-27T12:00:00-05:00');
    const endings = [
      { id: 305, change: 'cancelled', status: 'cancelled' },
      { id: 306, change: 'completed', status: 'completed' },
      { id: 307, change: 'status-changed', status: 'in-progress' },
    ] as const;
    for (const { id, change, status } of endings) {
      await deliver(notifications.service, changedEvent(id, 1, tuesday('08:00')));
      await deliver(notifications.service, changedEvent(id, 2, { ...tuesday('08:00'), change, status }));
      expect(await states(id)).toEqual([['reminder-day-before', 'v1', 'withdrawn'], ['reminder-hours-before', 'v1', 'withdrawn']]);
    }
  });
});

describe('sending', () => {
  it('sends a due reminder through SMTP once, with the appointment’s link and calendar file', async () => {
    clock.set('2026-11-30T17:59:58-05:00');
    const booked = changedEvent(311, 1, tuesday('08:00'));
    await deliver(notifications.service, booked);
    await expect.poll(() => reminderMails(311).length, { timeout: 30_000, interval: 200 }).toBe(1);
    const [mail] = reminderMails(311);
    expect(mail!.subject).toBe('Reminder: your appliance repair is tomorrow, Tue, Dec 1, 8:00–10:00 AM ET');
    expect(mail!.messageId).toBe('<appointment-311.reminder-day-before.v1@staugustineappliancerepair.com>');
    expect(mail!.text).toContain('https://portal.example.com/appointments/311#access=manage-token-311');
    expect(mail!.html).toContain('href="https://portal.example.com/appointments/311#access=manage-token-311"');
    expect(mail!.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([['appointment-SA-T311.ics', 'text/calendar']]);
    await expect.poll(() => states(311), { timeout: 10_000 }).toEqual([['reminder-day-before', 'v1', 'sent'], ['reminder-hours-before', 'v1', 'scheduled']]);
    const [row] = await remindersOf(notifications.service, 311);
    expect(row).toMatchObject({ attempts: 1, provider_message_id: expect.stringMatching(/^TEST\d+$/) });

    // The same event again, then a technician assigned after the moment: the sent reminder is not sent again, the
    // hours-before one is replaced with the newest details.
    await deliver(notifications.service, booked);
    await deliver(notifications.service, changedEvent(311, 2, { ...tuesday('08:00'), change: 'assigned', technicianId: 'tech-1' }));
    expect(await states(311)).toEqual([['reminder-day-before', 'v1', 'sent'], ['reminder-hours-before', 'v1', 'withdrawn'], ['reminder-hours-before', 'v2', 'scheduled']]);
    expect(reminderMails(311)).toHaveLength(1);
  });

  it('a reschedule moves the reminders: the old ones are withdrawn with their jobs, only the new one is sent', async () => {
    clock.set('2026-12-01T05:59:58-05:00');
    // Booked for 08:00 (its reminder due in 2 s), moved to 13:00, then back to 08:00: the first and the third fall due
    // at the same moment, and only the third is sent.
    await deliver(notifications.service, changedEvent(312, 1, tuesday('08:00')));
    await deliver(notifications.service, changedEvent(312, 2, { ...tuesday('13:00'), change: 'rescheduled', revision: 1 }));
    await deliver(notifications.service, changedEvent(312, 3, { ...tuesday('08:00'), change: 'rescheduled', revision: 2 }));
    await expect.poll(() => reminderMails(312).length, { timeout: 30_000, interval: 200 }).toBe(1);
    expect(reminderMails(312)[0]!.messageId).toBe('<appointment-312.reminder-hours-before.v3@staugustineappliancerepair.com>');
    await expect.poll(() => states(312), { timeout: 10_000 }).toEqual([
      ['reminder-hours-before', 'v1', 'withdrawn'],
      ['reminder-hours-before', 'v2', 'withdrawn'],
      ['reminder-hours-before', 'v3', 'sent'],
    ]);
    // A later reminder after the one sent shows nothing else was on its way for this appointment.
    clock.set('2026-12-01T05:59:58-05:00');
    await deliver(notifications.service, changedEvent(313, 1, tuesday('08:00')));
    await expect.poll(() => reminderMails(313).length, { timeout: 30_000, interval: 200 }).toBe(1);
    expect(reminderMails(312)).toHaveLength(1);
  });

  // Two waits of up to 30 s each (a failed attempt, then another visit's reminder sent): the test may take longer than the
  // file's 30 s on a busy machine.
  it('a reminder retrying while the relay is down is withdrawn by a reschedule, and only the new time is reminded', { timeout: 150_000 }, async () => {
    clock.set('2026-12-01T05:59:58-05:00');
    await smtp.stop();
    try {
      await deliver(notifications.service, changedEvent(318, 1, tuesday('08:00')));
      // Its first attempt fails: queued for a retry with the relay's error.
      await expect
        .poll(async () => (await remindersOf(notifications.service, 318)).map((row) => [row.state, row.attempts > 0, row.last_error !== null]), { timeout: 60_000, interval: 200 })
        .toEqual([['queued', true, true]]);
      // Moved to 10:00: the reminder for 8:00 must never go out, even once the relay is back.
      await deliver(notifications.service, changedEvent(318, 2, { ...tuesday('10:00'), change: 'rescheduled', revision: 1 }));
      expect(await states(318)).toEqual([['reminder-hours-before', 'v1', 'withdrawn'], ['reminder-hours-before', 'v2', 'scheduled']]);
    } finally {
      await smtp.start();
    }
    // Another visit's reminder, due in 2 s, goes out after the old one's retry would have: nothing more for 318.
    clock.set('2026-12-01T05:59:58-05:00');
    await deliver(notifications.service, changedEvent(319, 1, tuesday('08:00')));
    await expect.poll(() => reminderMails(319).length, { timeout: 60_000, interval: 200 }).toBe(1);
    expect(reminderMails(318)).toEqual([]);
    expect(await states(318)).toEqual([['reminder-hours-before', 'v1', 'withdrawn'], ['reminder-hours-before', 'v2', 'scheduled']]);
  });

  it('drops a job whose version is stale when it falls due', async () => {
    clock.set('2026-12-01T05:59:58-05:00');
    await deliver(notifications.service, changedEvent(314, 1, tuesday('08:00')));
    // A newer version recorded whose replanning this job raced: only the version moved.
    await notifications.service.db.updateTable('appointments').set({ version: 2 }).where('appointment_id', '=', 314).execute();
    await expect.poll(() => states(314), { timeout: 30_000, interval: 200 }).toEqual([['reminder-hours-before', 'v1', 'withdrawn']]);
    expect(reminderMails(314)).toEqual([]);
  });

  it('a reminder that fell due while the notifications.service was down goes out when it is back, unless the visit has started', async () => {
    // Due in 2 s, run with the clock an hour later: the visit (13:00) has not started; it is sent.
    clock.set('2026-12-01T10:59:58-05:00');
    await deliver(notifications.service, changedEvent(315, 1, tuesday('13:00')));
    clock.advance(3_600_000);
    await expect.poll(() => reminderMails(315).length, { timeout: 30_000, interval: 200 }).toBe(1);
    await expect.poll(() => states(315), { timeout: 10_000 }).toEqual([['reminder-hours-before', 'v1', 'sent']]);

    // The same, with the clock past the window's start: withdrawn, never sent.
    clock.set('2026-12-01T10:59:58-05:00');
    await deliver(notifications.service, changedEvent(316, 1, tuesday('13:00')));
    clock.advance(2.5 * 3_600_000);
    await expect.poll(() => states(316), { timeout: 30_000, interval: 200 }).toEqual([['reminder-hours-before', 'v1', 'withdrawn']]);

    // A day-before reminder held up past midnight would say "tomorrow" on the day itself: withdrawn.
    clock.set('2026-11-30T17:59:58-05:00');
    await deliver(notifications.service, changedEvent(317, 1, tuesday('13:00')));
    clock.advance(7 * 3_600_000);
    await expect.poll(() => states(317), { timeout: 30_000, interval: 200 }).toEqual([['reminder-day-before', 'v1', 'withdrawn'], ['reminder-hours-before', 'v1', 'scheduled']]);
    expect([...reminderMails(316), ...reminderMails(317)]).toEqual([]);
  });
});

describe('daylight saving time (America/New_York)', () => {
  const dstEvent = (id: number, day: string, offset: string) =>
    changedEvent(id, 1, { startsAt: `${day}T08:00:00${offset}`, endsAt: `${day}T10:00:00${offset}` });
  const dues = async (id: number) => (await remindersOf(notifications.service, id)).map((row) => [row.kind, row.due_at?.toISOString(), row.subject]);

  it('schedules 18:00 EST or EDT the day before and 2 hours before an 8:00 window, around both 2026 switches', async () => {
    clock.set('2026-03-06T12:00:00-05:00');
    await deliver(notifications.service, dstEvent(321, '2026-03-08', '-04:00'));
    await deliver(notifications.service, dstEvent(322, '2026-03-09', '-04:00'));
    expect(await dues(321)).toEqual([
      ['reminder-day-before', '2026-03-07T23:00:00.000Z', 'Reminder: your appliance repair is tomorrow, Sun, Mar 8, 8:00–10:00 AM ET'],
      ['reminder-hours-before', '2026-03-08T10:00:00.000Z', 'Reminder: your appliance repair is today, Sun, Mar 8, 8:00–10:00 AM ET'],
    ]);
    expect((await dues(322)).map(([kind, due]) => [kind, due])).toEqual([['reminder-day-before', '2026-03-08T22:00:00.000Z'], ['reminder-hours-before', '2026-03-09T10:00:00.000Z']]);

    clock.set('2026-10-30T12:00:00-04:00');
    await deliver(notifications.service, dstEvent(323, '2026-11-01', '-05:00'));
    await deliver(notifications.service, dstEvent(324, '2026-11-02', '-05:00'));
    expect((await dues(323)).map(([kind, due]) => [kind, due])).toEqual([['reminder-day-before', '2026-10-31T22:00:00.000Z'], ['reminder-hours-before', '2026-11-01T11:00:00.000Z']]);
    expect((await dues(324)).map(([kind, due]) => [kind, due])).toEqual([['reminder-day-before', '2026-11-01T23:00:00.000Z'], ['reminder-hours-before', '2026-11-02T11:00:00.000Z']]);
  });

  it('sends the day-before reminder at 18:00 EST on the eve of the spring switch', async () => {
    clock.set('2026-03-07T17:59:58-05:00');
    await deliver(notifications.service, dstEvent(325, '2026-03-08', '-04:00'));
    await expect.poll(() => reminderMails(325).length, { timeout: 30_000, interval: 200 }).toBe(1);
    expect(reminderMails(325)[0]!.subject).toBe('Reminder: your appliance repair is tomorrow, Sun, Mar 8, 8:00–10:00 AM ET');
    await expect.poll(() => states(325), { timeout: 10_000 }).toEqual([['reminder-day-before', 'v1', 'sent'], ['reminder-hours-before', 'v1', 'scheduled']]);
  });
});
