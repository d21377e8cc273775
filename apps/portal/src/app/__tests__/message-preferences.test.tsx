import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messagePreferencesByKeyPath, messagePreferencesPath, preferenceMessages, type TopicChoices } from '@repo/contracts';
import { expectPageHeading } from '@repo/ui/testing/queries';
import { apiError, fakeApi, json } from '@repo/ui/testing/api';
import { App } from '../index.tsx';

const key = 'k'.repeat(43);
const allOn: TopicChoices = { reminders: { email: true, sms: true }, 'visit-updates': { email: true, sms: true }, 'after-visit': { email: true, sms: true } };

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The page opened at `address`, its heading shown. */
async function open(address: string) {
  window.history.replaceState(null, '', address);
  render(<App />);
  await expectPageHeading('Message Preferences');
}

describe('message preferences from an email’s link, signed out', () => {
  it('asks before unsubscribing from the topic the link names, then shows it off in the form; the key goes in the body only', async () => {
    let held = allOn;
    const api = fakeApi({
      'GET /api/auth/session': () => json(200, null),
      [`POST ${messagePreferencesByKeyPath}`]: () => json(200, { email: 'c•••@example.com', choices: held }),
      [`PUT ${messagePreferencesByKeyPath}`]: (request) => {
        held = (request.body as { choices: TopicChoices }).choices;
        return json(200, { email: 'c•••@example.com', choices: held });
      },
    });
    await open(`/message-preferences?topic=reminders#key=${key}`);
    const question = await screen.findByRole('region', { name: 'Stop appointment reminders by email?' });
    // Nothing changes by opening the link: a mail scanner opens links too.
    expect(api.sent(`PUT ${messagePreferencesByKeyPath}`)).toEqual([]);
    expect(api.sent(`POST ${messagePreferencesByKeyPath}`).map((request) => request.body)).toEqual([{ key }]);

    fireEvent.click(within(question).getByRole('button', { name: 'Unsubscribe' }));
    const done = await screen.findByRole('region', { name: 'You are unsubscribed' });
    expect(within(done).getByRole('status').textContent).toBe('We will send no more appointment reminders by email to c•••@example.com. You can turn them back on below.');
    expect(api.sent(`PUT ${messagePreferencesByKeyPath}`).map((request) => request.body)).toEqual([{ key, choices: { ...allOn, reminders: { email: false, sms: true } } }]);

    const form = screen.getByRole('form', { name: 'Message preferences' });
    const reminders = within(form).getByRole('group', { name: 'Appointment reminders' });
    await waitFor(() => expect((within(reminders).getByRole('checkbox', { name: 'Email' }) as HTMLInputElement).checked).toBe(false));
    expect((within(reminders).getByRole('checkbox', { name: 'Text messages' }) as HTMLInputElement).checked).toBe(true);
    // After-visit emails are never texted: no box for texts.
    expect(within(within(form).getByRole('group', { name: 'After your visit' })).queryByRole('checkbox', { name: 'Text messages' })).toBeNull();

    fireEvent.click(within(within(form).getByRole('group', { name: 'Technician updates' })).getByRole('checkbox', { name: 'Text messages' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save choices' }));
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe(preferenceMessages.saved));
    expect(api.sent(`PUT ${messagePreferencesByKeyPath}`).at(-1)?.body).toEqual({ key, choices: { ...allOn, reminders: { email: false, sms: true }, 'visit-updates': { email: true, sms: false } } });
  });

  it('says a link that is not valid cannot show the choices, with the way to log in', async () => {
    fakeApi({
      'GET /api/auth/session': () => json(200, null),
      [`POST ${messagePreferencesByKeyPath}`]: () => apiError(404, 'NOT_FOUND', preferenceMessages.badKey),
    });
    await open(`/message-preferences#key=${key}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(preferenceMessages.badKey);
    expect(within(alert).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('keeps the boxes and says why when a save fails', async () => {
    fakeApi({
      'GET /api/auth/session': () => json(200, null),
      [`POST ${messagePreferencesByKeyPath}`]: () => json(200, { email: 'c•••@example.com', choices: allOn }),
      [`PUT ${messagePreferencesByKeyPath}`]: () => apiError(503, 'UNAVAILABLE', 'Notifications is restarting. Please try again in a minute.'),
    });
    await open(`/message-preferences#key=${key}`);
    const form = await screen.findByRole('form', { name: 'Message preferences' });
    const email = within(within(form).getByRole('group', { name: 'After your visit' })).getByRole('checkbox', { name: 'Email' }) as HTMLInputElement;
    fireEvent.click(email);
    fireEvent.click(within(form).getByRole('button', { name: 'Save choices' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Notifications is restarting. Please try again in a minute.');
    expect(email.checked).toBe(false);
  });
});

describe('message preferences signed in', () => {
  it('reads and saves the account’s choices with the session, and an unproven email is told to prove it first', async () => {
    const api = fakeApi({
      'GET /api/auth/session': () => json(200, null),
      [`GET ${messagePreferencesPath}`]: () => json(200, { email: 'pat@example.com', choices: allOn }),
      [`PUT ${messagePreferencesPath}`]: (request) => json(200, { email: 'pat@example.com', choices: (request.body as { choices: TopicChoices }).choices }),
    });
    await open('/message-preferences');
    const form = await screen.findByRole('form', { name: 'Message preferences' });
    expect(screen.getByRole('heading', { name: 'What we send to pat@example.com' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    fireEvent.click(within(within(form).getByRole('group', { name: 'Appointment reminders' })).getByRole('checkbox', { name: 'Email' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save choices' }));
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe(preferenceMessages.saved));
    expect(api.sent(`PUT ${messagePreferencesPath}`).map((request) => request.body)).toEqual([{ choices: { ...allOn, reminders: { email: false, sms: true } } }]);
  });

  it.each([
    [403, preferenceMessages.unproven],
    [401, 'Open the link at the foot of one of our emails, or log in to the portal.'],
  ] as const)('answered %i, says why with the way to log in', async (status, shown) => {
    fakeApi({
      'GET /api/auth/session': () => json(200, null),
      [`GET ${messagePreferencesPath}`]: () => apiError(status, status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', status === 401 ? 'Please sign in to continue.' : preferenceMessages.unproven),
    });
    await open('/message-preferences');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(shown);
    expect(within(alert).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });
});
