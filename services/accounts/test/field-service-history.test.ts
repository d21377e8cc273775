import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerHistoryPath,
  customerHistoryTopic,
  fieldServiceSettingsPath,
  fieldServiceSystemsPath,
  fieldServiceSystemsTopic,
  sessionCheckTopic,
  type CustomerHistoryAnswer,
} from '@repo/contracts';
import {
  serviceProIdOf,
  serviceProSandboxCredentials,
  serviceTitanSandboxCredentials,
  startServiceProSandbox,
  startServiceTitanSandbox,
  type RunningSandbox,
} from '@repo/field-service/sandbox';
import { signedDeliveryHeaders } from '@repo/service-kit';
import { testServiceKey } from '@repo/service-kit/test-service';
import { developmentCredentialsKey, parseCredentialsKey, secretBox } from '../src/domain/secret-box.ts';
import { saveFieldServiceSettings } from '../src/repositories/field-service-settings-repository.ts';
import { admin, bearer, serviceProEnv, signInBackOffice, startAccounts, type AccountsTestService } from './support/accounts.ts';

/**
 * Booking's customers bring their past visits in through accounts: `POST /internal/field-service/customer-history`
 * reads one customer's records and visits with the connection accounts keeps (the administrator's saved settings, else
 * the environment's), and `POST /internal/field-service/systems` says which systems are connected. Only booking may
 * ask, signed with its service key. Each sandbox here is a real ServicePro or ServiceTitan stand-in whose log shows
 * which connection was used.
 */

type Sender = { from?: string; key?: string; topic?: string };

/** A question as booking sends it: signed for the route's topic with booking's key unless told otherwise. */
function ask(service: AccountsTestService, path: string, payload: object, sender: Sender | 'unsigned' = {}) {
  const body = JSON.stringify(payload);
  const topic = path === customerHistoryPath ? customerHistoryTopic : fieldServiceSystemsTopic;
  const headers =
    sender === 'unsigned'
      ? { 'content-type': 'application/json' }
      : signedDeliveryHeaders(sender.from ?? 'booking', sender.key ?? testServiceKey, { messageId: randomUUID(), topic: sender.topic ?? topic, body });
  return service.app.inject({ method: 'POST', url: path, headers, payload: body });
}

const demoEmail = 'demo@example.com';

