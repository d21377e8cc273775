import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@repo/ui/testing/api';
import { expectPageHeading } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';

const privacy = 'http://localhost:8080/privacy';
const smsTerms = 'http://localhost:8080/sms-terms';

async function renderAt(path: string, heading: string) {
  fakeApi();
  window.history.replaceState(null, '', path);
  render(<App />);
  await expectPageHeading(heading);
}

const legalLinks = (scope: HTMLElement) =>
  ['Privacy Policy', 'SMS Terms'].map((name) => within(scope).getByRole('link', { name }).getAttribute('href'));

describe("the public site's privacy policy and SMS terms", () => {
  it.each([
    ['/login', 'Customer Login'],
    ['/register', 'Create Account'],
    ['/no-such-page', 'Page Not Found'],
  ])('are linked from the footer of %s', async (path, heading) => {
    await renderAt(path, heading);
    expect(legalLinks(screen.getByRole('contentinfo'))).toEqual([privacy, smsTerms]);
  });

  it.each([
    ['/login', 'Customer Login'],
    ['/register', 'Create Account'],
  ])('are linked beside the form of %s, saying what they are about', async (path, heading) => {
    await renderAt(path, heading);
    const note = screen.getByText(/^How we use and keep your details:/);
    expect(note.textContent).toBe('How we use and keep your details: our Privacy Policy and SMS Terms.');
    expect(legalLinks(note)).toEqual([privacy, smsTerms]);
  });
});
