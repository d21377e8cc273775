import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { wsLimits, wsMessages, wsPath } from '@repo/contracts';
import { gatewayNames, gatewayUrl, urls, useGateway } from './support.ts';

/**
 * The live socket's refusals through each gateway (nginx and the Node gateway), as a client sees them: a page of another
 * site is refused with 403 and a client address past its cap with 429 and Retry-After, each before any upgrade (never a
 * 101 followed by a close, which clients retry at once); and clients that leave mid-handshake leave no socket counted
 * against their address.
 */

const cap = wsLimits.connectionsPerClient;
/** The live socket's address on the gateway the suite goes through. */
const wsUrl = () => `${gatewayUrl('portal').replace(/^http/, 'ws')}${wsPath}`;

let clients = 0;
/** A loopback address of its own per test (tracking counts sockets per address), apart from the other suites'. */
const newClientAddress = () => `127.250.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

type Refusal = { status: number; headers: IncomingMessage['headers']; body: string };

const opened = new Set<WebSocket>();
afterEach(async () => {
  await Promise.all([...opened].map(close));
});

/** Opens a socket from `from` through nginx; rejects with the handshake's answer when it is not a 101. */
function open(from: string, headers: Record<string, string> = { origin: urls.portal }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(), { localAddress: from, headers });
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

function close(socket: WebSocket): Promise<void> {
  opened.delete(socket);
  return new Promise((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) return resolve();
    socket.once('close', () => resolve());
    socket.close();
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

/** A round trip on an open socket: tracking answers a malformed message with an error, so it holds the other end. */
const served = (socket: WebSocket) =>
  new Promise<string>((resolve) => {
    socket.once('message', (data) => resolve((JSON.parse(String(data)) as { type: string }).type));
    socket.send('not json');
  });

describe.each(gatewayNames)('/ws refusals through %s', (gateway) => {
  beforeAll(() => useGateway(gateway));

  it('refuses a page of another site with 403 in the error shape, before any upgrade', async () => {
    const refusal = await refusalOf(open(newClientAddress(), { origin: 'https://evil.example' }));
    expect(refusal.status).toBe(403);
    expect(JSON.parse(refusal.body)).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect(refusal.headers['x-frame-options']).toBe('DENY');
  });

  it(`refuses a client address past ${cap} sockets with 429 and Retry-After, and takes it again once one closes`, async () => {
    const from = newClientAddress();
    const sockets: WebSocket[] = [];
    for (let index = 0; index < cap; index += 1) sockets.push(await open(from));
    const refusal = await refusalOf(open(from));
    expect(refusal.status).toBe(429);
    expect(refusal.headers['retry-after']).toBe(String(wsLimits.retryAfterSeconds));
    expect(JSON.parse(refusal.body)).toEqual({ error: { code: 'RATE_LIMITED', message: wsMessages.tooManyConnections } });
    await close(sockets[0]!);
    const again = await vi.waitFor(() => open(from), { timeout: 5_000, interval: 50 });
    expect(await served(again)).toBe('error');
  });

  it('leaves no socket counted against an address whose clients drop right after sending the handshake or after the 101', async () => {
    const from = newClientAddress();
    const { hostname, port } = new URL(gatewayUrl('portal'));
    for (let index = 0; index < cap + 5; index += 1) {
      const socket = net.connect({ host: hostname, port: Number(port), localAddress: from });
      socket.on('error', () => undefined);
      const answer = new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
          if (text.includes('\r\n\r\n')) resolve(text);
        });
        socket.once('close', () => resolve(text));
      });
      const handshake =
        `GET ${wsPath} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`;
      await new Promise<void>((resolve) => socket.write(handshake, () => resolve()));
      // Every other client leaves at once; the rest wait for their 101 first.
      if (index % 2 === 1) expect(await answer).toMatch(/^HTTP\/1\.1 101 /);
      socket.destroy();
    }
    // Tracking takes the address's full count again, each socket served, once the dropped ones have closed.
    await vi.waitFor(
      async () => {
        const sockets: WebSocket[] = [];
        try {
          for (let index = 0; index < cap; index += 1) sockets.push(await open(from));
        } finally {
          if (sockets.length < cap) await Promise.all(sockets.map(close));
        }
      },
      { timeout: 10_000, interval: 50 },
    );
    expect((await refusalOf(open(from))).status).toBe(429);
  });
});
