import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { appNames, serviceNames, wsLimits, wsMessages, wsPath, type AppName, type ServiceName } from '@repo/contracts';
import { startTracking, type LiveTracking } from '@repo/tracking/testing';
import { wsOriginRefused } from '@repo/tracking/ws';
import { startGateway, type Gateway } from '../src/gateway.ts';
import { contentSecurityPolicy } from '../src/policy.ts';
import { tempDir, writeDists, type TempDir } from './support/fixtures.ts';

/**
 * The Node gateway in front of the real tracking service: a WebSocket handshake reaches tracking before the client is
 * answered, tracking's refusals reach the client as they were given, and a client that leaves at any moment of the
 * handshake leaves no socket behind on tracking, where it would count against its address's cap for good.
 */

let work: TempDir;
let tracking: LiveTracking;
let gateway: Gateway;
const cap = wsLimits.connectionsPerClient;

beforeAll(async () => {
  work = await tempDir('websocket-upstream');
  tracking = await startTracking([{ WS_MAX_CONNECTIONS_PER_CLIENT: String(cap) }]);
  // Only tracking runs: every other service is the discard port, where nothing listens.
  const upstreams = Object.fromEntries(serviceNames.map((service) => [service, 'http://127.0.0.1:9'])) as Record<ServiceName, string>;
  upstreams.tracking = `http://${tracking.instances[0]!.address}`;
  const dists = await writeDists(work.dir);
  const apps = Object.fromEntries(appNames.map((app) => [app, { port: 0, root: dists[app] }])) as Record<AppName, { port: number; root: string }>;
  gateway = await startGateway({ host: '127.0.0.1', apps, upstreams });
});

const opened = new Set<WebSocket>();
afterEach(async () => {
  await Promise.all([...opened].map(close));
});

afterAll(async () => {
  await gateway?.close();
  await tracking?.close();
  await work?.remove();
});

let clients = 0;
/** A loopback address of its own per test: tracking counts sockets per address (the gateway forwards the peer's). */
const newClientAddress = () => `127.0.${10 + Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

const wsUrl = () => `${gateway.urls.portal.replace(/^http/, 'ws')}${wsPath}`;

type Refusal = { status: number; headers: IncomingMessage['headers']; body: string };

/**
 * Opens a socket from `from`: through the gateway, or straight to tracking as the gateway would (X-Forwarded-For, from
 * loopback, which tracking trusts). Rejects with the handshake's answer when it is not a 101.
 */
function open(from: string, headers: Record<string, string> = {}, { direct = false } = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = direct
      ? new WebSocket(`ws://${tracking.instances[0]!.address}${wsPath}`, { headers: { 'x-forwarded-for': from, ...headers } })
      : new WebSocket(wsUrl(), { localAddress: from, headers });
    socket.once('open', () => {
      opened.add(socket);
      resolve(socket);
    });
    socket.once('unexpected-response', (_request, response: IncomingMessage) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => {
        reject(Object.assign(new Error(`handshake answered ${response.statusCode}`), { refusal: { status: response.statusCode ?? 0, headers: response.headers, body } }));
        socket.terminate();
      });
    });
    socket.once('error', reject);
  });
}

const refusalOf = (attempt: Promise<WebSocket>): Promise<Refusal> =>
  attempt.then(
    () => {
      throw new Error('the handshake was accepted');
    },
    (err: { refusal?: Refusal }) => {
      if (!err.refusal) throw err;
      return err.refusal;
    },
  );

function close(socket: WebSocket): Promise<{ code: number }> {
  opened.delete(socket);
  return new Promise((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) return resolve({ code: 1006 });
    socket.once('close', (code) => resolve({ code }));
    socket.close();
  });
}

/**
 * What a caller sees of tracking's count of open sockets for `from`: tracking takes `cap` new ones from that address
 * (asked directly, as the gateway asks it), and refuses the next with 429. Retried until it holds, since a socket left
 * behind by a client that has gone closes moments after it.
 */
async function expectNoSocketLeft(from: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const sockets: WebSocket[] = [];
      try {
        for (let index = 0; index < cap; index += 1) sockets.push(await open(from, {}, { direct: true }));
      } finally {
        if (sockets.length < cap) await Promise.all(sockets.map(close));
      }
    },
    { timeout: 10_000, interval: 50 },
  );
  expect((await refusalOf(open(from, {}, { direct: true }))).status).toBe(429);
}

/**
 * A raw WebSocket handshake from `from`, as a browser sends it (without Origin: a program's). `sent` resolves once the
 * whole handshake is on the wire; `answer`, with the gateway's answer head (or whatever came before it closed).
 */
function rawHandshake(from: string): { socket: net.Socket; sent: Promise<void>; answer: Promise<string> } {
  const { hostname, port } = new URL(gateway.urls.portal);
  const socket = net.connect({ host: hostname, port: Number(port), localAddress: from });
  socket.on('error', () => undefined);
  let text = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) resolve(text);
    });
    socket.once('close', () => resolve(text));
  });
  const handshake =
    `GET ${wsPath} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`;
  const sent = new Promise<void>((resolve, reject) => socket.write(handshake, (err) => (err ? reject(err) : resolve())));
  return { socket, sent, answer };
}

describe('WebSocket handshakes through the Node gateway to tracking', () => {
  it('leaves no socket on tracking when clients drop right after sending the handshake', async () => {
    const from = newClientAddress();
    for (let index = 0; index < cap + 5; index += 1) {
      const { socket, sent } = rawHandshake(from);
      await sent;
      socket.destroy();
    }
    await expectNoSocketLeft(from);
  });

  it('leaves no socket on tracking when clients drop right after the 101', async () => {
    const from = newClientAddress();
    for (let index = 0; index < cap + 5; index += 1) {
      const { socket, answer } = rawHandshake(from);
      expect(await answer).toMatch(/^HTTP\/1\.1 101 /);
      socket.destroy();
    }
    await expectNoSocketLeft(from);
  });

  it('closes the socket on tracking when a client closes its own, and gives the client the close tracking sends', async () => {
    const from = newClientAddress();
    for (let index = 0; index < cap + 5; index += 1) await close(await open(from));
    await expectNoSocketLeft(from);
    // Tracking closes a socket that sends a message over the limit (1009); the client gets that close, not a reset.
    const socket = await open(newClientAddress());
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send('x'.repeat(wsLimits.maxMessageBytes + 1));
    expect(await closed).toBe(1009);
  });

  it("passes tracking's refusal of a foreign page on as 403, never as an upgrade", async () => {
    const refusal = await refusalOf(open(newClientAddress(), { origin: 'https://evil.example' }));
    expect(refusal.status).toBe(403);
    expect(JSON.parse(refusal.body)).toEqual({ error: { code: 'FORBIDDEN', message: wsOriginRefused } });
    expect(refusal.headers['content-security-policy']).toBe(contentSecurityPolicy('portal'));
    expect(refusal.headers.connection).toBe('close');
  });

  it(`passes tracking's refusal past ${cap} sockets from one address on as 429 with Retry-After`, async () => {
    const from = newClientAddress();
    for (let index = 0; index < cap; index += 1) await open(from);
    const refusal = await refusalOf(open(from));
    expect(refusal.status).toBe(429);
    expect(refusal.headers['retry-after']).toBe(String(wsLimits.retryAfterSeconds));
    expect(JSON.parse(refusal.body)).toEqual({ error: { code: 'RATE_LIMITED', message: wsMessages.tooManyConnections } });
    // Another address is not affected.
    await open(newClientAddress());
  });
});
