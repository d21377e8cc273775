import { errorCodes, legacyRedirects, type ApiError, type AppName } from '@repo/contracts';

/**
 * What both gateways (the generated nginx config and the Node gateway) do the same way. Each gateway renders these
 * values in its own syntax; neither keeps a copy.
 */

export type GatewayMode = 'local' | 'production';
export type RedirectApp = (typeof legacyRedirects)[number]['app'];
export type RedirectOrigins = Record<RedirectApp, string>;

/** Legacy redirects answer only on the main host, where the old single site lived. */
export const legacyRedirectHost: AppName = 'web';

/** Vite puts hashed, never-changing files under this path; everything else must be revalidated. */
export const assetsPath = '/assets/';

/** Folders of plain files (public/ in an app): a missing file is a 404, never the app's index.html. */
export const fileFolders = ['/images/', '/videos/'] as const;

/** Paths that only ever name files, so no SPA fallback applies. */
export const isFilePath = (pathname: string) => pathname.startsWith(assetsPath) || fileFolders.some((folder) => pathname.startsWith(folder));

export const cacheControl = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
} as const;

/** nginx `client_max_body_size 1m`: bodies with a Content-Length over it and chunked ones that grow past it get 413. */
export const maxBodyBytes = 1024 * 1024;

/**
 * How long a client may take, in seconds, before the gateway gives up on it, so slow or unfinished requests cannot
 * hold connections open. Neither applies to a websocket once upgraded (see `websocketIdleSeconds`).
 */
export type ClientTimeouts = {
  /** To send the request line and every header (nginx `client_header_timeout`; answered 408, then closed). */
  headerSeconds: number;
  /** Between two pieces of a request body (nginx `client_body_timeout`); the connection is closed. */
  bodyIdleSeconds: number;
  /** The whole request, headers and body (Node gateway only: nginx has no such bound, its body timeout is per read). */
  requestSeconds: number;
  /** An idle keep-alive connection between two requests (nginx `keepalive_timeout`). */
  keepAliveSeconds: number;
};

/** 10 s covers a phone on a poor network sending a few KB of headers or a pause in a 1 MB upload. */
export const clientTimeouts: ClientTimeouts = { headerSeconds: 10, bodyIdleSeconds: 10, requestSeconds: 60, keepAliveSeconds: 15 };

/** Compressed when large enough; text/html is always compressible in nginx and listed here for the Node gateway. */
export const gzipMimeTypes = [
  'text/html',
  'text/plain',
  'text/css',
  'text/javascript',
  'application/javascript',
  'application/json',
  'application/manifest+json',
  'image/svg+xml',
] as const;
export const gzipMinLength = 1024;

/** A websocket idles between tracking updates; both gateways keep it open this long without traffic. */
export const websocketIdleSeconds = 3600;

/** Stripe.js and the frames it opens: the card fields (js.stripe.com) and 3-D Secure (hooks.stripe.com). */
const stripeScripts = ['https://js.stripe.com', 'https://*.js.stripe.com'];

/**
 * What each app's pages load besides their own files, so each host's policy allows only that. `undefined` stands for a
 * response of no app: the production catch-all server, which answers only /healthz and 404.
 */
type AppSources = {
  /** Stripe.js, its API and its frames; with it the Payment Request API for Stripe's frames. */
  stripe: boolean;
  /** The field-service provider's work-order request form, framed on the public site's home page. */
  fieldServiceFrame: boolean;
  /** Images from any https host: the maps' tiles (the portal's tracking map, the dispatch board's Map view), whose host is chosen at build time (VITE_MAP_TILE_URL). */
  httpsImages: boolean;
  /** The page may ask for the device's position: the technician's phone view shares it while on a job. */
  geolocation: boolean;
  /**
   * The page uploads photos straight to the object store (a presigned PUT), never through the gateway: its origin
   * (`DeploymentOrigins.objectStore`) joins `connect-src`. Booking serves the photos on the page's own origin.
   */
  photoUploads: boolean;
};

const noSources: AppSources = { stripe: false, fieldServiceFrame: false, httpsImages: false, geolocation: false, photoUploads: false };

