import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages, registrationCheckEmail, registrationMessages } from '@repo/contracts';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { apiError, fakeApi, heldAnswer, json, networkError } from '@repo/ui/testing/api';

const fieldLabels = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address (optional)',
  password: 'Password',
  confirmPassword: 'Confirm Password',
} as const;
type Field = keyof typeof fieldLabels;

/** Fields by their label; required fields carry Mantine's asterisk after the label text. */
const field = (name: Field) => screen.getByLabelText(new RegExp(`^${fieldLabels[name].replace(/[()]/g, '\\$&')}( \\*)?$`)) as HTMLInputElement;

async function renderRegister() {
  window.history.replaceState(null, '', '/register');
  render(<App />);
  await expectPageHeading('Create Account');
  return { submit: screen.getByRole('button', { name: 'Create Account' }) };
}

const valid = {
  firstName: 'Pat',
  lastName: 'Rivera',
  email: 'pat@example.com',
  phone: '(904) 555-0142',
  address: '',
  password: 'harbor-lights-42',
  confirmPassword: 'harbor-lights-42',
};

function fillForm(values: Partial<Record<Field, string>>) {
  for (const [name, value] of Object.entries(values)) fireEvent.change(field(name as Field), { target: { value } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('registration (/register)', () => {
  it('has the sign-up fields with autocomplete hints, the password placeholder and links to log in and home', async () => {
    await renderRegister();
    expect(field('firstName').getAttribute('autocomplete')).toBe('given-name');
    expect(field('lastName').getAttribute('autocomplete')).toBe('family-name');
    expect(field('email').getAttribute('autocomplete')).toBe('email');
    expect(field('phone').getAttribute('autocomplete')).toBe('tel');
    expect(field('address').getAttribute('autocomplete')).toBe('address-line1');
    expect(field('address').required).toBe(false);
    expect(field('password').getAttribute('autocomplete')).toBe('new-password');
    expect(field('password').getAttribute('placeholder')).toBe('Minimum 6 characters');
    expect(field('confirmPassword').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('http://localhost:8080');
  });

  it('shows the schema messages next to the fields, focuses the first, and sends nothing', async () => {
    const api = fakeApi({});
    const { submit } = await renderRegister();
    fireEvent.click(submit);
    await expectFieldError(field('firstName'), 'First name is required');
    await expectFieldError(field('lastName'), 'Last name is required');
    await expectFieldError(field('email'), 'Valid email is required');
    await expectFieldError(field('phone'), 'Phone number is required');
    await expectFieldError(field('password'), 'Password must be at least 6 characters');
    await expectFieldError(field('confirmPassword'), 'Password confirmation is required');
    expect(field('address').getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(field('firstName')));
    expect(api.requests).toHaveLength(0);
  });

  it("puts Passwords don't match on the confirmation and clears a message when its field changes", async () => {
    fakeApi({});
    const { submit } = await renderRegister();
    fillForm({ ...valid, confirmPassword: 'harbor-lights-43' });
    fireEvent.click(submit);
    await expectFieldError(field('confirmPassword'), "Passwords don't match");
    expect(field('password').getAttribute('aria-invalid')).toBe('false');
    fillForm({ confirmPassword: 'harbor-lights-42' });
    expect(field('confirmPassword').getAttribute('aria-invalid')).toBe('false');
  });

  it('is busy while registering, then says to check the email, and going back keeps what was typed', async () => {
    const registered = heldAnswer();
    const api = fakeApi({ 'POST /api/auth/register': registered.answer });
    const { submit } = await renderRegister();
    fillForm(valid);
    fireEvent.click(submit);

    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toHaveProperty('disabled', true);
    for (const name of Object.keys(fieldLabels) as Field[]) expect(field(name).disabled).toBe(true);
    expect(api.sent('POST /api/auth/register')[0]?.body).toEqual({ ...valid, address: undefined });

    registered.release(json(202, { message: registrationCheckEmail(valid.email) }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Check your email');
    expect(status.textContent).toContain(`Check your email: we sent a link to ${valid.email} to finish creating your account.`);
    expect(window.location.pathname).toBe('/register');
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Change my details' }));
    await waitFor(() => expect(field('email').value).toBe(valid.email));
    expect(field('firstName').value).toBe(valid.firstName);
    expect(field('password').value).toBe(valid.password);
  });

  it('sends the address when one is given', async () => {
    const api = fakeApi({ 'POST /api/auth/register': () => json(202, { message: registrationCheckEmail(valid.email) }) });
    const { submit } = await renderRegister();
    fillForm({ ...valid, address: '12 Aviles Street' });
    fireEvent.click(submit);
    await screen.findByRole('status');
    expect(api.sent('POST /api/auth/register')[0]?.body).toMatchObject({ address: '12 Aviles Street' });
  });

  it('puts too many registrations (429) beside the email and stays on the form', async () => {
    const message = registrationMessages.throttled.replace('{minutes}', '15');
    fakeApi({ 'POST /api/auth/register': () => apiError(429, 'RATE_LIMITED', message) });
    const { submit } = await renderRegister();
    fillForm(valid);
    fireEvent.click(submit);
    await expectFieldError(field('email'), message);
    await expectToast('Registration Failed', message);
    expect(screen.getByRole('button', { name: 'Create Account' })).toHaveProperty('disabled', false);
    expect(field('firstName').value).toBe(valid.firstName);
  });

  it('puts a too-common password on the password field, whether the server names the field or not', async () => {
    const api = fakeApi({ 'POST /api/auth/register': () => apiError(400, 'VALIDATION_ERROR', authMessages.commonPassword) });
    const { submit } = await renderRegister();
    fillForm({ ...valid, password: 'password1', confirmPassword: 'password1' });
    fireEvent.click(submit);
    await expectFieldError(field('password'), authMessages.commonPassword);

    api.answer('POST /api/auth/register', () =>
      apiError(400, 'VALIDATION_ERROR', 'Please check the form', { password: authMessages.commonPassword, phone: 'Phone number is too long' }),
    );
    fillForm({ password: 'qwerty123', confirmPassword: 'qwerty123' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectFieldError(field('phone'), 'Phone number is too long');
    await expectFieldError(field('password'), authMessages.commonPassword);
    await expectToast('Registration Failed', 'Please check the form');
  });

  it.each([
    ['the default message when the server gives none', () => new Response('', { status: 500 }), 'Registration failed. Please try again.'],
    ['the generic message when the server cannot be reached', networkError, 'An error occurred. Please try again.'],
  ])('shows %s', async (_case, answer, message) => {
    fakeApi({ 'POST /api/auth/register': answer });
    const { submit } = await renderRegister();
    fillForm(valid);
    fireEvent.click(submit);
    await expectToast('Registration Failed', message);
    expect(window.location.pathname).toBe('/register');
  });
});
