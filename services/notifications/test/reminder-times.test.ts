import { describe, expect, it } from 'vitest';
import { dayWord, reminderDueTimes, reminderVerdict, shouldSchedule, wantsReminders } from '../src/domain/reminders.ts';

const defaults = { dayBeforeHour: 18, hoursBefore: 2 };
const iso = (times: Record<string, Date>) => Object.fromEntries(Object.entries(times).map(([kind, at]) => [kind, at.toISOString()]));

describe('when reminders fall due, in business time (America/New_York)', () => {
  it('an ordinary winter visit: 18:00 EST the day before, 2 hours before the window', () => {
    expect(iso(reminderDueTimes(new Date('2026-12-01T08:00:00-05:00'), defaults))).toEqual({
      'reminder-day-before': '2026-11-30T23:00:00.000Z',
      'reminder-hours-before': '2026-12-01T11:00:00.000Z',
    });
  });

  it('around the spring switch (8 March 2026): the day before is still EST, the day itself EDT', () => {
    // 08:00 EDT on the switch day: the day before at 18:00 EST (23:00Z); 06:00 EDT is 10:00Z.
    expect(iso(reminderDueTimes(new Date('2026-03-08T08:00:00-04:00'), defaults))).toEqual({
      'reminder-day-before': '2026-03-07T23:00:00.000Z',
      'reminder-hours-before': '2026-03-08T10:00:00.000Z',
    });
    // The day after the switch: the day before (the switch day) at 18:00 EDT is 22:00Z.
    expect(iso(reminderDueTimes(new Date('2026-03-09T08:00:00-04:00'), defaults))).toEqual({
      'reminder-day-before': '2026-03-08T22:00:00.000Z',
      'reminder-hours-before': '2026-03-09T10:00:00.000Z',
    });
  });

  it('around the autumn switch (1 November 2026): the day before is still EDT, the day itself EST', () => {
    expect(iso(reminderDueTimes(new Date('2026-11-01T08:00:00-05:00'), defaults))).toEqual({
      'reminder-day-before': '2026-10-31T22:00:00.000Z',
      'reminder-hours-before': '2026-11-01T11:00:00.000Z',
    });
    expect(iso(reminderDueTimes(new Date('2026-11-02T08:00:00-05:00'), defaults))).toEqual({
      'reminder-day-before': '2026-11-01T23:00:00.000Z',
      'reminder-hours-before': '2026-11-02T11:00:00.000Z',
    });
  });

  it('hours before are elapsed hours, across the switch itself too', () => {
    // 04:00 EDT on 8 March is two elapsed hours after 01:00 EST (02:00 never happened).
    expect(reminderDueTimes(new Date('2026-03-08T04:00:00-04:00'), defaults)['reminder-hours-before'].toISOString()).toBe('2026-03-08T06:00:00.000Z');
  });

  it('follows the configured hour and hours, a visit early in the day included', () => {
    const times = reminderDueTimes(new Date('2026-12-01T08:00:00-05:00'), { dayBeforeHour: 0, hoursBefore: 12 });
    expect(iso(times)).toEqual({ 'reminder-day-before': '2026-11-30T05:00:00.000Z', 'reminder-hours-before': '2026-12-01T01:00:00.000Z' });
    expect(dayWord(times['reminder-hours-before'], new Date('2026-12-01T08:00:00-05:00'))).toBe('tomorrow');
  });
});

describe('whether a reminder is scheduled when an event is applied', () => {
  const start = new Date('2026-12-01T08:00:00-05:00');
  const { 'reminder-day-before': dayBefore, 'reminder-hours-before': hoursBefore } = reminderDueTimes(start, defaults);

  it('booked well ahead: both', () => {
    const now = new Date('2026-11-27T12:00:00-05:00');
    expect([shouldSchedule(dayBefore, now, undefined), shouldSchedule(hoursBefore, now, undefined)]).toEqual([true, true]);
  });

  it('booked at 20:00 the evening before: no day-before reminder, the hours-before one still', () => {
    const now = new Date('2026-11-30T20:00:00-05:00');
    expect([shouldSchedule(dayBefore, now, undefined), shouldSchedule(hoursBefore, now, undefined)]).toEqual([false, true]);
  });

  it('booked an hour before the window: neither; at the very moment counts as passed', () => {
    expect(shouldSchedule(hoursBefore, new Date('2026-12-01T07:00:00-05:00'), undefined)).toBe(false);
    expect(shouldSchedule(hoursBefore, hoursBefore, undefined)).toBe(false);
  });

  it('a replacement of a reminder still owed for the same moment is scheduled even though the moment has passed', () => {
    const now = new Date('2026-11-30T20:00:00-05:00');
    expect(shouldSchedule(dayBefore, now, dayBefore)).toBe(true);
    expect(shouldSchedule(dayBefore, now, new Date(dayBefore.getTime() - 3_600_000))).toBe(false);
  });

  it('only a visit still awaited has reminders', () => {
    expect(wantsReminders('scheduled', 'booked')).toBe(true);
    expect(wantsReminders('confirmed', 'assigned')).toBe(true);
    expect(wantsReminders('cancelled', 'cancelled')).toBe(false);
    expect(wantsReminders('completed', 'completed')).toBe(false);
    expect(wantsReminders('in-progress', 'status-changed')).toBe(false);
  });
});

describe('the check when a reminder’s job runs', () => {
  const startsAt = new Date('2026-12-01T13:00:00-05:00');
  const appointment = { version: 3, status: 'scheduled' as const, startsAt };
  const dueAt = new Date('2026-12-01T11:00:00-05:00');

  it('sends on time, and late on the same day while the visit has not started (the service was down)', () => {
    expect(reminderVerdict({ version: 3, dueAt }, appointment, dueAt)).toBe('send');
    expect(reminderVerdict({ version: 3, dueAt }, appointment, new Date('2026-12-01T12:59:00-05:00'))).toBe('send');
  });

  it('withdraws it once the visit has started, for a stale version, and for a visit cancelled, under way or done', () => {
    expect(reminderVerdict({ version: 3, dueAt }, appointment, startsAt)).toBe('withdraw');
    expect(reminderVerdict({ version: 2, dueAt }, appointment, dueAt)).toBe('withdraw');
    expect(reminderVerdict({ version: 3, dueAt }, undefined, dueAt)).toBe('withdraw');
    for (const status of ['cancelled', 'in-progress', 'completed'] as const) {
      expect(reminderVerdict({ version: 3, dueAt }, { ...appointment, status }, dueAt)).toBe('withdraw');
    }
  });

  it('withdraws a day-before reminder held up past midnight: it would say "tomorrow" on the day itself', () => {
    const dayBefore = new Date('2026-11-30T18:00:00-05:00');
    expect(reminderVerdict({ version: 3, dueAt: dayBefore }, appointment, new Date('2026-11-30T23:59:00-05:00'))).toBe('send');
    expect(reminderVerdict({ version: 3, dueAt: dayBefore }, appointment, new Date('2026-12-01T00:01:00-05:00'))).toBe('withdraw');
  });
});