export const appSources: Record<AppName, AppSources> = {
  // The booking wizard takes photos of the appliance.
  web: { ...noSources, stripe: true, fieldServiceFrame: true, photoUploads: true },
  // The portal's invoices take card payments with Stripe's Payment Element, as the public site's payment page does.
  portal: { ...noSources, stripe: true, httpsImages: true },
  // The dispatch board's Map view draws the day on the same tiles; the technician's phone view and the office take
  // photos.
  backoffice: { ...noSources, httpsImages: true, geolocation: true, photoUploads: true },
};

/**
 * Origins a deployment chooses, which the policy cannot know in advance: where the object store takes uploads (its
 * public origin: `http://127.0.0.1:<port>` under `pnpm start`, the bucket's in production). Absent, nothing is added.
 * The production nginx config holds the placeholder `objectStoreOriginPlaceholder` here, filled in at its start.
 */
export type DeploymentOrigins = { objectStore?: string };

/** The production config's stand-in for the object store's origin (infra/docker/gateway-entrypoint.sh fills it in). */
export const objectStoreOriginPlaceholder = '${OBJECT_STORE_ORIGIN}';

const sourcesOf = (app: AppName | undefined): AppSources => (app ? appSources[app] : noSources);

/**
 * The pages' policy for `app` (see `appSources`); it never holds anything from the request. The live socket is on the
 * page's own origin, which `'self'` covers for ws: and wss: too (CSP Level 3; Chromium, Firefox and Safari).
 */
export function contentSecurityPolicy(app: AppName | undefined, origins: DeploymentOrigins = {}): string {
  const sources = sourcesOf(app);
  const uploads = sources.photoUploads && origins.objectStore ? [origins.objectStore] : [];
  const frames = [
    ...(sources.stripe ? [...stripeScripts, 'https://hooks.stripe.com'] : []),
    ...(sources.fieldServiceFrame ? ['https://*.servicefusion.com'] : []),
  ];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // No 'unsafe-inline' or 'unsafe-eval': every script is a file of the build, or Stripe's on the public site.
    ['script-src', ["'self'", ...(sources.stripe ? stripeScripts : [])]],
    // Mantine writes CSS variables into style attributes and a <style> tag at runtime.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Map tiles and marker images come from public https hosts; everything else is the app's own or inline data.
    ['img-src', ["'self'", 'data:', ...(sources.httpsImages ? ['https:'] : [])]],
    // No web fonts from elsewhere: system font stacks, and the API reference uses the page's fonts.
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...(sources.stripe ? ['https://api.stripe.com'] : []), ...uploads]],
    // Without frames of another origin, the default ('self') applies.
    ...(frames.length > 0 ? ([['frame-src', frames]] as [string, string[]][]) : []),
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The browser features `app`'s pages may use (see `appSources`); every other host gets none of them. */
export function permissionsPolicy(app: AppName | undefined): string {
  const sources = sourcesOf(app);
  return [
    `geolocation=${sources.geolocation ? '(self)' : '()'}`,
    'camera=()',
    'microphone=()',
    `payment=${sources.stripe ? '(self "https://js.stripe.com")' : '()'}`,
  ].join(', ');
}

/**
 * A page of another origin that opens ours, or that ours opens, gets no handle on it (window.opener) and shares no
 * browsing context group with it. The public site keeps the handle to popups it opens itself: Stripe's payment flows
 * may authenticate in a window they open (a wallet, a bank's 3-D Secure page) and report back to the opener, which
 * `same-origin` would cut off; pages that open the public site still get no handle on it.
 */
export function crossOriginOpenerPolicy(app: AppName | undefined): string {
  return sourcesOf(app).stripe ? 'same-origin-allow-popups' : 'same-origin';
}

/** HSTS for a year, sent only by the production config (served over https behind a TLS terminator). */
export const strictTransportSecurity = 'max-age=31536000';

/**
 * Headers on every response of `app`'s host (`undefined`: the production catch-all server), pages, files, API answers
 * and errors alike; fixed values for the deployment (`origins`), nothing from the request. HSTS only where the site
 * is served over https.
 */
