import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnector, type ConnectorOptions, type FieldServiceConnector, type SystemUrls } from '../src/index.ts';
import { serviceTitanIdOf, serviceTitanSandboxCredentials, startServiceTitanSandbox, type RunningSandbox } from '../src/sandbox/index.ts';
import { loadServiceTitanDefinitions, recordingFetch, type Exchange } from './support/servicetitan-definitions.ts';

const definitions = loadServiceTitanDefinitions();

/** Every call of the connector, so every operation it uses is exercised. */
async function everyCall(connector: FieldServiceConnector) {
  let position: string | null = null;
  do {
    position = (await connector.listCustomers(position, 40)).next;
  } while (position !== null);
  await connector.accountName();
  await connector.findCustomersByPhone('9048021998');
  await connector.findCustomersByEmail('demo@example.com');
  await connector.getCustomer(serviceTitanIdOf(0));
  await connector.getCustomer('99');
  for (const index of [0, 1, 2, 5]) await connector.listVisits(serviceTitanIdOf(index));
}

/** Every request and answer of the exchanges, held to the definitions: the problems found. */
function problemsOf(exchanges: Exchange[]) {
  const problems: string[] = [];
  for (const exchange of exchanges) {
    if (exchange.url.pathname === '/connect/token') continue; // the identity server, not in the API definitions
    const operation = definitions.operationOf(exchange.method, exchange.url.pathname);
    if (!operation) {
      problems.push(`no operation for ${exchange.method} ${exchange.url.pathname}`);
      continue;
    }
    problems.push(...definitions.queryProblems(operation, Object.fromEntries(exchange.url.searchParams)));
    problems.push(...definitions.answerProblems(operation, exchange.status, exchange.body));
  }
  return [...new Set(problems)];
}

describe('the ServiceTitan sandbox and connector held to ServiceTitan’s OpenAPI definitions', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startServiceTitanSandbox({ customers: 130 });
  });
  afterAll(() => sandbox.close());

  it('answers every request of every connector call as the definitions say, to requests they define', async () => {
    const exchanges: Exchange[] = [];
    const urls: SystemUrls = { servicepro: { api: 'http://127.0.0.1:9' }, servicetitan: { api: sandbox.url, auth: sandbox.url }, jobber: { api: 'http://127.0.0.1:9', version: '2025-04-16' } };
    const options: ConnectorOptions = { fetch: recordingFetch(exchanges), backoffMs: 5, timeoutMs: 5_000 };
    await everyCall(createConnector('servicetitan', serviceTitanSandboxCredentials, urls, options));
    expect(problemsOf(exchanges)).toEqual([]);
  });
});
