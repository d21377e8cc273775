import http from 'node:http';
import net from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { appNames, appPages, errorCodes, isAppPage, internalPathPrefix, legacyRedirects, routeOwnership, serviceForPath, serviceNames, type AppName } from '@repo/contracts';
import { contentSecurityPolicy, crossOriginOpenerPolicy, permissionsPolicy, type RedirectOrigins } from '../../src/policy.ts';
import { startFakeServices, type FakeServices, type ServiceEcho } from './fake-services.ts';
import { assetFile, assetSource, prerenderedPage, tempDir, writeDists, type TempDir } from './fixtures.ts';

export type RunningGateway = {
  urls: Record<AppName, string>;
  origins: RedirectOrigins;
  close(): Promise<void>;
  /** The access log's lines so far, for a gateway that writes one (nginx). */
  accessLog?: () => Promise<string[]>;
};

export type StartGatewayUnderTest = (setup: {
  services: FakeServices;
  dists: Record<AppName, string>;
  workDir: string;
}) => Promise<RunningGateway>;

/** Each route's own path, and for prefix routes a path below it. */
const routedPaths = routeOwnership.flatMap((route) =>
  route.prefix ? [route.path, `${route.path}${route.path.endsWith('/') ? '' : '/'}sub/path`] : [route.path],
);

/** A path that each legacy entry catches, and where it must land (path and query kept). */
const legacyCases = legacyRedirects.map((redirect) => {
  const path = redirect.prefix ? `${redirect.path}login` : redirect.path;
  const target = redirect.prefix ? path : redirect.to || redirect.path;
  return { path: `${path}?x=1`, app: redirect.app, target: `${target}?x=1` };
});

const otherApps = appNames.filter((app) => app !== 'web');

function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** A GET with the path sent exactly as written (no client-side `..` or `%2e` resolution), and its answer. */
function getRawPath(url: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port: Number(port), path }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** Paths that try to reach a service's /metrics through the gateway: directly, below each API route, or by dot segments. */
export const metricsProbes = [
  '/metrics',
  '/metrics?format=text',
  '//metrics',
  '/api/metrics',
  '/ws/metrics',
  '/api/appointments/../../metrics',
  '/api/appointments/%2e%2e/%2e%2e/metrics',
  '/api/auth/..%2f..%2fmetrics',
  '/api/tracking/..;/..;/metrics',
  ...routeOwnership.map((route) => `${route.path}${route.path.endsWith('/') ? '' : '/'}metrics`),
];

/**
 * Sends raw requests on one connection and collects what comes back until the gateway closes it; `closedAfterMs` is
 * how long the connection stayed open once the last byte of the answer had arrived.
 */
function rawConversation(url: string, request: string): Promise<{ text: string; closedAfterMs: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => socket.write(request));
    let text = '';
    let lastData = Date.now();
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      lastData = Date.now();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - lastData }));
  });
}