export function securityHeaders(mode: GatewayMode, app: AppName | undefined, origins: DeploymentOrigins = {}): [name: string, value: string][] {
  const headers: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy(app, origins)],
    ['X-Frame-Options', 'DENY'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', permissionsPolicy(app)],
    ['Cross-Origin-Opener-Policy', crossOriginOpenerPolicy(app)],
    // No Flash or PDF plug-in may read data from this host under a cross-domain policy file.
    ['X-Permitted-Cross-Domain-Policies', 'none'],
  ];
  if (mode === 'production') headers.push(['Strict-Transport-Security', strictTransportSecurity]);
  return headers;
}

/**
 * Only pages of the app's own origin may embed the gateway's own files (pages, scripts, styles, images, videos, and
 * their 404s): another site cannot load them as a script, image or frame and read what leaks through (Spectre). It
 * is sent with the files the gateway serves, not with services' answers (they send their own). It does not govern
 * what our pages load from others (Stripe, map tiles, the work-order frame): that is the other origin's header.
 */
export const crossOriginResourcePolicy: [name: string, value: string] = ['Cross-Origin-Resource-Policy', 'same-origin'];

/** Paths under /api that no service owns get a JSON 404, never the single-page app. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Characters a request path may show inside a JSON error message. Anything else (quotes, backslashes, spaces) is
 * replaced by `unmatchedPathLabel`, because nginx cannot escape JSON.
 */
export const printablePathPattern = "[-A-Za-z0-9._~%!$&'()*+,;=:@/]+";
export const unmatchedPathLabel = 'this path';

export function apiError(code: string, message: string): ApiError {
  return { error: { code, message } };
}

/** The 404 body for an /api path no service owns, naming `shownPath` (nginx passes a variable reference). */
export function apiNotFoundNaming(shownPath: string): ApiError {
  return apiError(errorCodes.notFound, `No API route matches ${shownPath}`);
}

/** The 404 body for `rawPath`, the path as the client sent it (without the query). */
export function apiNotFound(rawPath: string): ApiError {
  return apiNotFoundNaming(new RegExp(`^${printablePathPattern}$`).test(rawPath) ? rawPath : unmatchedPathLabel);
}

export const serviceUnavailable = apiError(
  errorCodes.unavailable,
  'The service that answers this request is not reachable right now. Please try again in a moment.',
);

export const payloadTooLarge = apiError(errorCodes.payloadTooLarge, 'The request body is larger than 1 MB.');

/**
 * nginx `large_client_header_buffers 4 8k`: the request line must fit one 8 KB buffer (longer is 414), a header line
 * one too, and all headers four (longer is nginx's 494, answered as 431). The Node gateway holds the request line to
 * the same bound.
 */
export const headerBuffer = { count: 4, kilobytes: 8 } as const;
export const maxRequestLineBytes = headerBuffer.kilobytes * 1024;

/**
 * What a gateway answers itself when a request cannot be read (before any path is routed, so on every path): the
 * statuses nginx and Node's HTTP parser raise, each in the API error shape. 408 is sent by the Node gateway only:
 * nginx closes a connection whose headers are late without answering.
 */
export const protocolErrors = {
  400: apiError(errorCodes.badRequest, 'The request is malformed: the gateway could not read it.'),
  408: apiError(errorCodes.badRequest, 'The request did not arrive in time.'),
  414: apiError(errorCodes.badRequest, `The request address is longer than ${headerBuffer.kilobytes} KB.`),
  431: apiError(errorCodes.badRequest, 'The request headers are too large.'),
} as const satisfies Record<number, ApiError>;
export type ProtocolErrorStatus = keyof typeof protocolErrors;

/**
 * Where a legacy path on the web host now lives, keeping the query: `rawUrl` is the request target as sent
 * (path and query). Exact entries win over prefixes, longer prefixes over shorter, as in nginx.
 */
export function legacyRedirectLocation(rawUrl: string, origins: RedirectOrigins): string | undefined {
  const queryStart = rawUrl.indexOf('?');
  const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const query = queryStart === -1 ? '' : rawUrl.slice(queryStart);
  const exact = legacyRedirects.find((redirect) => !redirect.prefix && redirect.path === path);
  const prefix = legacyRedirects
    .filter((redirect) => redirect.prefix && path.startsWith(redirect.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
  const redirect = exact ?? prefix;
  if (!redirect) return undefined;
  // Prefix entries keep the requested path, as in the nginx config.
  const target = redirect.prefix ? path : redirect.to || redirect.path;
  return `${origins[redirect.app]}${target}${query}`;
}
