import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ConnectionReport, type ServiceProSettings, type ServiceTitanSettings } from '@repo/contracts';
import { apiError, fakeApi, json, type Answer } from '@repo/ui/testing/api';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { adminUser, sandboxSource } from './support/back-office-examples.ts';
import { renderAppAt, signIn, staffUser, type } from './support/fixtures.ts';

const titan: ServiceTitanSettings = {
  system: 'servicetitan',
  apiUrl: 'https://api.servicetitan.io',
  authUrl: 'https://auth.servicetitan.io',
  tenantId: '1234567',
  clientId: 'cid.sandbox',
  requestsPerSecond: 60,
  clientSecret: { set: true, last4: 'cret' },
  appKey: { set: false, last4: null },
  source: 'environment',
  updatedBy: null,
  updatedAt: null,
  inUse: true,
  sandbox: false,
};
const servicePro: ServiceProSettings = {
  system: 'servicepro',
  apiUrl: 'https://api.servicepro.example/v1',
  company: '',
  username: '',
  password: { set: false, last4: null },
  source: 'environment',
  updatedBy: null,
  updatedAt: null,
  inUse: false,
  sandbox: false,
};
const titanPath = '/api/admin/field-service-settings/servicetitan';

async function renderSettings(answers: Record<string, Answer> = {}) {
  const api = fakeApi({
    ...signIn(adminUser),
    'GET /api/admin/import-source': () => json(200, sandboxSource),
    [`GET ${titanPath}`]: () => json(200, titan),
    'GET /api/admin/field-service-settings/servicepro': () => json(200, servicePro),
    ...answers,
  });
  await renderAppAt(<App />, '/admin-customer-management?tab=connections');
  await expectPageHeading('Customer Management');
  const form = within(await screen.findByRole('form', { name: 'ServiceTitan connection' }));
  return { api, form };
}

