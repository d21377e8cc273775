import {
  appNames,
  appPagePattern,
  appPages,
  legacyRedirects,
  routeOwnership,
  serviceNames,
  type AppName,
  type RouteOwnership,
  type ServiceName,
} from '@repo/contracts';
import {
  apiNotFoundNaming,
  assetsPath,
  fileFolders,
  cacheControl,
  clientTimeouts,
  crossOriginResourcePolicy,
  gzipMimeTypes,
  headerBuffer,
  gzipMinLength,
  legacyRedirectHost,
  payloadTooLarge,
  printablePathPattern,
  protocolErrors,
  securityHeaders,
  serviceUnavailable,
  unmatchedPathLabel,
  websocketIdleSeconds,
  type ClientTimeouts,
  type DeploymentOrigins,
  type GatewayMode,
  type RedirectOrigins,
} from './policy.ts';

export type NginxAppSite = {
  name: AppName;
  /** Port of the app's server block: 80 for every app in production (routed by server_name), one each locally. */
  listen: number;
  serverName: string;
  /** The app's built dist directory. */
  root: string;
};

export type NginxConfigOptions = {
  mode: GatewayMode;
  apps: readonly NginxAppSite[];
  /** `host:port` of each service. */
  upstreams: Record<ServiceName, string>;
  /**
   * A DNS server that nginx asks again for the upstreams' names while it runs (at most `resolverValidSeconds` old), so
   * every replica of a scaled service gets requests and one that comes back on a new address is found without a
   * restart (Docker's embedded DNS in compose). Without it, fixed `upstream` blocks resolved once at start.
   */
  resolver?: string;
  /** Origins the web host's legacy paths redirect to, e.g. `http://localhost:8081`. */
  origins: RedirectOrigins;
  /** Absolute directory for the pid file, temp files and (locally) the access log. */
  prefix: string;
  /** Adds a `user` directive; needed when the master runs as root and the dist directories are private. */
  user?: string;
  /** Local mode only: the address every server listens on. Defaults to 127.0.0.1. */
  listenAddress?: string;
  /** How long a client may take (`clientTimeouts` unless given; tests shorten them). */
  timeouts?: ClientTimeouts;
  /** The deployment's own origins the pages' policy allows (the object store's; a placeholder in production). */
  deploymentOrigins?: DeploymentOrigins;
};

/**
 * Production only: the file the container's entrypoint writes from GATEWAY_TRUSTED_PROXIES (`set_real_ip_from` lines
 * for a TLS terminator in front). A pattern, so a missing file is no error; without it the peer is the client.
 */
export const trustedProxiesFile = 'trusted-proxies*.conf';

/**
 * Production only: the same addresses as `geo` ranges (`172.16.0.0/12 1;`), so X-Forwarded-Proto is believed from a
 * trusted proxy alone. A `geo` include takes no pattern: the entrypoint always writes this file, empty without proxies.
 */
export const trustedProxyRangesFile = 'trusted-proxy-ranges.conf';

type ConfigNode = string | { head: string; body: ConfigNode[] };

const block = (head: string, body: ConfigNode[]): ConfigNode => ({ head, body });

function renderNodes(nodes: ConfigNode[], depth: number): string[] {
  const indent = '  '.repeat(depth);
  return nodes.flatMap((node) => {
    if (typeof node !== 'string') return [`${indent}${node.head} {`, ...renderNodes(node.body, depth + 1), `${indent}}`];
    if (node === '' || node.startsWith('#')) return [node === '' ? '' : `${indent}${node}`];
    return [`${indent}${node};`];
  });
}

