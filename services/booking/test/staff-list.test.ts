import { describe, expect, it } from 'vitest';
import type { StaffAppointment } from '@repo/contracts';
import { expectApiError } from '@repo/service-kit/test-service';
import { bookSlot, bookingForTests, customerClaims, staffClaims, testClock } from './helpers.ts';

// Monday 23 November 2026, 10:00 Eastern.
const clock = testClock('2026-11-23T15:00:00Z');
const booking = bookingForTests(clock.now, { BOOKING_SLOT_CAPACITY: '3' });

const list = (query: string, authorization = booking.service.bearer(staffClaims())) =>
  booking.service.app.inject({ method: 'GET', url: `/api/appointments${query}`, headers: { authorization } });

describe('the staff list of appointments', () => {
  it('answers one page at a time, as an array, with the count of all matches in X-Total-Count', async () => {
    const booked: number[] = [];
    for (const slot of ['09:00-10:00', '10:00-11:00', '11:00-12:00']) {
      for (let i = 0; i < 2; i += 1) booked.push((await bookSlot(booking.service, '2026-11-25', slot)).id);
    }
    await bookSlot(booking.service, '2026-11-26', '09:00-10:00');

    const all = await list('?date=2026-11-25');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['x-total-count']).toBe('6');
    expect((all.json() as StaffAppointment[]).map((a) => a.id)).toEqual(booked);

    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(`?date=2026-11-25&pageSize=2&page=${page}`)));
    expect(pages.map((page) => page.headers['x-total-count'])).toEqual(['6', '6', '6', '6']);
    expect(pages.map((page) => (page.json() as StaffAppointment[]).map((a) => a.id))).toEqual([booked.slice(0, 2), booked.slice(2, 4), booked.slice(4, 6), []]);

    // Without a date: every day, 100 a page by default.
    const everything = await list('');
    expect(everything.headers['x-total-count']).toBe('7');
    expect(everything.json()).toHaveLength(7);
    expect(((await list('?status=cancelled')).json() as StaffAppointment[])).toEqual([]);
  });

  it('bounds the page size at 200 and refuses bad paging with field messages', async () => {
    expect((await list('?pageSize=200')).statusCode).toBe(200);
    expectApiError(await list('?pageSize=201'), 400, 'VALIDATION_ERROR', { 'querystring.pageSize': 'Page size must be at most 200' });
    expectApiError(await list('?page=0&pageSize=abc'), 400, 'VALIDATION_ERROR', { 'querystring.page': 'Page must be at least 1', 'querystring.pageSize': 'Page size must be a number' });
    expectApiError(await list('?page=1.5'), 400, 'VALIDATION_ERROR', { 'querystring.page': 'Page must be a whole number' });
    // Staff only, checked before the query is validated.
    expectApiError(await list('?pageSize=201', booking.service.bearer(customerClaims(5))), 403, 'FORBIDDEN');
  });
});
