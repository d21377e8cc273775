import http from 'node:http';
import { inject } from 'vitest';
import { apiDocsPath, confirmEmailPath, serviceNames, type AppName, type ServiceName } from '@repo/contracts';
import { newCustomer } from '../browser/portal-support.ts';
import { forgetEmailProof } from '../support/prove-contact.ts';
import { confirmationToken } from '../support/registration.ts';

/**
 * What the system-wide suites share: raw HTTP through the gateway (exact bytes of path, headers and body, which fetch
 * would normalise), a client address per batch of calls, the actors' sessions, and the services' documents read
 * through the gateway.
 */
export const urls = inject('urls');
const admin = inject('admin');

/**
 * The gateways the suites go through: nginx, production's, and the Node gateway of `pnpm start`, both in front of the
 * same stack (the same one is not tried twice when the stack runs only the Node gateway). Calls carry the apps' own
 * origins (`urls`) through either.
 */
const gatewayUrls = { nginx: urls, node: inject('nodeGatewayUrls') };
export type GatewayName = keyof typeof gatewayUrls;
export const gatewayNames: GatewayName[] = gatewayUrls.node.web === urls.web ? ['node'] : ['nginx', 'node'];
let through: GatewayName = gatewayNames[0]!;
/** The calls that follow go through this gateway: a suite per gateway sets it in its `beforeAll`. */
export const useGateway = (gateway: GatewayName) => {
  through = gateway;
};
/** The address of `app` on the gateway the calls go through now (for a WebSocket, say). */
export const gatewayUrl = (app: AppName) => gatewayUrls[through][app];

export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };
export type RawRequest = { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer };

const agents = new Map<string, http.Agent>();
let calls = 0;
/**
 * A loopback source address that changes every 50 calls (127.0.2.x, 127.0.3.x, …): the gateway passes the caller's
 * address to the services, whose throttles count per client, so a long run is many clients, each well under its limit,
 * and never uses up the address the other suites sign in from.
 */
function clientAddress(): string {
  const client = Math.floor(calls++ / 50);
  return `127.${2 + (Math.floor(client / 250) % 250)}.${Math.floor(client / 250 / 250) % 250}.${1 + (client % 250)}`;
}

/** One request through the gateway of `app`, exactly as given; resolves with whatever comes back (never rejects on status). */
export function send(app: AppName, request: RawRequest, options: { timeoutMs?: number; from?: string } = {}): Promise<Answer> {
  const target = new URL(gatewayUrl(app));
  const localAddress = options.from ?? clientAddress();
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, localAddress });
    agents.set(localAddress, agent);
  }
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.path,
        agent,
        // A chunked request carries no length (sending both is malformed HTTP, refused before any limit applies).
        headers: { origin: urls[app], ...(body && !request.headers?.['transfer-encoding'] ? { 'content-length': String(body.length) } : {}), ...request.headers },
        timeout: options.timeoutMs ?? 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${request.method} ${request.path}: no answer within ${options.timeoutMs ?? 30_000} ms`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export const closeAgents = () => {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
};

async function json<T>(answer: Promise<Answer>, what: string): Promise<T> {
  const { status, text } = await answer;
  if (status < 200 || status > 299) throw new Error(`${what} answered ${status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const post = (app: AppName, path: string, body: unknown) =>
  send(app, { method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The administrator's bearer token (back office sign-in). */
export async function adminToken(): Promise<string> {
  return (await json<{ token: string }>(post('backoffice', '/api/admin/login', admin), 'admin sign-in')).token;
}

/**
 * A new customer's session token: registration on the portal, then the emailed link's token (from the mail catcher),
 * whose confirmation with the password signs in. `unprovenEmail`: the account is then made one from before
 * registration asked for proof (its email a claim only), signed in afresh.
 */
export async function customerToken(name: string, { unprovenEmail = false } = {}): Promise<string> {
  const customer = newCustomer(name);
  await json(post('portal', '/api/auth/register', { ...customer, confirmPassword: customer.password }), 'registration');
  const confirmed = await json<{ token: string }>(post('portal', confirmEmailPath, { token: await confirmationToken(customer.email), password: customer.password }), 'email confirmation');
  if (!unprovenEmail) return confirmed.token;
  await forgetEmailProof(customer.email);
  return (await json<{ token: string }>(post('portal', '/api/auth/login', { email: customer.email, password: customer.password }), 'sign-in')).token;
}

export type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: Schema };
export type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; enum?: unknown[]; format?: string; anyOf?: Schema[]; oneOf?: Schema[] };
export type Operation = {
  service: ServiceName;
  method: string;
  /** The path template, as documented: `/api/appointments/{id}/status`. */
  path: string;
  operationId?: string;
  parameters: Parameter[];
  body?: Schema;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
};

/** Every operation of the services' documents, read through the back office's gateway with a staff session. */
export async function documentedOperations(token: string): Promise<Operation[]> {
  const operations: Operation[] = [];
  for (const service of serviceNames) {
    const document = await json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
      send('backoffice', { method: 'GET', path: apiDocsPath(service), headers: { authorization: `Bearer ${token}` } }),
      `${service}'s document`,
    );
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const content = (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
        operations.push({
          service,
          method: method.toUpperCase(),
          path,
          operationId: operation.operationId as string | undefined,
          parameters: (operation.parameters as Parameter[] | undefined) ?? [],
          body: content ? (content['application/json']?.schema ?? {}) : undefined,
          security: operation.security as Record<string, string[]>[] | undefined,
          responses: (operation.responses as Record<string, unknown> | undefined) ?? {},
        });
      }
    }
  }
  return operations;
}
