import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiErrorSchema, appNames, appPages, errorCodes, type AppName } from '@repo/contracts';
import { contentSecurityPolicy, crossOriginOpenerPolicy, maxBodyBytes, permissionsPolicy, maxRequestLineBytes, payloadTooLarge, protocolErrors, type ClientTimeouts } from '../../src/policy.ts';
import { startFakeServices, type FakeServices, type ServiceEcho } from './fake-services.ts';
import { assetFile, tempDir, writeDists, type TempDir } from './fixtures.ts';
import type { RunningGateway, StartGatewayUnderTest } from './gateway-behaviour.ts';

/** Short bounds, so a test sees each one cut a connection within a few seconds. */
export const shortTimeouts: ClientTimeouts = { headerSeconds: 1, bodyIdleSeconds: 1, requestSeconds: 4, keepAliveSeconds: 1 };

type RawAnswer = { text: string; status?: number; elapsedMs: number };

/** The head and body of a raw answer: header names lower-cased. */
function parseRaw(text: string): { headers: Record<string, string>; body: string } {
  const end = text.indexOf('\r\n\r\n');
  const lines = text.slice(0, end).split('\r\n').slice(1);
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { headers, body: text.slice(end + 4) };
}

/**
 * Sends `request` as raw bytes and collects whatever comes back until the gateway closes the connection; elapsedMs
 * counts from the moment everything was written (or, with `after`, from the moment the answer contained it).
 */
function rawExchange(url: string, request: string, after?: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    let text = '';
    let start = Date.now();
    socket.on('data', (chunk: Buffer) => {
      const before = text;
      text += chunk.toString();
      if (after && !before.includes(after) && text.includes(after)) start = Date.now();
    });
    // A gateway may reset a connection it gave up on (nginx's reset_timedout_connection): that is a close too.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({ text, status: status ? Number(status) : undefined, elapsedMs: Date.now() - start });
    });
    socket.once('connect', () => socket.write(request, () => (start = Date.now())));
  });
}

/** A request with a chunked body (no Content-Length) of `size` bytes, in 64 KB chunks. */
function chunkedPost(url: string, size: number): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' } });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    request.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 1);
    for (let left = size; left > 0; left -= chunk.length) request.write(left >= chunk.length ? chunk : chunk.subarray(0, left));
    request.end();
  });
}

/**
 * Sends a request head and then a body of `size` bytes in 64 KB chunks (chunked encoding) without reading anything
 * until every byte is written, as a client that reads its answer only after sending its whole request does; then
 * reads the answer until the gateway closes. A gateway that closes while such a client is still sending resets the
 * connection and the answer is lost.
 */
function sendWholeThenRead(url: string, head: string, size: number): Promise<{ status?: number; text: string; error?: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.pause();
    let text = '';
    let error: string | undefined;
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', (err: NodeJS.ErrnoException) => (error ??= err.code ?? err.message));
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]) || undefined, text, error }));
    const chunk = Buffer.concat([Buffer.from(`10000\r\n`), Buffer.alloc(0x10000, 97), Buffer.from('\r\n')]);
    const write = (data: string | Buffer) => new Promise<boolean>((written) => socket.write(data, (err) => written(!err)));
    socket.once('connect', async () => {
      if (!(await write(head))) return;
      for (let sent = 0; sent < size; sent += 0x10000) if (!(await write(chunk))) return;
      if (!(await write('0\r\n\r\n'))) return;
      socket.resume();
    });
  });
}

/** GET with headers a browser cannot forge (Host); resolves with the answer's status and headers. */
function getWith(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function echo(socket: WebSocket, message: string): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('message', (data) => resolve(data.toString()));
    socket.once('close', (code) => reject(new Error(`websocket closed (${code}) before its echo`)));
    socket.send(message);
  });
}

/**
 * What both gateways do against abusive clients: body limits on chunked bodies, bounds on slow or unfinished requests
 * and idle connections (not websockets), X-Forwarded-For replaced, and security headers that hold nothing of the
 * request. Started with `shortTimeouts`.
 */
