import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api-client.ts';
import { submitSignIn, type SignInOptions } from '../sign-in.ts';

const credentials = { email: 'pat@example.com', password: 'secret-pass' };

function options(overrides: Partial<SignInOptions>): SignInOptions {
  return {
    signIn: async () => 'the-token',
    failureTitle: 'Login Failed',
    rejectedMessage: 'Login failed. Please check your credentials.',
    unreachableMessage: 'An error occurred. Please try again.',
    onSignedIn: () => {},
    ...overrides,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('submitSignIn', () => {
  it('keeps no token (the cookie is the session) and hands over', async () => {
    const onSignedIn = vi.fn();
    await expect(submitSignIn(credentials, options({ onSignedIn }))).resolves.toBeUndefined();
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(window.localStorage.length).toBe(0);
  });

  it('treats an answer without a token as a refusal', async () => {
    const onSignedIn = vi.fn();
    await submitSignIn(credentials, options({ signIn: async () => null, onSignedIn }));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('answers the server field messages of a refusal, and none for an unreachable server', async () => {
    const refusal = new ApiRequestError(
      400,
      'Bad Request',
      JSON.stringify({ error: { code: 'VALIDATION_ERROR', message: 'Check the form', fields: { email: 'Unknown email', other: 'x' } } }),
    );
    await expect(submitSignIn(credentials, options({ signIn: () => Promise.reject(refusal) }))).resolves.toEqual({ email: 'Unknown email' });
    await expect(submitSignIn(credentials, options({ signIn: () => Promise.reject(new TypeError('Failed to fetch')) }))).resolves.toBeUndefined();
  });
});
