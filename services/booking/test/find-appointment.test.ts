import { expect, it } from 'vitest';
import {
  appointmentLinksRequestedEvent,
  appointmentLinksRequestedTopic,
  findAppointmentLimits,
  findAppointmentMessages,
  findAppointmentPath,
  type AppointmentLinksRequested,
} from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { bookSlot, bookingForTests, testClock } from './helpers.ts';

// Monday 23 November 2026, 10:00 Eastern. Notifications' address leads nowhere: every request stays in booking's queue.
const clock = testClock('2026-11-23T15:00:00Z');
const booking = bookingForTests(clock.now);

const find = (email: unknown, remoteAddress = '127.0.0.1') =>
  booking.service.app.inject({ method: 'POST', url: findAppointmentPath, payload: { email }, remoteAddress });
const requestsTo = async (email: string) =>
  (await publishedEffects<AppointmentLinksRequested>(booking.service.database, appointmentLinksRequestedTopic)).filter((event) => event.email === email);

it('emails the manage links of the upcoming appointments booked with an address, in any case, soonest first', async () => {
  const email = 'casey.find@example.com';
  const later = await bookSlot(booking.service, '2026-11-27', '13:00-14:00', {}, { email });
  const sooner = await bookSlot(booking.service, '2026-11-25', '09:00-10:00', {}, { email: 'Casey.Find@Example.com' });
  const cancelled = await bookSlot(booking.service, '2026-11-26', '09:00-10:00', {}, { email });
  expect((await booking.page.cancel(cancelled.id, { token: cancelled.manageToken })).statusCode).toBe(200);

  const answer = await find('  CASEY.find@example.com ');
  expect(answer.statusCode, answer.body).toBe(202);
  expect(answer.json()).toEqual({ message: findAppointmentMessages.sent.replace('{email}', 'CASEY.find@example.com') });

  const [event, ...more] = await requestsTo('Casey.Find@Example.com');
  expect(more).toEqual([]);
  const parsed = appointmentLinksRequestedEvent.parse(event);
  expect(parsed.appointments.map((appointment) => [appointment.appointmentId, appointment.startsAt])).toEqual([
    [sooner.id, '2026-11-25T09:00:00-05:00'],
    [later.id, '2026-11-27T13:00:00-05:00'],
  ]);
  // Each link opens its own appointment's page, as the confirmation's manage link does.
  for (const appointment of parsed.appointments) {
    const page = await booking.page.details(appointment.appointmentId, { token: appointment.manageToken });
    expect(page.statusCode, page.body).toBe(200);
  }
});

it('answers an address with no upcoming appointment exactly as one with some, and sends nothing', async () => {
  const email = 'nobody.booked@example.com';
  const answer = await find(email);
  expect(answer.statusCode).toBe(202);
  expect(answer.json()).toEqual({ message: findAppointmentMessages.sent.replace('{email}', email) });
  expect(await requestsTo(email)).toEqual([]);
});

it('leaves out visits that are over, and sends nothing when only those are left', async () => {
  const email = 'past.visits@example.com';
  const today = await bookSlot(booking.service, '2026-11-24', '08:00-09:00', {}, { email });
  clock.set('2026-11-24T14:30:00Z'); // 9:30 Eastern: today's 8–9 visit is over.
  try {
    expect((await find(email)).statusCode).toBe(202);
    expect(await requestsTo(email)).toEqual([]);
    clock.set('2026-11-24T13:30:00Z'); // 8:30: it is still to come (in its window).
    expect((await find(email)).statusCode).toBe(202);
    expect((await requestsTo(email)).map((event) => event.appointments.map((appointment) => appointment.appointmentId))).toEqual([[today.id]]);
  } finally {
    clock.set('2026-11-23T15:00:00Z');
  }
});

it(`sends at most ${findAppointmentLimits.perAddressPerHour} emails an hour to one address, however many clients ask, and answers every ask the same`, async () => {
  const email = 'flooded@example.com';
  await bookSlot(booking.service, '2026-11-28', '10:00-11:00', {}, { email });
  const answers = [];
  for (let client = 1; client <= findAppointmentLimits.perAddressPerHour + 2; client++) answers.push(await find(email, `10.0.0.${client}`));
  expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 202));
  expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  expect(await requestsTo(email)).toHaveLength(findAppointmentLimits.perAddressPerHour);

  clock.set('2026-11-23T16:01:00Z'); // An hour later the address may be sent its links again.
  try {
    expect((await find(email, '10.0.1.1')).statusCode).toBe(202);
    expect(await requestsTo(email)).toHaveLength(findAppointmentLimits.perAddressPerHour + 1);
  } finally {
    clock.set('2026-11-23T15:00:00Z');
  }
});

it(`refuses a client's ${findAppointmentLimits.perClientPerHour + 1}th ask in an hour with 429, and a bad address with 400 beside the field`, async () => {
  const client = '10.0.2.1';
  for (let ask = 1; ask <= findAppointmentLimits.perClientPerHour; ask++) expect((await find(`asker${ask}@example.com`, client)).statusCode).toBe(202);
  const refused = await find('one.more@example.com', client);
  expect(refused.statusCode).toBe(429);
  expect(refused.json().error.message).toMatch(/Too many requests/);

  for (const [email, message] of [['', 'Enter the email you booked with'], ['not-an-email', 'Enter a valid email address'], [42, 'Enter the email you booked with']] as const) {
    const answer = await find(email, '10.0.3.1');
    expect(answer.statusCode, String(email)).toBe(400);
    expect(answer.json()).toMatchObject({ error: { fields: { email: message } } });
  }
});