describe('customer management: Connection Settings (administrators)', () => {
  it('starts from the values in force, each secret only as set and its last four', async () => {
    const { form } = await renderSettings();
    expect((form.getByLabelText('API base URL') as HTMLInputElement).value).toBe('https://api.servicetitan.io');
    expect((form.getByLabelText('Tenant id') as HTMLInputElement).value).toBe('1234567');
    expect((form.getByLabelText('Requests per second') as HTMLInputElement).value).toBe('60');
    const secret = form.getByLabelText('Client secret') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(form.getByText('Set (ends in cret). Leave empty to keep it.')).toBeTruthy();
    expect(form.getByText('Not set yet.')).toBeTruthy();
    expect(form.getByText('Nothing saved yet: these are the server’s configured values. Secrets are kept encrypted on the server and never shown.')).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'ServicePro connection' })).toBeTruthy();
  });

  it('shows the form’s own checks under the fields and sends nothing', async () => {
    const { api, form } = await renderSettings();
    type(form.getByLabelText('API base URL'), 'api.servicetitan.io');
    type(form.getByLabelText('Tenant id'), 'tenant-7');
    fireEvent.click(form.getByRole('button', { name: 'Save Settings' }));
    await expectFieldError(form.getByLabelText('API base URL'), 'API base URL must be an http(s) address such as https://api.servicetitan.io');
    await expectFieldError(form.getByLabelText('Tenant id'), 'Tenant id must be digits only, e.g. 1234567');
    expect(api.sent(`PUT ${titanPath}`)).toEqual([]);
  });

  it('saves with the secrets left empty (kept) and shows the server’s refusal under its field', async () => {
    let saves = 0;
    const { api, form } = await renderSettings({
      [`PUT ${titanPath}`]: () =>
        saves++ === 0
          ? apiError(400, 'VALIDATION_ERROR', 'App key is required: nothing is stored yet', { appKey: 'App key is required: nothing is stored yet' })
          : json(200, { ...titan, appKey: { set: true, last4: null }, source: 'stored', updatedBy: adminUser.email, updatedAt: '2026-12-01T15:00:00.000Z' }),
    });
    fireEvent.click(form.getByRole('button', { name: 'Save Settings' }));
    await expectFieldError(form.getByLabelText('App key'), 'App key is required: nothing is stored yet');
    expect(api.sent(`PUT ${titanPath}`).map((request) => request.body)).toEqual([
      { apiUrl: 'https://api.servicetitan.io', authUrl: 'https://auth.servicetitan.io', tenantId: '1234567', clientId: 'cid.sandbox', clientSecret: '', appKey: '', requestsPerSecond: 60 },
    ]);
    type(form.getByLabelText('App key'), 'ak1.sandbox');
    fireEvent.click(form.getByRole('button', { name: 'Save Settings' }));
    await expectToast('ServiceTitan Settings Saved', 'Imports and lookups use the new ServiceTitan settings from now on.');
    const saved = within(await screen.findByRole('form', { name: 'ServiceTitan connection' }));
    await waitFor(() => expect(saved.getAllByText('Set. Leave empty to keep it.')).toHaveLength(1));
    expect((saved.getByLabelText('App key') as HTMLInputElement).value).toBe('');
    expect(api.sent(`PUT ${titanPath}`)[1]?.body).toMatchObject({ appKey: 'ak1.sandbox', clientSecret: '' });
  });

  it('Test connection reports each step, and puts a failure’s words under the field to check', async () => {
    const refused: ConnectionReport = {
      ok: false,
      checks: [{ step: 'sign-in', ok: false, field: 'clientSecret', message: 'ServiceTitan refused to sign in with this client id and client secret (invalid_client): check both.' }],
    };
    const works: ConnectionReport = {
      ok: true,
      checks: [
        { step: 'sign-in', ok: true, message: 'Signed in to ServiceTitan at https://auth.servicetitan.io.' },
        { step: 'customers', ok: true, message: "Read a page of tenant 1234567's customers at https://api.servicetitan.io." },
      ],
    };
    let tests = 0;
    const { api, form } = await renderSettings({ [`POST ${titanPath}/test`]: () => json(200, tests++ === 0 ? refused : works) });
    type(form.getByLabelText('Client secret'), 'cs1.typo');
    fireEvent.click(form.getByRole('button', { name: 'Test Connection' }));
    const failed = await form.findByRole('alert', { name: 'ServiceTitan connection test' });
    expect(failed.textContent).toBe('The connection does not work yet.Fails: ServiceTitan refused to sign in with this client id and client secret (invalid_client): check both.');
    await expectFieldError(form.getByLabelText('Client secret'), 'ServiceTitan refused to sign in with this client id and client secret (invalid_client): check both.');
    expect(api.sent(`POST ${titanPath}/test`)[0]?.body).toMatchObject({ clientSecret: 'cs1.typo', tenantId: '1234567' });

    type(form.getByLabelText('Client secret'), '');
    fireEvent.click(form.getByRole('button', { name: 'Test Connection' }));
    const passed = await form.findByRole('status', { name: 'ServiceTitan connection test' });
    expect(passed.textContent).toBe(
      "The connection works.Works: Signed in to ServiceTitan at https://auth.servicetitan.io.Works: Read a page of tenant 1234567's customers at https://api.servicetitan.io.",
    );
    // Testing saves nothing.
    expect(api.sent(`PUT ${titanPath}`)).toEqual([]);
  });
});

describe('customer management: Connection Settings are not for staff', () => {
  it('offers staff no such tab, and the address alone does not open it or ask for the settings', async () => {
    const api = fakeApi({ ...signIn(staffUser), 'GET /api/admin/import-source': () => json(200, sandboxSource) });
    await renderAppAt(<App />, '/admin-customer-management?tab=connections');
    await expectPageHeading('Customer Management');
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual(['Import Customers', 'Phone Lookup', 'ServicePro Customers', 'Portal Customers']);
    expect(await screen.findByText('An administrator runs imports')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'ServiceTitan connection' })).toBeNull();
    expect(api.requests.filter((request) => request.path.startsWith('/api/admin/field-service-settings'))).toEqual([]);
  });
});