describe('the field-service history booking reads through accounts', () => {
  /** The ServicePro the environment points at; `saved` is the one the administrator saves later. */
  let environment: RunningSandbox;
  let saved: RunningSandbox;
  let titan: RunningSandbox;
  let service: AccountsTestService;
  let headers: Record<string, string>;

  beforeAll(async () => {
    [environment, saved, titan] = await Promise.all([startServiceProSandbox({ customers: 6 }), startServiceProSandbox({ customers: 6 }), startServiceTitanSandbox({ customers: 6 })]);
    // ServicePro configured in the environment; ServiceTitan only reachable (no credentials yet); Jobber not connected.
    service = await startAccounts(serviceProEnv(environment.url, { SERVICETITAN_API_URL: titan.url, SERVICETITAN_AUTH_URL: titan.url }));
    headers = bearer((await signInBackOffice(service, admin)).token);
  });
  afterAll(async () => {
    await service?.close();
    await Promise.all([environment?.close(), saved?.close(), titan?.close()]);
  });

  const history = async (system: string, email = demoEmail) => {
    const answer = await ask(service, customerHistoryPath, { system, email });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as CustomerHistoryAnswer;
  };
  const connected = async () => {
    const answer = await ask(service, fieldServiceSystemsPath, {});
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { connected: string[] }).connected;
  };

  it('answers only booking, signed with its key for the route, and asks no system otherwise (401)', async () => {
    environment.clearLog();
    for (const path of [customerHistoryPath, fieldServiceSystemsPath]) {
      const payload = { system: 'servicepro', email: demoEmail };
      const refusals = [
        ['unsigned', await ask(service, path, payload, 'unsigned')],
        ['another key', await ask(service, path, payload, { key: 'not-the-service-key-of-booking-at-all' })],
        ['another trusted service', await ask(service, path, payload, { from: 'tracking' })],
        ['another topic', await ask(service, path, payload, { topic: sessionCheckTopic })],
      ] as const;
      for (const [who, answer] of refusals) {
        expect({ path, who, status: answer.statusCode }).toEqual({ path, who, status: 401 });
        expect(answer.body).not.toContain(serviceProSandboxCredentials.password);
      }
    }
    expect(environment.requests).toEqual([]);
  });

  it('refuses a question it cannot read with 400', async () => {
    for (const payload of [{ system: 'salesforce', email: demoEmail }, { system: 'servicepro' }, { system: 'servicepro', email: '' }]) {
      expect((await ask(service, customerHistoryPath, payload)).statusCode).toBe(400);
    }
  });

  it('reads with the environment’s ServicePro connection while nothing is saved: the customer with every visit', async () => {
    expect(await connected()).toEqual(['servicepro']);
    environment.clearLog();
    const answer = await history('servicepro');
    expect(answer.outcome).toBe('found');
    if (answer.outcome !== 'found') return;
    expect(answer.customers).toHaveLength(1);
    const [{ customer, visits }] = answer.customers as [(typeof answer.customers)[number]];
    expect(customer).toMatchObject({ externalId: serviceProIdOf(0), firstName: 'Dana', lastName: 'Whitfield', email: demoEmail });
    expect(visits.map((visit) => visit.status).sort()).toEqual(['completed', 'completed', 'scheduled']);
    expect(environment.requests.length).toBeGreaterThan(0);
    expect(JSON.stringify(answer)).not.toContain(serviceProSandboxCredentials.password);
  });

  it('matches the email in any letter case, and answers no customers for an email no record has', async () => {
    const mixed = await history('servicepro', 'DEMO@Example.com');
    expect(mixed.outcome === 'found' && mixed.customers.map(({ customer }) => customer.externalId)).toEqual([serviceProIdOf(0)]);
    expect(await history('servicepro', 'nobody@example.com')).toEqual({ outcome: 'found', customers: [] });
  });

  it('answers not-connected for a system without a connection: ServiceTitan without credentials, Jobber without tokens', async () => {
    expect(await history('servicetitan')).toEqual({ outcome: 'not-connected' });
    expect(await history('jobber')).toEqual({ outcome: 'not-connected' });
    expect(titan.requests).toEqual([]);
  });

  it('uses the connection the administrator saved from the next question on, instead of the environment’s', async () => {
    const { company, username, password } = serviceProSandboxCredentials;
    const save = await service.app.inject({ method: 'PUT', url: fieldServiceSettingsPath('servicepro'), headers, payload: { apiUrl: saved.url, company, username, password } });
    expect(save.statusCode, save.body).toBe(200);
    environment.clearLog();
    saved.clearLog();
    const answer = await history('servicepro');
    expect(answer.outcome === 'found' && answer.customers.map(({ customer }) => customer.externalId)).toEqual([serviceProIdOf(0)]);
    expect(saved.requests.length).toBeGreaterThan(0);
    expect(environment.requests).toEqual([]);
  });

  it('connects ServiceTitan once its settings are saved', async () => {
    const { clientId, clientSecret, appKey, tenantId } = serviceTitanSandboxCredentials;
    const save = await service.app.inject({
      method: 'PUT',
      url: fieldServiceSettingsPath('servicetitan'),
      headers,
      payload: { apiUrl: titan.url, authUrl: titan.url, tenantId, clientId, clientSecret, appKey, requestsPerSecond: 60 },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(await connected()).toEqual(['servicepro', 'servicetitan']);
    const answer = await history('servicetitan');
    expect(answer.outcome === 'found' && answer.customers.map(({ customer }) => customer.email)).toEqual([demoEmail]);
    expect(answer.outcome === 'found' && answer.customers[0]!.visits).toHaveLength(3);
  });

  it('answers the connector’s failure as its kind, without a credential, when the system keeps failing or limiting', async () => {
    // A connector tries each call five times (four retries) before it gives up.
    saved.injectFault({ status: 503, times: 5, retryAfter: 0 });
    const failing = await history('servicepro');
    expect(failing).toMatchObject({ outcome: 'failed', kind: 'unavailable' });
    saved.injectFault({ status: 429, times: 5, retryAfter: 0 });
    expect(await history('servicepro')).toMatchObject({ outcome: 'failed', kind: 'rate-limited' });
    expect(JSON.stringify(failing)).not.toContain(serviceProSandboxCredentials.password);
    // Answering again afterwards.
    expect((await history('servicepro')).outcome).toBe('found');
  });
});

describe('the public-address guard on saved connections, with FIELD_SERVICE_TYPED_URLS=public', () => {
  let sandbox: RunningSandbox;
  let service: AccountsTestService;

  beforeAll(async () => {
    sandbox = await startServiceTitanSandbox({ customers: 3 });
    service = await startAccounts({ FIELD_SERVICE_SYSTEM: 'servicepro', FIELD_SERVICE_TYPED_URLS: 'public' });
  });
  afterAll(async () => {
    await service?.close();
    await sandbox?.close();
  });

  it('never calls an address inside the network for booking, even one saved when its name still looked public', async () => {
    // As a save leaves them, once the address passed the form's check (a name that later resolves inside the network).
    const { clientSecret, appKey, clientId, tenantId } = serviceTitanSandboxCredentials;
    const box = secretBox(parseCredentialsKey(developmentCredentialsKey)!);
    await saveFieldServiceSettings(service.db, 'servicetitan', {
      settings: { apiUrl: sandbox.url, authUrl: sandbox.url, tenantId, clientId, requestsPerSecond: 60 },
      secrets: box.seal(JSON.stringify({ clientSecret, appKey })),
      updatedBy: admin.email,
      at: new Date(),
    });
    const answer = await ask(service, customerHistoryPath, { system: 'servicetitan', email: demoEmail });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ outcome: 'failed', kind: 'unavailable' });
    expect(answer.body).not.toContain(clientSecret);
    expect(sandbox.requests).toEqual([]);
  });
});