/** An nginx double-quoted string. `$name` inside stays a variable reference. */
function quote(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/** Every file type the apps ship, so the config does not depend on where a distribution keeps mime.types. */
const mimeTypes: [type: string, extensions: string][] = [
  ['text/html', 'html htm'],
  ['text/css', 'css'],
  ['text/plain', 'txt'],
  ['text/xml', 'xml'],
  ['application/javascript', 'js mjs'],
  ['application/json', 'json map'],
  ['application/manifest+json', 'webmanifest'],
  ['application/pdf', 'pdf'],
  ['image/svg+xml', 'svg svgz'],
  ['image/png', 'png'],
  ['image/jpeg', 'jpg jpeg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['image/avif', 'avif'],
  ['image/x-icon', 'ico'],
  ['font/woff', 'woff'],
  ['font/woff2', 'woff2'],
  ['font/ttf', 'ttf'],
  ['video/webm', 'webm'],
  ['text/vtt', 'vtt'],
  ['video/mp4', 'mp4'],
];

const upstreamName = (service: ServiceName) => `service_${service}`;

/** The browser-facing headers of `app`'s server (`undefined`: the catch-all); upstream copies are hidden so each appears once. */
function securityHeaderNodes(options: Pick<NginxConfigOptions, 'mode' | 'deploymentOrigins'>, app: AppName | undefined): ConfigNode[] {
  return securityHeaders(options.mode, app, options.deploymentOrigins).map(([name, value]) => `add_header ${name} ${quote(value)} always`);
}

/**
 * The app's own files: their cache policy and Cross-Origin-Resource-Policy. add_header in a location replaces every
 * inherited add_header, so the server's security headers are repeated.
 */
function fileHeaders(options: Pick<NginxConfigOptions, 'mode' | 'deploymentOrigins'>, app: AppName, value: string): ConfigNode[] {
  const [name, policy] = crossOriginResourcePolicy;
  return [`add_header Cache-Control ${quote(value)}`, `add_header ${name} ${quote(policy)} always`, ...securityHeaderNodes(options, app)];
}

/**
 * X-Forwarded-For is replaced by the client's address, never appended to: services believe it (rate limits, the
 * websocket cap), so a client must not be able to put an address of its choosing in front of its own. X-Request-Id is
 * nginx's own id of the request (a client's is replaced), written in the access log too: the service logs under it and
 * carries it into the events the request publishes.
 */
const forwardedHeaders: ConfigNode[] = [
  'proxy_set_header Host $http_host',
  'proxy_set_header X-Forwarded-Host $http_host',
  'proxy_set_header X-Real-IP $remote_addr',
  'proxy_set_header X-Forwarded-For $remote_addr',
  'proxy_set_header X-Forwarded-Proto $forwarded_proto',
  'proxy_set_header X-Request-Id $request_id',
];

/** The access log's lines: one JSON object each, like the services' logs, with the request id they log under. */
const accessLogFormat = JSON.stringify({
  time: '$time_iso8601',
  requestId: '$request_id',
  client: '$remote_addr',
  method: '$request_method',
  uri: '$request_uri',
  status: '$status',
  bytes: '$body_bytes_sent',
  seconds: '$request_time',
  upstream: '$upstream_addr',
  upstreamSeconds: '$upstream_response_time',
  userAgent: '$http_user_agent',
  // Numbers, not strings, in the line: nginx writes these as digits.
}).replace(/"(\$status|\$body_bytes_sent|\$request_time)"/g, '$1');

const jsonReturn = (status: number, body: unknown): ConfigNode[] => [
  'default_type application/json',
  `return ${status} ${quote(JSON.stringify(body))}`,
];

/**
 * Requests nginx cannot read are answered before any location is chosen, from the server of the listening socket
 * (the catch-all in production when the Host is not read yet), so every server names these pages. They are internal
 * URIs, not named locations: nginx refuses to enter a named location from a request line it could not parse. 494 is
 * nginx's own "headers too large", sent as 431; 501 (a Transfer-Encoding it does not know) is the client's fault, sent
 * as 400. A late request (408) is never answered by nginx: it closes the connection, so there is no 408 page.
 */
const protocolErrorPages: [raised: string, uri: string, status: keyof typeof protocolErrors][] = [
  ['400 501', '/.gateway-error/bad-request', 400],
  ['414', '/.gateway-error/uri-too-long', 414],
  ['494 431', '/.gateway-error/headers-too-large', 431],
];

const protocolErrorDirectives: ConfigNode[] = protocolErrorPages.map(([raised, uri]) => `error_page ${raised} = ${uri}`);

const protocolErrorLocations: ConfigNode[] = protocolErrorPages.map(([, uri, status]) =>
  block(`location = ${uri}`, ['internal', ...jsonReturn(status, protocolErrors[status])]),
);

/** How long nginx keeps a looked-up address of a service: a replica stopped or started is seen within it. */
export const resolverValidSeconds = 1;

/**
 * Where a route's requests go. With a resolver, a variable in `proxy_pass` makes nginx look the name up at request
 * time (Debian's nginx 1.22 has no `resolve` for upstream servers) and use every address it gets, in turn; without
 * one, the `upstream` block named after the service.
 */
function proxyTo(service: ServiceName, options: NginxConfigOptions): ConfigNode[] {
  if (!options.resolver) return [`proxy_pass http://${upstreamName(service)}`];
  return [`set $${upstreamName(service)} ${options.upstreams[service]}`, `proxy_pass http://$${upstreamName(service)}`];
}

function routeLocation(route: RouteOwnership, options: NginxConfigOptions): ConfigNode {
  const match = route.prefix ? `^~ ${route.path}` : `= ${route.path}`;
  const proxy: ConfigNode[] = proxyTo(route.service, options);
  if (route.websocket) {
    // proxy_set_header here replaces the http-level list, so it is given in full.
    proxy.push(
      ...forwardedHeaders,
      'proxy_set_header Upgrade $http_upgrade',
      'proxy_set_header Connection $connection_upgrade',
      `proxy_read_timeout ${websocketIdleSeconds}s`,
      `proxy_send_timeout ${websocketIdleSeconds}s`,
      // When the service closes a socket while the client is still sending (a message over the limit, say: 1009),
      // nginx closing at once would reset the connection over the unread data and the client would lose the close
      // frame (it sees 1006). Lingering, nginx sends its FIN after the close frame and reads the rest before closing.
      'lingering_close always',
    );
  }
  // A location with error_page directives of its own inherits none, so the protocol errors are named again.
  return block(`location ${match}`, [
    ...proxy,
    'error_page 502 503 504 = @service_unavailable',
    'error_page 413 = @payload_too_large',
    ...protocolErrorDirectives,
  ]);
}

/** Prefix entries keep the requested path (their `to` is empty; a test holds the table to that). */
function redirectLocation(redirect: (typeof legacyRedirects)[number], origins: RedirectOrigins): ConfigNode {
  const origin = origins[redirect.app];
  if (redirect.prefix) return block(`location ^~ ${redirect.path}`, [`return 302 ${origin}$request_uri`]);
  return block(`location = ${redirect.path}`, [`return 302 ${origin}${redirect.to || redirect.path}$is_args$args`]);
}

function appServer(site: NginxAppSite, options: NginxConfigOptions): ConfigNode {
  const listen =
    options.mode === 'production' ? `listen ${site.listen}` : `listen ${options.listenAddress ?? '127.0.0.1'}:${site.listen}`;
  const redirects = site.name === legacyRedirectHost ? legacyRedirects.map((redirect) => redirectLocation(redirect, options.origins)) : [];
  return block('server', [
    `# ${site.name}`,
    listen,
    `server_name ${site.serverName}`,
    `root ${quote(site.root)}`,
    'index index.html',
    '',
    "# This app's security headers on every answer; a location with add_header of its own repeats them",
    ...securityHeaderNodes(options, site.name),
    '',
    '# Requests that cannot be read: the API error shape on every path, as the path may not be known',
    ...protocolErrorDirectives,
    ...protocolErrorLocations,
    '',
    ...(redirects.length > 0 ? ['# Old single-site paths now served by the portal and back office', ...redirects, ''] : []),
    '# API and websocket routes from routeOwnership in @repo/contracts',
    ...routeOwnership.map((route) => routeLocation(route, options)),
    block('location ^~ /api/', jsonReturn(404, apiNotFoundNaming('${api_path}'))),
    block('location = /api', jsonReturn(404, apiNotFoundNaming('${api_path}'))),
    block('location @service_unavailable', jsonReturn(502, serviceUnavailable)),
    block('location @payload_too_large', jsonReturn(413, payloadTooLarge)),
    '',
    '# The single-page app: hashed assets forever, HTML always revalidated',
    block(`location ^~ ${assetsPath}`, ['try_files $uri =404', ...fileHeaders(options, site.name, cacheControl.immutable)]),
    ...fileFolders.map((folder) => block(`location ^~ ${folder}`, ['try_files $uri =404', ...fileHeaders(options, site.name, cacheControl.revalidate)])),
    block('location = /index.html', fileHeaders(options, site.name, cacheControl.revalidate)),
    '# The pages of appPages in @repo/contracts; a prerendered one is dist/<page>/index.html, served without a redirect',
    ...appPages[site.name].map((page) =>
      block(`location ~ ${quote(appPagePattern(page))}`, [
        page === '/' ? 'try_files /index.html =404' : 'try_files $uri/index.html /index.html',
        ...fileHeaders(options, site.name, cacheControl.revalidate),
      ]),
    ),
    '# Files at the root (robots.txt, favicon); anything else is no page: 404 with the Page Not Found page',
    block('location /', ['try_files $uri =404', 'error_page 404 /404.html', ...fileHeaders(options, site.name, cacheControl.revalidate)]),
    block('location = /404.html', ['internal', 'try_files /404.html /index.html', ...fileHeaders(options, site.name, cacheControl.revalidate)]),
  ]);
}

/** Production only: requests for hosts that are none of the apps never reach a service. */
function catchAllServer(port: number, mode: GatewayMode): ConfigNode {
  return block('server', [
    `listen ${port} default_server`,
    'server_name _',
    // No app's: the strictest policy (nothing from elsewhere, no browser feature).
    ...securityHeaderNodes({ mode }, undefined),
    ...protocolErrorDirectives,
    ...protocolErrorLocations,
    block('location = /healthz', ['access_log off', 'default_type text/plain', 'return 200 "ok\\n"']),
    block('location /', ['return 404']),
  ]);
}

function validate(options: NginxConfigOptions): void {
  const names = options.apps.map((site) => site.name).sort();
  if (names.join() !== [...appNames].sort().join()) {
    throw new Error(`renderNginxConfig: apps must list ${appNames.join(', ')} once each (got ${names.join(', ') || 'none'})`);
  }
  for (const service of serviceNames) {
    const upstream = options.upstreams[service];
    if (!/^[^\s/:]+:\d+$/.test(upstream ?? '')) {
      throw new Error(`renderNginxConfig: upstream for ${service} must be host:port (got ${String(upstream)})`);
    }
  }
  if (!options.prefix.startsWith('/')) throw new Error(`renderNginxConfig: prefix must be absolute (got ${options.prefix})`);
}

/**
 * The complete nginx configuration, derived from `routeOwnership` and `legacyRedirects`. It never sets `daemon`:
 * run it in the foreground with `-g 'daemon off;'` (the nginx image does).
 */
export function renderNginxConfig(options: NginxConfigOptions): string {
  validate(options);
  const { mode, prefix } = options;
  const timeouts = options.timeouts ?? clientTimeouts;
  const production = mode === 'production';
  const apps = appNames.map((name) => options.apps.find((site) => site.name === name) as NginxAppSite);
  const ports = [...new Set(apps.map((site) => site.listen))];

  const main: ConfigNode[] = [
    ...(options.user ? [`user ${options.user}`] : []),
    `worker_processes ${production ? 'auto' : '1'}`,
    `pid ${quote(`${prefix}/nginx.pid`)}`,
    'error_log stderr warn',
    '',
    block('events', ['worker_connections 1024']),
    '',
    block('http', [
      block('types', mimeTypes.map(([type, extensions]) => `${type} ${extensions}`)),
      'default_type application/octet-stream',
      'charset utf-8',
      'server_tokens off',
      'sendfile on',
      'tcp_nopush on',
      'absolute_redirect off',
      '',
      '# Slow or unfinished requests are cut: headers must arrive in time and a body must keep coming (policy.ts)',
      `client_header_timeout ${timeouts.headerSeconds}s`,
      `client_body_timeout ${timeouts.bodyIdleSeconds}s`,
      `keepalive_timeout ${timeouts.keepAliveSeconds}s`,
      'reset_timedout_connection on',
      '# Bodies are read whole before a service sees them (proxy_request_buffering), so a chunked one is held to this too',
      'client_max_body_size 1m',
      `large_client_header_buffers ${headerBuffer.count} ${headerBuffer.kilobytes}k`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${quote(`${prefix}/${kind}_temp`)}`),
      `log_format json escape=json ${quote(accessLogFormat)}`,
      `access_log ${production ? '/dev/stdout' : quote(`${prefix}/access.log`)} json`,
      '',
      ...(production
        ? [
            '# The client is the peer, unless the peer is a trusted TLS terminator: then the address it puts last in X-Forwarded-For',
            'real_ip_header X-Forwarded-For',
            `include ${quote(`${prefix}/${trustedProxiesFile}`)}`,
            '',
          ]
        : []),
      'gzip on',
      'gzip_vary on',
      'gzip_proxied any',
      'gzip_comp_level 5',
      `gzip_min_length ${gzipMinLength}`,
      // text/html is always compressed and listing it makes nginx warn.
      `gzip_types ${gzipMimeTypes.filter((type) => type !== 'text/html').join(' ')}`,
      '',
      block('map $http_upgrade $connection_upgrade', ['default upgrade', "'' close"]),
      '# The scheme is the gateway\'s own, unless a trusted TLS terminator in front says which one the browser used',
      block('geo $realip_remote_addr $from_trusted_proxy', [
        'default 0',
        ...(production ? [`include ${quote(`${prefix}/${trustedProxyRangesFile}`)}`] : []),
      ]),
      block('map $from_trusted_proxy$http_x_forwarded_proto $forwarded_proto', ['default $scheme', '1https https', '1http http']),
      '# The requested path, shown in the JSON 404 only when it holds no character that needs escaping in JSON',
      block('map $request_uri $api_path', [
        `${quote(`~^(?<requested_path>${printablePathPattern})(?:[?]|$)`)} $requested_path`,
        `default ${quote(unmatchedPathLabel)}`,
      ]),
      '',
      '# Every service answer goes through these headers; the gateway alone sets browser security headers (per server)',
      'proxy_http_version 1.1',
      'proxy_set_header Connection ""',
      ...forwardedHeaders,
      ...securityHeaders(mode, undefined).map(([name]) => `proxy_hide_header ${name}`),
      '',
      ...(options.resolver
        ? [
            '# Service names are looked up again while nginx runs (proxyTo), so scaled replicas and restarted ones are found',
            `resolver ${options.resolver} valid=${resolverValidSeconds}s ipv6=off`,
            'resolver_timeout 2s',
            // A replica stopped within the last lookup's lifetime is gone from the network: give up on it quickly.
            'proxy_connect_timeout 2s',
          ]
        : serviceNames.map((service) => block(`upstream ${upstreamName(service)}`, [`server ${options.upstreams[service]}`, 'keepalive 16']))),
      // A replica that refuses the connection (stopped), resets it (a connection still in its listen queue when it
      // stopped listening: the request never reached the service) or answers 503 (draining on SIGTERM: it turned the
      // request away before any work, run-service.ts; or a peer or provider it needs is down) is skipped for the next
      // one, whatever the method: a POST too (non_idempotent), so a rolling restart loses none. A service answers or
      // gives up within its own request timeout (30 s), before nginx's read timeout (60 s), so a request the service
      // worked on is never sent twice that way; one cut off by a crash can be, which the Idempotency-Key that booking
      // and payment writes carry makes harmless.
      'proxy_next_upstream error timeout http_503 non_idempotent',
      '',
      ...apps.flatMap((site) => [appServer(site, options), '']),
      ...(production ? ports.map((port) => catchAllServer(port, mode)) : []),
    ]),
  ];

  const header = [
    '# Generated by infra/gateway/src/render-nginx.ts from routeOwnership and legacyRedirects in @repo/contracts.',
    '# Do not edit by hand: change the table or the renderer and render again.',
    '',
  ];
  return `${[...header, ...renderNodes(main, 0)].join('\n').replace(/\n+$/, '')}\n`;
}
