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

/** The operations the connector uses, each of which the calls above exercise. */
const operationsUsed = [
  'AppointmentAssignments_GetList',
  'Appointments_GetList',
  'Customers_Get',
  'Customers_GetContactsList',
  'Customers_GetList',
  'Customers_GetModifiedContactsList',
  'Invoices_GetList',
  'JobTypes_GetList',
  'Jobs_GetList',
  'Jobs_GetNotes',
  'Locations_GetList',
];

describe('the ServiceTitan sandbox and connector held to ServiceTitan’s OpenAPI definitions', () => {
  it('refuses an answer the definitions do not allow (the check is not vacuous)', () => {
    const list = definitions.operationOf('GET', '/accounting/v2/tenant/1/invoices')!;
    expect(list.operationId).toBe('Invoices_GetList');
    expect(definitions.answerProblems(list, 200, { page: 1, pageSize: 50, hasMore: false, data: [{ id: 1 }] })).toEqual([]);
    expect(definitions.answerProblems(list, 200, { page: 1, pageSize: 50, hasMore: false, data: [{ total: '1.00' }] })).toHaveLength(1);
    expect(definitions.answerProblems(list, 200, { page: 1, pageSize: 50, hasMore: false, data: [{ id: 1, location: {} }] })).toHaveLength(1);
    expect(definitions.queryProblems(list, { customerIds: '1,2' })).toEqual(['Invoices_GetList has no query parameter customerIds']);
    expect(definitions.queryProblems(list, { pageSize: 'many' })).toEqual(['Invoices_GetList: pageSize=many is not an integer']);
  });

  for (const optionalFields of ['present', 'null', 'absent'] as const) {
    describe(`with optional fields ${optionalFields}`, () => {
      let sandbox: RunningSandbox;
      const exchanges: Exchange[] = [];
      let connector: FieldServiceConnector;
      beforeAll(async () => {
        sandbox = await startServiceTitanSandbox({ customers: 130, optionalFields });
        const urls: SystemUrls = { servicepro: { api: 'http://127.0.0.1:9' }, servicetitan: { api: sandbox.url, auth: sandbox.url }, jobber: { api: 'http://127.0.0.1:9', version: '2025-04-16' } };
        const options: ConnectorOptions = { fetch: recordingFetch(exchanges), backoffMs: 5, timeoutMs: 5_000 };
        connector = createConnector('servicetitan', serviceTitanSandboxCredentials, urls, options);
      });
      afterAll(() => sandbox.close());

      it('every request of every connector call is an operation of the definitions, and every answer matches its schema', async () => {
        await everyCall(connector);
        expect(problemsOf(exchanges)).toEqual([]);
        const used = new Set(exchanges.map((exchange) => definitions.operationOf(exchange.method, exchange.url.pathname)?.operationId).filter(Boolean));
        expect([...used].sort()).toEqual(operationsUsed);
        if (optionalFields !== 'present') {
          // Every field the definitions leave optional (all of them nullable) is null or absent in every answer.
          const filled = exchanges.flatMap((exchange) => {
            const operation = definitions.operationOf(exchange.method, exchange.url.pathname);
            return operation && exchange.status === 200 ? definitions.optionalFilled(operation, 200, exchange.body, optionalFields) : [];
          });
          expect([...new Set(filled.map((place) => place.replace(/\[\d+\]/g, '[]')))]).toEqual([]);
        }
      });

      it('the connector takes every answer: each customer imported with a name and a phone', async () => {
        const customers = [];
        let position: string | null = null;
        do {
          const page = await connector.listCustomers(position, 50);
          customers.push(...page.customers);
          position = page.next;
        } while (position !== null);
        expect(customers).toHaveLength(130);
        expect(customers.every((customer) => customer.firstName !== '' && /\d{3}.*\d{4}/.test(customer.phone))).toBe(true);
        const dana = customers[0]!;
        if (optionalFields === 'present') expect(dana).toMatchObject({ totalServices: 2, totalSpent: '438.50', lastServiceDate: '2024-10-15' });
        // Invoices of no customer (all but their id may be absent) count for nobody, and nothing fails.
        else expect(dana).toMatchObject({ totalServices: 0, totalSpent: '0.00', lastServiceDate: null });
        const visits = await connector.listVisits(dana.externalId);
        expect(visits.map((visit) => visit.status)).toEqual(['completed', 'completed', 'scheduled']);
        expect(visits.map((visit) => visit.total)).toEqual(optionalFields === 'present' ? ['289.00', '149.50', null] : [null, null, null]);
      });
    });
  }
});