function websocketEcho(url: string, message: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error(`no websocket echo from ${url}`)), 5000);
    socket.once('open', () => socket.send(message));
    socket.once('message', (data) => {
      clearTimeout(timer);
      socket.close();
      resolve(data.toString());
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/**
 * The behaviour both gateways share, checked against the same table-driven cases: routing by host and path, SPA
 * fallback, cache and security headers, legacy redirects, websocket, forwarded headers, gzip and errors.
 */
export function describeGatewayBehaviour(name: string, start: StartGatewayUnderTest, options: { skip?: boolean } = {}) {
  describe.skipIf(Boolean(options.skip))(name, () => {
    let work: TempDir;
    let services: FakeServices;
    let gateway: RunningGateway;
    const url = (app: AppName, path: string) => `${gateway.urls[app]}${path}`;

    /**
     * The host's own headers; `file`: an answer from the app's files (a page, an asset, their 404s), which alone
     * carries Cross-Origin-Resource-Policy from the gateway.
     */
    const expectSecurityHeaders = (response: Response, app: AppName, { file = false } = {}) => {
      const host = new URL(gateway.urls[app]).host;
      // Nothing from the request: the Host header appears in no header value.
      for (const [name, value] of response.headers) expect(value, name).not.toContain(host);
      // Exact values: a copy sent by the service would have been joined into these by fetch.
      expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy(app));
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toBe(permissionsPolicy(app));
      expect(response.headers.get('cross-origin-opener-policy')).toBe(crossOriginOpenerPolicy(app));
      expect(response.headers.get('x-permitted-cross-domain-policies')).toBe('none');
      expect(response.headers.get('cross-origin-resource-policy')).toBe(file ? 'same-origin' : null);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    };

    beforeAll(async () => {
      work = await tempDir(name);
      services = await startFakeServices();
      const dists = await writeDists(work.dir);
      gateway = await start({ services, dists, workDir: work.dir });
    });

    afterAll(async () => {
      await gateway?.close();
      await services?.close();
      await work?.remove();
    });

    describe.each(appNames)('on the %s host', (app) => {
      it.each(routedPaths)('proxies %s to the service that owns it', async (path) => {
        const response = await fetch(url(app, `${path}?q=1`));
        expect(response.status).toBe(200);
        const echo = (await response.json()) as ServiceEcho;
        expect(echo.service).toBe(serviceForPath(path));
        expect(echo.url).toBe(`${path}?q=1`);
        expectSecurityHeaders(response, app);
      });

      it('passes a request body and method through', async () => {
        const response = await fetch(url(app, '/api/create-payment-intent'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 150 }),
        });
        const echo = (await response.json()) as ServiceEcho;
        expect(echo).toMatchObject({ service: 'payments', method: 'POST', body: '{"amount":150}' });
      });

      // An exact route's sub-path is not owned either.
      it.each(['/api/unknown/thing', '/api', '/api/service-systems/extra'])('answers %s with a JSON 404', async (path) => {
        for (const method of ['GET', 'POST']) {
          const response = await fetch(url(app, path), { method });
          expect(response.status).toBe(404);
          expect(response.headers.get('content-type')).toMatch(/^application\/json/);
          expect(await response.json()).toEqual({ error: { code: errorCodes.notFound, message: `No API route matches ${path}` } });
          expectSecurityHeaders(response, app);
        }
      });

      // Service-to-service deliveries go to internal addresses only; the public gateway must never reach them.
      it.each(['GET', 'POST'])('never passes %s /internal/ paths to a service', async (method) => {
        const response = await fetch(url(app, `${internalPathPrefix}effects/appointment.assigned`), {
          method,
          ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
        });
        expect(await response.text()).not.toMatch(new RegExp(`"service":"(${serviceNames.join('|')})"`));
        expect(response.status === 404 || response.headers.get('content-type')?.startsWith('text/html')).toBe(true);
      });

      // Each service's /metrics is for the scraper on the internal network only (packages/service-kit metrics.ts).
      it.each(metricsProbes)("never passes %s to a service's /metrics", async (path) => {
        const response = await getRawPath(gateway.urls[app], path);
        let echo: Partial<ServiceEcho> = {};
        try {
          echo = JSON.parse(response.body) as ServiceEcho;
        } catch {
          // Not a service's echo: the app's page or the gateway's own answer.
        }
        // The Node gateway refuses a path with dot segments (400); otherwise it is no page of the app (404).
        if (echo.service === undefined) return expect([400, 404]).toContain(response.status);
        // A service reached by an API route gets the path below that route, which its /metrics is not.
        const resolved = new URL(echo.url ?? '', 'http://service').pathname;
        expect(resolved).not.toBe('/metrics');
        expect(echo.url).not.toMatch(/^\/+metrics/);
        expect(serviceForPath(resolved)).toBe(echo.service);
      });

      it.each(['/', '/index.html', ...appPages[app].filter((page) => page !== '/' && page !== prerenderedPage[app]).map((page) => page.replace(':id', '42'))])('serves the app for %s with no-cache', async (path) => {
        const response = await fetch(url(app, path));
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        expect(response.headers.get('cache-control')).toBe('no-cache');
        expect(await response.text()).toContain(`<title>${app}</title>`);
        expectSecurityHeaders(response, app, { file: true });
      });

      it.each([prerenderedPage[app], `${prerenderedPage[app]}/`, `${prerenderedPage[app]}?x=1`])('serves the prerendered page for %s without a redirect', async (path) => {
        const response = await fetch(url(app, path), { redirect: 'manual' });
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('no-cache');
        expect(await response.text()).toContain(`<title>${app} prerendered</title>`);
        expectSecurityHeaders(response, app, { file: true });
      });

      it.each(['/no-such-page', '/careers/extra', '/appointments', '/appointments/1/2', '/healthz', '/readyz', '/openapi.json', '/staffx', '/%E2%9C%93'])(
        'answers %s, which is no page of the app, with 404 and the Page Not Found page',
        async (path) => {
          const response = await fetch(url(app, path), { redirect: 'manual' });
          expect(response.status).toBe(404);
          expect(response.headers.get('content-type')).toMatch(/^text\/html/);
          expect(await response.text()).toContain(app === 'web' ? `<title>${app} not found</title>` : `<title>${app}</title>`);
          expectSecurityHeaders(response, app, { file: true });
        },
      );

      it('serves public files with their type and answers a missing one with 404, not the app', async () => {
        const video = await fetch(url(app, '/videos/clip.webm'));
        expect(video.status).toBe(200);
        expect(video.headers.get('content-type')).toBe('video/webm');
        expectSecurityHeaders(video, app, { file: true });
        // A video's captions: a browser may refuse a text track served as anything but text/vtt.
        const captions = await fetch(url(app, '/videos/clip.vtt'));
        expect(captions.status).toBe(200);
        expect(captions.headers.get('content-type')).toMatch(/^text\/vtt(;|$)/);
        for (const missing of ['/videos/missing.webm', '/images/missing.svg']) {
          const response = await fetch(url(app, missing));
          expect(response.status).toBe(404);
          expect(await response.text()).not.toContain(`<title>${app}</title>`);
          expectSecurityHeaders(response, app, { file: true });
        }
      });

      it('serves hashed assets as immutable and does not fall back to the app for a missing one', async () => {
        const asset = await fetch(url(app, `/${assetFile}`));
        expect(asset.status).toBe(200);
        expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(asset.headers.get('content-type')).toMatch(/javascript/);
        expect(await asset.text()).toBe(assetSource);
        expectSecurityHeaders(asset, app, { file: true });

        const missing = await fetch(url(app, '/assets/missing-0000.js'));
        expect(missing.status).toBe(404);
        expect(await missing.text()).not.toContain(`<title>${app}</title>`);
        expectSecurityHeaders(missing, app, { file: true });
      });

      it('gzips a large asset when the client accepts gzip', async () => {
        const zipped = await rawGet(url(app, `/${assetFile}`), { 'accept-encoding': 'gzip' });
        expect(zipped.headers['content-encoding']).toBe('gzip');
        expect(zipped.headers.vary?.toLowerCase()).toContain('accept-encoding');
        expect(gunzipSync(zipped.body).toString()).toBe(assetSource);

        const plain = await rawGet(url(app, `/${assetFile}`), {});
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body.toString()).toBe(assetSource);
      });

      it('forwards the client address, host, scheme and its own request id to the service', async () => {
        const echoed = async () => {
          const response = await fetch(url(app, '/api/appointments'), { headers: { 'x-forwarded-for': '203.0.113.7', 'x-request-id': 'chosen-by-client' } });
          return ((await response.json()) as ServiceEcho).headers;
        };
        const headers = await echoed();
        const host = new URL(gateway.urls[app]).host;
        // The client's own X-Forwarded-For is replaced, not appended to.
        expect(headers['x-forwarded-for']).toBe('127.0.0.1');
        expect(headers['x-real-ip']).toBe('127.0.0.1');
        expect(headers['x-forwarded-proto']).toBe('http');
        expect(headers['x-forwarded-host']).toBe(host);
        expect(headers.host).toBe(host);
        // The gateway's id of the request (as nginx makes $request_id), never the client's, and a new one each time.
        expect(headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
        expect((await echoed())['x-request-id']).not.toBe(headers['x-request-id']);
        // nginx's access log line is JSON under the same id (its lines are written as each request ends).
        if (gateway.accessLog) {
          const readLog = gateway.accessLog;
          const line = async () => (await readLog()).map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry.requestId === headers['x-request-id']);
          await expect.poll(line, { timeout: 10_000 }).toMatchObject({ method: 'GET', uri: '/api/appointments', status: 200, client: '127.0.0.1' });
        }
      });

      it("closes the connection after a proxied answer when the client sent Connection: close", async () => {
        const answer = await rawConversation(url(app, ''), 'GET /api/appointments HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
        expect(answer.text).toMatch(/^HTTP\/1\.1 200 /);
        expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
        // Right away, not when an idle keep-alive connection would close (15 s).
        expect(answer.closedAfterMs).toBeLessThan(5000);
      });

      it('answers two requests on one connection without Connection: close', async () => {
        const request = 'GET /api/appointments HTTP/1.1\r\nHost: localhost\r\n\r\n';
        const closing = request.replace('Host: localhost\r\n', 'Host: localhost\r\nConnection: close\r\n');
        const answer = await rawConversation(url(app, ''), request + closing);
        expect(answer.text.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
      });

      it('upgrades /ws to a websocket on the tracking service', async () => {
        const wsUrl = url(app, '/ws').replace(/^http/, 'ws');
        expect(await websocketEcho(wsUrl, `hello from ${app}`)).toBe(`tracking:hello from ${app}`);
        expect(services.websocketHeaders.tracking?.['x-real-ip']).toBe('127.0.0.1');
        expect(services.websocketHeaders.tracking?.['x-forwarded-for']).toBe('127.0.0.1');
        expect(services.websocketHeaders.tracking?.['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
      });

      it('refuses a request body over 1 MB with a JSON 413', async () => {
        const response = await fetch(url(app, '/api/appointments'), {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream' },
          body: Buffer.alloc(1024 * 1024 + 1, 1),
        });
        expect(response.status).toBe(413);
        expect(await response.json()).toMatchObject({ error: { code: errorCodes.payloadTooLarge } });
      });
    });

    it('gives each host its own policy: Stripe on the public site and the portal, the work-order frame on the public site only, geolocation on the back office only', async () => {
      const headersOf = async (app: AppName) => {
        const { headers } = await fetch(url(app, '/'));
        const csp = headers.get('content-security-policy') ?? '';
        const directive = (name: string) => new RegExp(`(?:^|; )${name} ([^;]*)`).exec(csp)?.[1];
        return { directive, permissions: headers.get('permissions-policy'), opener: headers.get('cross-origin-opener-policy') };
      };
      const web = await headersOf('web');
      expect(web.directive('script-src')).toBe("'self' https://js.stripe.com https://*.js.stripe.com");
      expect(web.directive('connect-src')).toBe("'self' https://api.stripe.com");
      expect(web.directive('frame-src')).toBe('https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com https://*.servicefusion.com');
      expect(web.directive('img-src')).toBe("'self' data:");
      expect(web.permissions).toBe('geolocation=(), camera=(), microphone=(), payment=(self "https://js.stripe.com")');
      // Stripe's payment flows may authenticate in a window they open and report back to the page.
      expect(web.opener).toBe('same-origin-allow-popups');

      const portal = await headersOf('portal');
      // The tracking map's tiles come from an https host chosen at build time.
      expect(portal.directive('img-src')).toBe("'self' data: https:");
      // The portal's invoices are paid with Stripe's Payment Element, as the public site's payment page is.
      expect(portal.directive('script-src')).toBe("'self' https://js.stripe.com https://*.js.stripe.com");
      expect(portal.permissions).toBe('geolocation=(), camera=(), microphone=(), payment=(self "https://js.stripe.com")');
      expect(portal.directive('connect-src')).toBe("'self' https://api.stripe.com");
      expect(portal.directive('frame-src')).toBe('https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
      expect(portal.opener).toBe('same-origin-allow-popups');

      const backoffice = await headersOf('backoffice');
      // The dispatch board's Map view draws on the same tiles as the portal's tracking map.
      expect(backoffice.directive('img-src')).toBe("'self' data: https:");
      // The technician's phone view shares the device's position.
      expect(backoffice.permissions).toBe('geolocation=(self), camera=(), microphone=(), payment=()');

      expect(backoffice.directive('script-src')).toBe("'self'");
      expect(backoffice.directive('connect-src')).toBe("'self'");
      // No frames but the app's own (default-src 'self').
      expect(backoffice.directive('frame-src')).toBeUndefined();
      expect(backoffice.opener).toBe('same-origin');
      for (const other of [portal, backoffice]) expect(other.directive('default-src')).toBe("'self'");
    });

    it.each(legacyCases)('redirects $path on the web host to the $app host', async ({ path, app, target }) => {
      const response = await fetch(url('web', path), { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${gateway.origins[app]}${target}`);
      expectSecurityHeaders(response, 'web');
    });

    it('redirects the paths the old site linked to, keeping the query', async () => {
      const cases = [
        ['/login?x=1', `${gateway.origins.portal}/login?x=1`],
        ['/admin-login', `${gateway.origins.backoffice}/admin-login`],
        ['/technician-management', `${gateway.origins.backoffice}/technician-management`],
      ];
      for (const [path, location] of cases) {
        const response = await fetch(url('web', path as string), { redirect: 'manual' });
        expect(response.status).toBe(302);
        expect(response.headers.get('location')).toBe(location);
      }
    });

    describe.each(otherApps)('on the %s host', (app) => {
      it.each(legacyCases)('serves $path itself instead of redirecting: its page, or 404 when it has none', async ({ path }) => {
        const response = await fetch(url(app, path), { redirect: 'manual' });
        expect(response.status).toBe(isAppPage(app, path.split('?')[0]!) ? 200 : 404);
        expect(await response.text()).toMatch(new RegExp(`<title>${app}( prerendered)?</title>`));
      });
    });

    // Last: it stops a service for good.
    it('answers with a JSON 502 when a service is down', async () => {
      await services.stop('payments');
      for (const app of appNames) {
        const response = await fetch(url(app, '/api/create-payment-intent'), { method: 'POST', body: '{}' });
        expect(response.status).toBe(502);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await response.json()).toMatchObject({ error: { code: errorCodes.unavailable } });
        expectSecurityHeaders(response, app);
      }
    });
  });
}
