import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffAccountMessages, type CreateStaffAccount, type StaffAccount } from '@repo/contracts';
import { apiError, fakeApi, json } from '@repo/ui/testing/api';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { adminUser, staffAccount } from './support/back-office-examples.ts';
import { renderAppAt, signIn, type } from './support/fixtures.ts';

const dana = staffAccount({ id: 8, name: 'Dana Dispatch', email: 'dispatch@example.com', role: 'staff', lastLogin: null });

async function renderStaff(accounts: StaffAccount[] = [staffAccount(), dana]) {
  const list = [...accounts];
  const api = fakeApi({
    ...signIn(adminUser),
    'GET /api/admin/staff': () => json(200, list),
    'POST /api/admin/staff': ({ body }) => {
      const given = body as CreateStaffAccount;
      if (list.some((account) => account.email === given.email)) return apiError(409, 'CONFLICT', staffAccountMessages.emailTaken);
      const created = staffAccount({ id: 20 + list.length, name: given.name, email: given.email, role: given.role, lastLogin: null });
      list.push(created);
      return json(201, created);
    },
    'PUT /api/admin/staff/8/password': () => new Response(null, { status: 204 }),
  });
  await renderAppAt(<App />, '/admin-staff');
  await expectPageHeading('Staff');
  await screen.findByRole('table', { name: 'Staff accounts' });
  return api;
}

const form = () => within(screen.getByRole('form', { name: 'Add staff' }));
const rows = () => within(screen.getByRole('table', { name: 'Staff accounts' })).getAllByRole('row').slice(1);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('staff accounts', () => {
  it('lists staff and administrator sign-ins, marking your own, and shows no password', async () => {
    await renderStaff();
    expect(rows().map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)])).toEqual([
      ['Office OwnerYou', 'owner@example.com', 'Administrator', 'Jan 05, 2026', 'Mar 10, 2026, 9:00 AM EDT', 'Set new password'],
      ['Dana Dispatch', 'dispatch@example.com', 'Staff (dispatcher)', 'Jan 05, 2026', 'Never', 'Set new password'],
    ]);
    expect(Array.from(document.querySelectorAll('input')).every((input) => input.value === '' || input.name === 'role')).toBe(true);
  });

  it('explains each refused field beside it, then adds the account and lists it', async () => {
    const api = await renderStaff();
    fireEvent.click(form().getByRole('button', { name: 'Add Staff' }));
    await expectFieldError(form().getByLabelText('Name'), 'Name is required');
    await expectFieldError(form().getByLabelText('Email'), 'Valid email is required');
    await expectFieldError(form().getByLabelText('Password'), 'Password must be at least 12 characters');
    await waitFor(() => expect(document.activeElement).toBe(form().getByLabelText('Name')));

    type(form().getByLabelText('Name'), 'Sam Rivers');
    type(form().getByLabelText('Email'), 'sam@example.com');
    type(form().getByLabelText('Role'), 'admin');
    type(form().getByLabelText('Password'), 'short-one');
    fireEvent.click(form().getByRole('button', { name: 'Add Staff' }));
    await expectFieldError(form().getByLabelText('Password'), 'Password must be at least 12 characters');
    expect(api.sent('POST /api/admin/staff')).toEqual([]);

    type(form().getByLabelText('Password'), 'harbor-lantern-42');
    fireEvent.click(form().getByRole('button', { name: 'Add Staff' }));
    await expectToast('Staff Account Created', 'Sam Rivers can now sign in to the back office with sam@example.com.');
    expect(api.sent('POST /api/admin/staff').map((request) => request.body)).toEqual([
      { name: 'Sam Rivers', email: 'sam@example.com', role: 'admin', password: 'harbor-lantern-42' },
    ]);
    await waitFor(() => expect(rows().map((row) => within(row).getByRole('rowheader').textContent)).toContain('Sam Rivers'));
    expect((form().getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('puts the 409 for an email that has a sign-in beside the email field', async () => {
    await renderStaff();
    type(form().getByLabelText('Name'), 'Dana Again');
    type(form().getByLabelText('Email'), 'dispatch@example.com');
    type(form().getByLabelText('Password'), 'harbor-lantern-42');
    fireEvent.click(form().getByRole('button', { name: 'Add Staff' }));
    await expectFieldError(form().getByLabelText('Email'), staffAccountMessages.emailTaken);
    await expectToast('Add Staff Failed', staffAccountMessages.emailTaken);
  });

  it('sets a new password after saying that their sessions end', async () => {
    const api = await renderStaff();
    fireEvent.click(screen.getByRole('button', { name: 'Set new password for Dana Dispatch' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New password for Dana Dispatch' }));
    expect(dialog.getByText(/A new password ends every session of Dana Dispatch \(dispatch@example\.com\): they are signed out on every device/)).toBeTruthy();
    const password = dialog.getByLabelText('New password');
    type(password, 'too-short');
    fireEvent.click(dialog.getByRole('button', { name: 'Set Password and End Sessions' }));
    await expectFieldError(password, 'Password must be at least 12 characters');

    type(password, 'harbor-lantern-42');
    fireEvent.click(dialog.getByRole('button', { name: 'Set Password and End Sessions' }));
    await expectToast('Password Updated', "Dana Dispatch's sessions have ended; they sign in with the new password.");
    expect(api.sent('PUT /api/admin/staff/8/password').map((request) => request.body)).toEqual([{ password: 'harbor-lantern-42' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('warns an administrator setting their own password that they will be signed out too', async () => {
    await renderStaff();
    fireEvent.click(screen.getByRole('button', { name: 'Set new password for Office Owner' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New password for Office Owner' }));
    expect(dialog.getByText(/This is your own account, so you will be signed out too\./)).toBeTruthy();
  });
});
