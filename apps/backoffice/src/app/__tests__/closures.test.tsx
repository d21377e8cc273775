import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closureMessages, type Closure, type CreateClosureParsed } from '@repo/contracts';
import { apiError, fakeApi, json } from '@repo/ui/testing/api';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { renderAppAt, signIn, staffUser, type } from './support/fixtures.ts';

const daySlots = ['08:00-09:00', '09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00', '13:00-14:00', '14:00-15:00', '15:00-16:00', '16:00-17:00'];
const closure = (overrides: Partial<Closure> = {}): Closure => ({
  date: '2026-11-26', reason: 'Thanksgiving', openSlots: null, createdBy: 'office@example.com', createdAt: '2026-11-20T14:00:00.000Z', visitsToMove: 0, ...overrides,
});

async function renderClosures(initial: Closure[] = [closure()], options: { failList?: boolean } = {}) {
  let list = [...initial];
  const api = fakeApi({
    ...signIn(staffUser),
    'GET /api/appointments/closures': () => (options.failList ? apiError(500, 'INTERNAL', 'Something went wrong') : json(200, { items: list, daySlots })),
    'POST /api/appointments/closures': ({ body }) => {
      const given = body as CreateClosureParsed;
      if (list.some((item) => item.date === given.date)) return apiError(409, 'CONFLICT', closureMessages.exists, { date: closureMessages.exists });
      const created = closure({ date: given.date, reason: given.reason ?? null, openSlots: given.openSlots ?? null, visitsToMove: given.openSlots ? 2 : 0 });
      list = [...list, created].sort((a, b) => a.date.localeCompare(b.date));
      return json(201, created);
    },
    'DELETE /api/appointments/closures/2026-11-26': () => {
      list = list.filter((item) => item.date !== '2026-11-26');
      return new Response(null, { status: 204 });
    },
  });
  await renderAppAt(<App />, '/closures');
  await expectPageHeading('Closures');
  return api;
}

const form = () => within(screen.getByRole('form', { name: 'Add a closure' }));
const rows = () => within(screen.getByRole('table', { name: 'Upcoming closures' })).getAllByRole('row').slice(1);
const rowTexts = () => rows().map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)]);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('closures', () => {
  it('lists upcoming closures with their hours, reason and visits to move, and is in the navigation', async () => {
    await renderClosures([closure(), closure({ date: '2026-12-24', reason: null, openSlots: ['08:00-09:00', '09:00-10:00'], visitsToMove: 1 })]);
    await screen.findByRole('table', { name: 'Upcoming closures' });
    expect(rowTexts()).toEqual([
      ['Thursday, November 26', 'Closed all day', 'Thanksgiving', 'None', 'office@example.com', 'Remove'],
      ['Thursday, December 24', 'Reduced hoursOpen 8:00 AM - 9:00 AM, 9:00 AM - 10:00 AM', 'None given', '1 booked outside the open hours', 'office@example.com', 'Remove'],
    ]);
    expect(screen.getByRole('link', { name: 'Closures' }).getAttribute('aria-current')).toBe('page');
  });

  it('says when there are none', async () => {
    await renderClosures([]);
    expect(await screen.findByText('No upcoming closures: every day from Monday to Saturday is open.')).toBeTruthy();
  });

  it('offers Try Again when the list cannot load, and the form still shows', async () => {
    await renderClosures([], { failList: true });
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
    expect(form().getByRole('button', { name: 'Add Closure' })).toBeTruthy();
  });

  it('explains a missing date and reduced hours without windows beside the fields, then closes the day', async () => {
    const api = await renderClosures([]);
    fireEvent.click(form().getByRole('button', { name: 'Add Closure' }));
    await expectFieldError(form().getByLabelText(/^Date/), 'Date is required');
    await waitFor(() => expect(document.activeElement).toBe(form().getByLabelText(/^Date/)));

    type(form().getByLabelText(/^Date/), '2026-12-24');
    type(form().getByLabelText(/^Reason/), 'Christmas Eve');
    fireEvent.click(form().getByLabelText('Reduced hours: only some arrival windows stay open'));
    const windows = within(form().getByRole('group', { name: 'Arrival windows that stay open' }));
    expect(windows.getAllByRole('checkbox')).toHaveLength(9);
    fireEvent.click(form().getByRole('button', { name: 'Add Closure' }));
    expect(await form().findByText(closureMessages.windowsRequired)).toBeTruthy();
    expect(windows.getByLabelText('8:00 AM - 9:00 AM').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST /api/appointments/closures')).toEqual([]);

    fireEvent.click(windows.getByLabelText('8:00 AM - 9:00 AM'));
    fireEvent.click(windows.getByLabelText('9:00 AM - 10:00 AM'));
    fireEvent.click(form().getByRole('button', { name: 'Add Closure' }));
    await expectToast('Closure added', 'Thursday, December 24 keeps reduced hours. 2 visits are already booked outside the open hours: call to move them.');
    expect(api.sent('POST /api/appointments/closures').map((request) => request.body)).toEqual([
      { date: '2026-12-24', reason: 'Christmas Eve', openSlots: ['08:00-09:00', '09:00-10:00'] },
    ]);
    await waitFor(() => expect(rowTexts().map((row) => row[0])).toEqual(['Thursday, December 24']));
    expect((form().getByLabelText(/^Date/) as HTMLInputElement).value).toBe('');
  });

  it('puts the 409 for a day that already has a closure beside the date', async () => {
    await renderClosures();
    type(form().getByLabelText(/^Date/), '2026-11-26');
    fireEvent.click(form().getByRole('button', { name: 'Add Closure' }));
    await expectFieldError(form().getByLabelText(/^Date/), closureMessages.exists);
  });

  it('removes a closure, and the list no longer shows it', async () => {
    const api = await renderClosures();
    await screen.findByRole('table', { name: 'Upcoming closures' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the closure on Thursday, November 26' }));
    await expectToast('Closure removed', 'Thursday, November 26 is offered for booking again.');
    expect(api.sent('DELETE /api/appointments/closures/2026-11-26')).toHaveLength(1);
    expect(await screen.findByText('No upcoming closures: every day from Monday to Saturday is open.')).toBeTruthy();
  });
});
