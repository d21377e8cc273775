import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneCodeConfirmPath, phoneCodeMessages, phoneCodePath } from '@repo/contracts';
import { expectFieldError, expectToast } from '@repo/ui/testing/queries';
import { apiError, fakeApi, json } from '@repo/ui/testing/api';
import { customer } from './support/fixtures.ts';
import { renderAccountInfo } from './support/render-app.tsx';

const sent = phoneCodeMessages.sent.replace('{phone}', '0142');

/** The portal signed in as the fixture customer, whose phone is not proven until `proven` is set. */
function signedIn() {
  const state = { proven: false };
  const api = fakeApi({
    'GET /api/auth/session': () => json(200, { customer: { ...customer, phoneVerified: state.proven } }),
    'GET /api/customer/service-requests': () => json(200, []),
    'GET /api/customer/appointments': () => json(200, []),
    'GET /api/auth/service-history': () => json(200, { customer: null }),
    [`POST ${phoneCodePath}`]: () => json(202, { message: sent }),
  });
  return { api, state };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('proving the phone by text', () => {
  it('sends a code, shows a wrong code under its field, and shows the phone proven once the right code is typed', async () => {
    const { api, state } = signedIn();
    let tries = 0;
    api.answer(`POST ${phoneCodeConfirmPath}`, () => {
      tries += 1;
      if (tries === 1) {
        const wrong = phoneCodeMessages.wrong.replace('{tries}', '4 tries');
        return apiError(400, 'VALIDATION_ERROR', wrong, { code: wrong });
      }
      state.proven = true;
      return json(200, { message: phoneCodeMessages.proven });
    });
    const account = await renderAccountInfo();

    fireEvent.click(within(account).getByRole('button', { name: 'Prove my phone by text' }));
    expect((await within(account).findByRole('status')).textContent).toContain(sent);
    const code = within(account).getByRole('textbox', { name: 'Code from the text' });
    await waitFor(() => expect(document.activeElement).toBe(code));

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(account).getByRole('button', { name: 'Confirm code' }));
    await expectFieldError(code, phoneCodeMessages.wrong.replace('{tries}', '4 tries'));

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(within(account).getByRole('button', { name: 'Confirm code' }));
    await expectToast('Phone Proven', phoneCodeMessages.proven);
    await waitFor(() => expect(within(account).queryByRole('form', { name: 'Prove your phone' })).toBeNull());
    expect(within(account).getByText('Your phone number is proven by text.').textContent).toBe('Your phone number is proven by text.');
    expect(within(account).queryByRole('button', { name: 'Prove my phone by text' })).toBeNull();
    expect(api.sent(`POST ${phoneCodeConfirmPath}`).map((request) => request.body)).toEqual([{ code: '123456' }, { code: '654321' }]);
  });

  it('checks the code before sending it, and says under the button why no code can be sent', async () => {
    const { api } = signedIn();
    api.answer(`POST ${phoneCodePath}`, () => apiError(409, 'CONFLICT', phoneCodeMessages.notTextable));
    const account = await renderAccountInfo();
    const button = within(account).getByRole('button', { name: 'Prove my phone by text' });
    fireEvent.click(button);
    expect((await within(account).findByRole('alert')).textContent).toBe(phoneCodeMessages.notTextable);
    expect(button.getAttribute('aria-describedby')).toBe('phone-proof-refusal');

    api.answer(`POST ${phoneCodePath}`, () => json(202, { message: sent }));
    fireEvent.click(button);
    const code = await within(account).findByRole('textbox', { name: 'Code from the text' });
    fireEvent.change(code, { target: { value: '12ab' } });
    fireEvent.click(within(account).getByRole('button', { name: 'Confirm code' }));
    await expectFieldError(code, phoneCodeMessages.invalid);
    expect(api.sent(`POST ${phoneCodeConfirmPath}`)).toEqual([]);
  });
});
