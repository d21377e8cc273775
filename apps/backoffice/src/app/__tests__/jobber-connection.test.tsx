import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jobberConnectionMessages, type JobberConnection } from '@repo/contracts';
import { apiError, fakeApi, json, type Answer } from '@repo/ui/testing/api';
import { expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { adminUser, sandboxSource } from './support/back-office-examples.ts';
import { minutesFromNow, renderAppAt, signIn } from './support/fixtures.ts';

const notConnected: JobberConnection = {
  connected: false,
  source: null,
  accountName: null,
  connectedBy: null,
  connectedAt: null,
  accessTokenIssuedAt: null,
  lastRenewedAt: null,
  canRenew: false,
  lastError: null,
  lastErrorAt: null,
  appConfigured: true,
  sandbox: true,
};
const connected: JobberConnection = {
  ...notConnected,
  connected: true,
  source: 'back-office',
  accountName: 'St Augustine Appliance Repair (sandbox)',
  connectedBy: 'owner@example.com',
  connectedAt: minutesFromNow(-120),
  accessTokenIssuedAt: minutesFromNow(-12),
  lastRenewedAt: minutesFromNow(-12),
  canRenew: true,
};

async function renderConnection(answer: Answer, path = '/admin-customer-management') {
  const api = fakeApi({
    ...signIn(adminUser),
    'GET /api/admin/import-source': () => json(200, sandboxSource),
    'GET /api/admin/import-jobs/latest': () => json(200, null),
    'GET /api/admin/jobber-connection': answer,
  });
  await renderAppAt(<App />, path);
  await expectPageHeading('Customer Management');
  return { api, card: within(await screen.findByRole('region', { name: 'Jobber connection' })) };
}

describe('customer management: the Jobber connection', () => {
  it('says it is loading, then that Jobber is not connected, with the 60-minute note, and Connect goes to Jobber’s consent page', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { api, card } = await renderConnection(async () => {
      await held;
      return json(200, notConnected);
    });
    expect(card.getByRole('status').textContent).toBe('Loading the Jobber connection...');
    release();
    expect(await card.findByText('Not connected')).toBeTruthy();
    expect(card.getByText('Jobber is not connected: imports and lookups in Jobber cannot run.')).toBeTruthy();
    expect(card.getByText(jobberConnectionMessages.accessTokenLifetime)).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Disconnect' })).toBeNull();

    // The consent page is elsewhere; here a same-page address stands in for it, so the test sees the browser go there.
    api.answer('POST /api/admin/jobber-connection/authorize', () => json(200, { authorizeUrl: `${window.location.origin}/admin-customer-management#jobber-consent` }));
    fireEvent.click(card.getByRole('button', { name: 'Connect Jobber' }));
    await waitFor(() => expect(window.location.hash).toBe('#jobber-consent'));
    expect(api.requests.filter((request) => request.path === '/api/admin/jobber-connection/authorize').map((request) => request.method)).toEqual(['POST']);
  });

  it('shows the account, the token’s age, the last renewal and the last error, and disconnects after a confirmation', async () => {
    const { api, card } = await renderConnection(() => json(200, { ...connected, lastError: 'Jobber did not answer in time.', lastErrorAt: minutesFromNow(-30) }));
    expect(await card.findByText('St Augustine Appliance Repair (sandbox)')).toBeTruthy();
    const facts = Object.fromEntries(card.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts['Access token age']).toBe('12 min ago');
    expect(facts['Last renewal']).toMatch(/\(12 min ago\)$/);
    expect(facts.Renewal).toBe('Automatic, with the stored refresh token');
    expect(facts.Connected).toMatch(/by owner@example\.com$/);
    expect(card.getByText(/Jobber did not answer in time\./)).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Disconnect' }));
    const question = card.getByRole('group', { name: /Disconnect Jobber\?/ });
    api.answer('DELETE /api/admin/jobber-connection', () => new Response(null, { status: 204 }));
    api.answer('GET /api/admin/jobber-connection', () => json(200, notConnected));
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, Disconnect' }));
    await expectToast('Jobber Disconnected');
    expect(await card.findByText('Not connected')).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual(['/api/admin/jobber-connection']);
  });

  it('tells what the callback said (?jobber=failed), and why Connect cannot start without the app’s settings', async () => {
    const { card } = await renderConnection(() => json(200, { ...notConnected, appConfigured: false, lastError: 'Jobber did not connect: The user denied access.' }), '/admin-customer-management?jobber=failed');
    expect(within(card.getByRole('alert')).getByText('The reason is under Last error below.')).toBeTruthy();
    expect(await card.findByText('Jobber did not connect: The user denied access.')).toBeTruthy();
    expect(card.getByText(jobberConnectionMessages.appNotConfigured)).toBeTruthy();
    expect((card.getByRole('button', { name: 'Connect Jobber' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the connection cannot be read, and tries again', async () => {
    let asked = 0;
    const { card } = await renderConnection(() => (asked++ === 0 ? apiError(503, 'UNAVAILABLE', 'The accounts service is starting.') : json(200, connected)));
    const alert = await card.findByRole('alert');
    expect(alert.textContent).toContain('The Jobber connection could not be read. The accounts service is starting.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await card.findByText('St Augustine Appliance Repair (sandbox)')).toBeTruthy();
  });
});