export function describeGatewayHardening(
  name: string,
  start: StartGatewayUnderTest,
  options: {
    skip?: boolean;
    /** nginx closes a connection whose headers are late without a word; Node answers 408. */
    lateHeaders: 'closed' | 'answered';
    /** nginx answers a request line over every header limit 414; Node's parser cannot tell it from long headers: 431. */
    hugeRequestLine: 414 | 431;
  },
) {
  describe.skipIf(Boolean(options.skip))(name, () => {
    let work: TempDir;
    let services: FakeServices;
    let gateway: RunningGateway;
    const url = (app: AppName, path: string) => `${gateway.urls[app]}${path}`;

    beforeAll(async () => {
      work = await tempDir(name);
      services = await startFakeServices();
      gateway = await start({ services, dists: await writeDists(work.dir), workDir: work.dir });
    });

    afterAll(async () => {
      await gateway?.close();
      await services?.close();
      await work?.remove();
    });

    describe('request bodies', () => {
      it.each([maxBodyBytes + 1, 8 * maxBodyBytes])('refuses a chunked body of %i bytes with the JSON 413, not a reset', async (size) => {
        const tooLarge = await chunkedPost(url('web', '/api/appointments'), size);
        expect(tooLarge.status).toBe(413);
        expect(tooLarge.headers['content-type']).toMatch(/^application\/json/);
        expect(JSON.parse(tooLarge.body)).toEqual(payloadTooLarge);
      });

      it('lets a client that sends a whole oversized chunked body before reading still read the 413 (no reset)', async () => {
        const head = 'POST /api/appointments HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n';
        const answer = await sendWholeThenRead(url('web', ''), head, 16 * maxBodyBytes);
        expect(answer.error).toBeUndefined();
        expect(answer.status).toBe(413);
        expect(answer.text).toContain(JSON.stringify(payloadTooLarge));
      });

      it('passes a chunked body of exactly 1 MB on to the service', async () => {
        const largest = await chunkedPost(url('web', '/api/appointments'), maxBodyBytes);
        expect(largest.status).toBe(200);
        expect((JSON.parse(largest.body) as ServiceEcho).body).toHaveLength(maxBodyBytes);
      });

      it('refuses a Content-Length over 1 MB with the JSON 413 before the body is sent', async () => {
        const head = `POST /api/appointments HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${maxBodyBytes + 1}\r\n\r\n`;
        // Only the headers are sent: the answer comes anyway, and the gateway then gives up on the missing body.
        const answer = await rawExchange(url('portal', ''), head);
        expect(answer.status).toBe(413);
        expect(answer.text).toContain(JSON.stringify(payloadTooLarge));
        expect(errorCodes.payloadTooLarge).toBe(payloadTooLarge.error.code);
      });
    });

    describe('slow and idle clients', () => {
      const bound = (seconds: number) => ({ min: seconds * 1000 - 100, max: seconds * 1000 + 3000 });

      it(`cuts a request whose headers do not arrive within ${shortTimeouts.headerSeconds} s`, async () => {
        const answer = await rawExchange(url('web', ''), 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
        expect(answer.status === undefined || answer.status === 408).toBe(true);
        expect(answer.elapsedMs).toBeGreaterThanOrEqual(bound(shortTimeouts.headerSeconds).min);
        expect(answer.elapsedMs).toBeLessThan(bound(shortTimeouts.headerSeconds).max);
      });

      it.each([
        ['a body shorter than its Content-Length', 'Content-Length: 100\r\n\r\n{"partial":'],
        ['a chunked body that stops', 'Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n'],
      ])(`cuts %s once it stops for ${shortTimeouts.bodyIdleSeconds} s, never passing it on`, async (_label, rest) => {
        const answer = await rawExchange(url('portal', ''), `POST /api/appointments HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${rest}`);
        // nginx closes without an answer, Node answers 408 when its request timeout strikes first; a service never answers.
        expect(answer.status === undefined || answer.status === 408).toBe(true);
        expect(answer.text).not.toContain('"service"');
        expect(answer.elapsedMs).toBeGreaterThanOrEqual(bound(shortTimeouts.bodyIdleSeconds).min);
        expect(answer.elapsedMs).toBeLessThan(bound(shortTimeouts.requestSeconds).max);
      });

      it(`closes an idle keep-alive connection after ${shortTimeouts.keepAliveSeconds} s, and leaves a quiet websocket open`, async () => {
        const socket = await openSocket(url('backoffice', '/ws').replace(/^http/, 'ws'));
        const idle = rawExchange(url('backoffice', ''), `GET /${assetFile} HTTP/1.1\r\nHost: localhost\r\n\r\n`, 'console.log("asset line 1999");');
        const slow = rawExchange(url('backoffice', ''), 'GET / HTTP/1.1\r\n');
        const [answer] = await Promise.all([idle, slow]);
        expect(answer.status).toBe(200);
        expect(answer.elapsedMs).toBeGreaterThanOrEqual(bound(shortTimeouts.keepAliveSeconds).min);
        expect(answer.elapsedMs).toBeLessThan(bound(shortTimeouts.keepAliveSeconds).max);
        // The websocket sat idle through both bounds and still works.
        expect(await echo(socket, 'still here')).toBe('tracking:still here');
        socket.close();
      });
    });

    describe('requests the gateway cannot read, answered in the API error shape on API paths', () => {
      const longQuery = `?q=${'a'.repeat(maxRequestLineBytes)}`;
      const bigHeaders = Array.from({ length: 6 }, (_, index) => `X-Big-${index}: ${'h'.repeat(7000)}\r\n`).join('');
      const cases: [label: string, status: 400 | 414 | 431, request: (path: string) => string][] = [
        ['an invalid method', 400, (path) => `G\u0001T ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`],
        ['a NUL in the path (%00)', 400, (path) => `GET ${path}%00 HTTP/1.1\r\nHost: localhost\r\n\r\n`],
        ['an HTTP/1.1 request without Host', 400, (path) => `GET ${path} HTTP/1.1\r\n\r\n`],
        ['a Transfer-Encoding the gateway does not know', 400, (path) => `POST ${path} HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip\r\n\r\n`],
        ['a chunked body that is not chunked', 400, (path) => `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`],
        ['a request line over 8 KB', 414, (path) => `GET ${path}${longQuery} HTTP/1.1\r\nHost: localhost\r\n\r\n`],
        ['a request line far over every header limit', options.hugeRequestLine, (path) => `GET ${path}?q=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`],
        ['one header line over 8 KB', 431, (path) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'h'.repeat(maxRequestLineBytes)}\r\n\r\n`],
        ['headers over 32 KB in all', 431, (path) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${bigHeaders}\r\n`],
      ];
      describe.each(['/api/appointments', '/ws'])('on %s', (path) => {
        it.each(cases)('%s: %i', async (_label, status, request) => {
          const answer = await rawExchange(url('web', ''), request(path));
          const { headers, body } = parseRaw(answer.text);
          expect(answer.status, answer.text.slice(0, 300)).toBe(status);
          expect(headers['content-type']).toMatch(/^application\/json/);
          expect(JSON.parse(body)).toEqual(protocolErrors[status]);
          expect(headers['content-security-policy']).toBe(contentSecurityPolicy('web'));
          expect(headers['permissions-policy']).toBe(permissionsPolicy('web'));
          expect(headers['cross-origin-opener-policy']).toBe(crossOriginOpenerPolicy('web'));
          expect(answer.text).not.toContain('"service"');
        });
      });

      it('answers a page path that cannot be read in the same shape, never with a 5xx', async () => {
        for (const request of [`GET /about%00 HTTP/1.1\r\nHost: localhost\r\n\r\n`, `GET /about${longQuery} HTTP/1.1\r\nHost: localhost\r\n\r\n`]) {
          const answer = await rawExchange(url('portal', ''), request);
          expect([400, 414]).toContain(answer.status);
          expect(apiErrorSchema.safeParse(JSON.parse(parseRaw(answer.text).body)).success).toBe(true);
        }
      });

      it(
        options.lateHeaders === 'answered'
          ? 'answers headers that do not arrive in time with the JSON 408'
          : 'closes on headers that do not arrive in time without sending anything (nginx never answers 408)',
        async () => {
          const answer = await rawExchange(url('backoffice', ''), 'GET /api/appointments HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
          if (options.lateHeaders === 'closed') {
            expect(answer.text).toBe('');
            return;
          }
          const { headers, body } = parseRaw(answer.text);
          expect(answer.status).toBe(408);
          expect(headers['content-type']).toMatch(/^application\/json/);
          expect(JSON.parse(body)).toEqual(protocolErrors[408]);
        },
      );
    });

    describe('forwarded addresses', () => {
      it('gives two requests with different forged X-Forwarded-For one client address, so they share one rate-limit bucket', async () => {
        const seen = [];
        for (const forged of ['203.0.113.7', '10.0.0.9, 198.51.100.4', '127.0.0.2']) {
          const response = await fetch(url('web', '/api/appointments'), { headers: { 'x-forwarded-for': forged } });
          seen.push(((await response.json()) as ServiceEcho).ip);
        }
        expect(seen).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
      });
    });

    describe.each(appNames)('security headers on the %s host, with a forged Host header', (app) => {
      const files = [...appPages[app].map((page) => page.replace(':id', '42')), `/${assetFile}`, '/no-such-page'];
      const paths = [...files, '/api/appointments', '/api/unknown'];
      it.each(paths)('%s', async (path) => {
        const response = await getWith(url(app, path), { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
        expect(response.status).toBeLessThan(500);
        for (const [header, value] of Object.entries(response.headers)) expect(String(value), header).not.toContain('evil.example');
        expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy(app));
        const scriptSources = /(?:^|; )script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
        // Stripe.js loads on the public site (payment page) and the portal (invoices) only.
        expect(scriptSources).toBe(app === 'backoffice' ? "'self'" : "'self' https://js.stripe.com https://*.js.stripe.com");
        expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(response.headers['permissions-policy']).toBe(permissionsPolicy(app));
        expect(response.headers['cross-origin-opener-policy']).toBe(crossOriginOpenerPolicy(app));
        expect(response.headers['x-permitted-cross-domain-policies']).toBe('none');
        // The app's own files may be embedded by its own origin only; services' answers carry their own choice.
        expect(response.headers['cross-origin-resource-policy']).toBe(files.includes(path) ? 'same-origin' : undefined);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['x-frame-options']).toBe('DENY');
        // Plain http on a developer's machine: no HSTS (the production config's test checks it is there).
        expect(response.headers['strict-transport-security']).toBeUndefined();
      });
    });
  });
}
