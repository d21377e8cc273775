import { describe, expect, it } from 'vitest';
import { appointmentPageMessages, sessionClaimsSchema } from '@repo/contracts';
import { expectApiError } from '@repo/service-kit/test-service';
import { bookSlot, bookingForTests, customerClaims, staffClaims, testClock, validBooking } from './helpers.ts';

// Monday 23 November 2026, 10:00 Eastern.
const clock = testClock('2026-11-23T15:00:00Z');
const booking = bookingForTests(clock.now);

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('the booking answer carries the manage link', () => {
  it('gives a manage token for the new appointment, expiring a day after its slot ends', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-11-25', '09:00-10:00');
    const claims = claimsOf(manageToken);
    expect(claims).toMatchObject({ typ: 'appointment-link', appointmentId: id, scope: 'manage', sub: `appointment:${id}` });
    // The slot ends at 10:00 EST (15:00 UTC) on 25 November; the link lasts one more day.
    expect(claims.exp).toBe(Date.parse('2026-11-26T15:00:00Z') / 1000);
    expect(claims).not.toHaveProperty('role');
    expect(claims).not.toHaveProperty('sid');
    expect((await booking.page.details(id, { token: manageToken })).statusCode).toBe(200);
  });

  it('gives the manage token again on an idempotent replay, for the same appointment', async () => {
    const headers = { 'idempotency-key': 'links-replay-0001' };
    const first = await bookSlot(booking.service, '2026-11-25', '10:00-11:00', headers);
    const replay = await booking.service.app.inject({ method: 'POST', url: '/api/appointments', payload: { ...validBooking, appointmentDate: '2026-11-25', timeSlot: '10:00-11:00' }, headers });
    expect(replay.statusCode).toBe(201);
    const body = replay.json();
    expect(body.appointment.id).toBe(first.id);
    expect(claimsOf(body.manageToken)).toMatchObject({ appointmentId: first.id, scope: 'manage' });
    expect((await booking.page.details(first.id, { token: body.manageToken })).json().appointment.id).toBe(first.id);
  });

  it('links the appointment of a signed-in customer to their account, and answers it with a manage token too', async () => {
    const { id, body } = await bookSlot(booking.service, '2026-11-25', '11:00-12:00', { authorization: booking.service.bearer(customerClaims(51)) });
    expect(body.appointment.customerId).toBe(51);
    const mine = await booking.service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: { authorization: booking.service.bearer(customerClaims(51)) } });
    expect(mine.json().map((a: { id: number }) => a.id)).toEqual([id]);
    expect(claimsOf(body.manageToken)).toMatchObject({ appointmentId: id, scope: 'manage' });
  });
});

describe('a link is never a session, and a session is never a link', () => {
  it('refuses a link token sent as a bearer session with 401 on every kind of route', async () => {
    const { manageToken } = await bookSlot(booking.service, '2026-11-25', '12:00-13:00');
    expect(sessionClaimsSchema.safeParse(claimsOf(manageToken)).success).toBe(false);
    const asBearer = { authorization: `Bearer ${manageToken}` };
    expectApiError(await booking.service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: asBearer }), 401, 'UNAUTHORIZED');
    expectApiError(await booking.service.app.inject({ method: 'GET', url: '/api/appointments', headers: asBearer }), 401, 'UNAUTHORIZED');
    const booked = await booking.service.app.inject({ method: 'POST', url: '/api/appointments', payload: { ...validBooking, appointmentDate: '2026-11-25', timeSlot: '13:00-14:00' }, headers: asBearer });
    expectApiError(booked, 401, 'UNAUTHORIZED');
    const asCookie = await booking.service.app.inject({ method: 'GET', url: '/api/customer/service-requests', headers: { cookie: `session=${manageToken}` } });
    expectApiError(asCookie, 401, 'UNAUTHORIZED');
  });

  it('refuses a session token sent as an appointment link', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-25', '14:00-15:00', { authorization: booking.service.bearer(customerClaims(52)) });
    const sessionToken = booking.service.bearer(customerClaims(52)).slice('Bearer '.length);
    const response = await booking.page.details(id, { token: sessionToken });
    expectApiError(response, 401, 'UNAUTHORIZED');
    expect(response.json().error.message).toBe(appointmentPageMessages.linkExpired);
    const staffToken = booking.service.bearer(staffClaims()).slice('Bearer '.length);
    expect((await booking.page.details(id, { token: staffToken })).json().error.message).toBe(appointmentPageMessages.linkExpired);
  });
});
