import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnector, type ConnectorOptions, type FieldServiceConnector, type SystemUrls } from '../src/index.ts';
import { jobberQueries } from '../src/jobber/protocol.ts';
import { jobberIdOf, jobberSandboxCredentials, startJobberSandbox, type RunningSandbox } from '../src/sandbox/index.ts';
import { answerProblems, loadJobberSchema, queryProblems } from './support/jobber-schema.ts';
import { recordingFetch, type Exchange } from './support/servicetitan-definitions.ts';

const schema = loadJobberSchema();

/** Every call of the connector, so every query it sends is exercised (the visits of clients with several jobs too). */
async function everyCall(connector: FieldServiceConnector) {
  let position: string | null = null;
  do {
    position = (await connector.listCustomers(position, 40)).next;
  } while (position !== null);
  await connector.accountName();
  await connector.findCustomersByPhone('9048021998');
  await connector.findCustomersByEmail('demo@example.com');
  await connector.getCustomer(jobberIdOf(0));
  await connector.getCustomer(jobberIdOf(9_999));
  for (const index of [0, 1, 2, 5]) await connector.listVisits(jobberIdOf(index));
}

type GraphQLRequest = { query: string; variables?: Record<string, unknown>; operationName?: string };

describe('the Jobber sandbox and connector held to Jobber’s GraphQL schema', () => {
  let sandbox: RunningSandbox;
  const exchanges: Exchange[] = [];
  const requests: GraphQLRequest[] = [];

  beforeAll(async () => {
    sandbox = await startJobberSandbox({ customers: 90, throttle: false });
    const recording = recordingFetch(exchanges);
    const options: ConnectorOptions = {
      maxRetries: 0,
      fetch: (input, init) => {
        requests.push(JSON.parse(String(init?.body)) as GraphQLRequest);
        return recording(input, init);
      },
    };
    const urls: SystemUrls = { servicepro: { api: 'http://127.0.0.1:9' }, servicetitan: { api: 'http://127.0.0.1:9', auth: 'http://127.0.0.1:9' }, jobber: { api: `${sandbox.url}/api/graphql`, version: '2025-04-16' } };
    await everyCall(createConnector('jobber', jobberSandboxCredentials, urls, options));
  });
  afterAll(() => sandbox.close());

  it('refuses queries and answers the schema does not allow (the checks are not vacuous)', () => {
    expect(queryProblems(schema, 'query { account { id nickname } }')).toEqual([expect.stringContaining('Cannot query field "nickname" on type "Account".')]);
    expect(queryProblems(schema, 'query Q($id: Int!) { client(id: $id) { id } }')).toHaveLength(1);
    const query = 'query { account { id name } }';
    expect(answerProblems(schema, query, {}, { account: { id: 'QQ==', name: 'Shop' } })).toEqual([]);
    expect(answerProblems(schema, query, {}, { account: { id: 'QQ==', name: null } })).toContain('account.name: Cannot return null for non-nullable field Account.name.');
    expect(answerProblems(schema, query, {}, { account: { id: 'QQ==' } })).toContain('account.name: Cannot return null for non-nullable field Account.name.');
    expect(answerProblems(schema, 'query { client(id: "QQ==") { id companyName } }', {}, { client: { id: 'QQ==' } })).toEqual(['.client.companyName: asked for but missing']);
    expect(answerProblems(schema, query, {}, { account: { id: 'QQ==', name: 'Shop', phone: '1' } })).toEqual(['.account.phone: not asked for']);
  });

  it('every query the connector knows is valid against the schema', () => {
    for (const [name, query] of Object.entries(jobberQueries)) expect({ name, problems: queryProblems(schema, query) }).toEqual({ name, problems: [] });
  });

  it('every query sent and every answer of the sandbox fits the schema and has the shape the query asks for', () => {
    const sent = new Set(requests.map((request) => request.operationName));
    expect([...sent].sort()).toEqual(['Account', 'Client', 'ClientVisits', 'Clients']);
    expect(exchanges).toHaveLength(requests.length);
    exchanges.forEach((exchange, index) => {
      const request = requests[index]!;
      expect(exchange.status).toBe(200);
      const answer = exchange.body as { data?: unknown; errors?: unknown };
      expect(answer.errors).toBeUndefined();
      // The same problem at every index is reported once.
      const problems = [...new Set([...queryProblems(schema, request.query), ...answerProblems(schema, request.query, request.variables ?? {}, answer.data)].map((problem) => problem.replace(/\.\d+\./g, '.#.')))];
      expect({ operation: request.operationName, problems }).toEqual({ operation: request.operationName, problems: [] });
    });
  });
});
