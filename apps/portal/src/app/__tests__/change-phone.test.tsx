import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountPhoneMessages, accountPhonePath, phoneCodeConfirmPath, phoneCodeMessages, phoneCodePath, phoneMessages } from '@repo/contracts';
import { expectFieldError } from '@repo/ui/testing/queries';
import { apiError, fakeApi, json } from '@repo/ui/testing/api';
import { customer } from './support/fixtures.ts';
import { renderAccountInfo } from './support/render-app.tsx';

/** The portal signed in as the fixture customer, with a proven phone until the number changes. */
function signedIn() {
  const state = { phone: customer.phone, proven: true };
  const api = fakeApi({
    'GET /api/auth/session': () => json(200, { customer: { ...customer, phone: state.phone, phoneVerified: state.proven } }),
    'GET /api/customer/service-requests': () => json(200, []),
    'GET /api/customer/appointments': () => json(200, []),
    'GET /api/auth/service-history': () => json(200, { customer: null }),
  });
  return { api, state };
}

describe('changing the phone number', () => {
  it('checks the number before sending it, shows the refusal under the field, and once saved shows the new number to prove', async () => {
    const { api, state } = signedIn();
    api.answer(`PUT ${accountPhonePath}`, (request) => {
      const { phone } = request.body as { phone: string };
      if (phone === '(904) 555-0000') return apiError(400, 'VALIDATION_ERROR', 'Phone number is required', { phone: 'Phone number is required' });
      state.phone = phone;
      state.proven = false;
      return json(200, { message: accountPhoneMessages.changed, customer: { ...customer, phone, phoneVerified: false } });
    });
    const account = await renderAccountInfo();
    expect(within(account).getByText('Your phone number is proven by text.').textContent).toBe('Your phone number is proven by text.');

    const toggle = within(account).getByRole('button', { name: 'Change phone number' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const field = within(account).getByRole('textbox', { name: 'New phone number' });
    expect((field as HTMLInputElement).value).toBe(customer.phone);
    await waitFor(() => expect(document.activeElement).toBe(field));

    // Checked in the page: nothing is sent for a number that is not one.
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(within(account).getByRole('button', { name: 'Save phone number' }));
    await expectFieldError(field, phoneMessages.invalid);
    expect(api.sent(`PUT ${accountPhonePath}`)).toEqual([]);

    // The server's refusal, under the field too.
    fireEvent.change(field, { target: { value: '(904) 555-0000' } });
    fireEvent.click(within(account).getByRole('button', { name: 'Save phone number' }));
    await expectFieldError(field, 'Phone number is required');

    fireEvent.change(field, { target: { value: '(904) 555-0177' } });
    fireEvent.click(within(account).getByRole('button', { name: 'Save phone number' }));
    expect((await within(account).findByRole('status')).textContent).toBe(accountPhoneMessages.changed);
    await waitFor(() => expect(document.activeElement).toBe(toggle));
    expect(within(account).queryByRole('form', { name: 'Change phone number' })).toBeNull();
    // The account is read again: the new number, not proven, with the button that texts it a code.
    await within(account).findByRole('button', { name: 'Prove my phone by text' });
    expect(within(account).getByText('(904) 555-0177').textContent).toBe('(904) 555-0177');
    expect(api.sent(`PUT ${accountPhonePath}`).map((request) => request.body)).toEqual([{ phone: '(904) 555-0000' }, { phone: '(904) 555-0177' }]);

    // Proven by its code: the note asking for proof goes.
    api.answer(`POST ${phoneCodePath}`, () => json(202, { message: phoneCodeMessages.sent.replace('{phone}', '0177') }));
    api.answer(`POST ${phoneCodeConfirmPath}`, () => {
      state.proven = true;
      return json(200, { message: phoneCodeMessages.proven });
    });
    fireEvent.click(within(account).getByRole('button', { name: 'Prove my phone by text' }));
    fireEvent.change(await within(account).findByRole('textbox', { name: 'Code from the text' }), { target: { value: '123456' } });
    fireEvent.click(within(account).getByRole('button', { name: 'Confirm code' }));
    await within(account).findByText('Your phone number is proven by text.');
    expect(within(account).queryByText(accountPhoneMessages.changed)).toBeNull();
  });

  it('closes without saving on Cancel, focus back on the toggle', async () => {
    const { api } = signedIn();
    const account = await renderAccountInfo();
    const toggle = within(account).getByRole('button', { name: 'Change phone number' });
    fireEvent.click(toggle);
    fireEvent.change(within(account).getByRole('textbox', { name: 'New phone number' }), { target: { value: '(904) 555-0188' } });
    fireEvent.click(within(account).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(toggle));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(account).queryByRole('textbox', { name: 'New phone number' })).toBeNull();
    expect(api.sent(`PUT ${accountPhonePath}`)).toEqual([]);
  });
});
