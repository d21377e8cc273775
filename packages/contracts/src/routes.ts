/**
 * Which service owns which public path. nginx, the local gateway and their tests are derived from this table.
 * `prefix: true` means every path that starts with `path` (after the exact one).
 */
export const serviceNames = ['booking', 'accounts', 'tracking', 'payments', 'notifications'] as const;
export type ServiceName = (typeof serviceNames)[number];
/** Each service as the back office names it. */
export const serviceLabels: Record<ServiceName, string> = { booking: 'Booking', accounts: 'Accounts', tracking: 'Tracking', payments: 'Payments', notifications: 'Notifications' };

export type RouteOwnership = { path: string; prefix: boolean; service: ServiceName; websocket?: boolean };

/** Where a service shows staff the state of the effects it still owes its peers (see deliveries.ts). */
export const deliveriesPath = (service: ServiceName) => `/api/deliveries/${service}`;

/** Where a service gives staff its OpenAPI document; the back office's API reference merges them. */
export const apiDocsPath = (service: ServiceName) => `/api/docs/${service}`;

/**
 * Paths under this prefix are service-to-service only (e.g. effect deliveries, sent to a peer's internal address).
 * No route below may start with it; the gateway tests hold every gateway to that.
 */
export const internalPathPrefix = '/internal/';

export const routeOwnership: readonly RouteOwnership[] = [
  { path: '/api/appointments', prefix: true, service: 'booking' },
  { path: '/api/customer/', prefix: true, service: 'booking' },
  { path: '/api/service-systems', prefix: false, service: 'booking' },
  { path: '/api/auth/', prefix: true, service: 'accounts' },
  { path: '/api/admin/', prefix: true, service: 'accounts' },
  { path: '/api/technicians', prefix: true, service: 'tracking' },
  { path: '/api/tracking', prefix: true, service: 'tracking' },
  { path: '/ws', prefix: false, service: 'tracking', websocket: true },
  { path: '/api/create-payment-intent', prefix: false, service: 'payments' },
  { path: '/api/payments/', prefix: true, service: 'payments' },
  { path: '/api/payments', prefix: false, service: 'payments' },
  { path: '/api/notifications/', prefix: true, service: 'notifications' },
  ...serviceNames.map((service) => ({ path: deliveriesPath(service), prefix: false, service })),
  ...serviceNames.map((service) => ({ path: apiDocsPath(service), prefix: false, service })),
];

/** The service that answers `pathname`, or undefined when no service owns it. Longest match wins. */
export function serviceForPath(pathname: string): ServiceName | undefined {
  let best: RouteOwnership | undefined;
  for (const route of routeOwnership) {
    const matches = route.prefix ? pathname.startsWith(route.path) : pathname === route.path;
    if (matches && (!best || route.path.length > best.path.length)) best = route;
  }
  return best?.service;
}

/** Old single-site paths on the main host and the app that now serves them. */
export const legacyRedirects: readonly { path: string; prefix: boolean; app: 'portal' | 'backoffice'; to: string }[] = [
  { path: '/login', prefix: false, app: 'portal', to: '/login' },
  { path: '/register', prefix: false, app: 'portal', to: '/register' },
  { path: '/customer-portal', prefix: false, app: 'portal', to: '/customer-portal' },
  { path: '/technician-tracking', prefix: false, app: 'portal', to: '/technician-tracking' },
  { path: '/admin-', prefix: true, app: 'backoffice', to: '' },
  { path: '/technician-management', prefix: false, app: 'backoffice', to: '/technician-management' },
];

export const appNames = ['web', 'portal', 'backoffice'] as const;
export type AppName = (typeof appNames)[number];

/**
 * Where each app is served on a developer's machine (`pnpm start`, browser tests). Browsers share cookies across ports
 * of one host, so the back office gets a host of its own (127.0.0.1, still a secure context for geolocation): its
 * session cookie and a customer's never reach the same page, as with separate hosts in production.
 */
export const localAppHosts: Record<AppName, string> = { web: 'localhost', portal: 'localhost', backoffice: '127.0.0.1' };
export const defaultLocalAppPorts: Record<AppName, number> = { web: 8080, portal: 8081, backoffice: 8082 };
/** Each service's port when its environment names none: `pnpm start`'s defaults and the local gateway's upstreams. */
export const defaultServicePorts: Record<ServiceName, number> = { booking: 3001, accounts: 3002, tracking: 3003, payments: 3004, notifications: 3005 };
export const localAppOrigin = (app: AppName, port: number = defaultLocalAppPorts[app]) => `http://${localAppHosts[app]}:${port}`;

/**
 * Every page of each app, as its router matches it (`:name` stands for one path segment; a trailing slash is the same
 * page). The gateways answer anything else on an app's host (that is no file and no API path) with 404 and the app's
 * Page Not Found page, so an unknown address is never a soft 404. Each app's router test holds it to this table.
 */
export const appPages: Record<AppName, readonly string[]> = {
  web: ['/', '/careers', '/book-appointment', '/payment', '/payment-success', '/sub-zero-repair', '/wolf-repair', '/font-examples', '/privacy', '/sms-terms', '/find-appointment'],
  portal: ['/', '/login', '/register', '/forgot-password', '/reset-password', '/email-sign-in', '/sign-in-link', '/confirm-email', '/confirm-email-change', '/customer-portal', '/message-preferences', '/appointments/:id', '/invoices', '/invoices/:id', '/appliances', '/technician-tracking'],
  backoffice: [
    '/',
    '/admin-login',
    '/admin-customer-management',
    '/customers/:id',
    '/technician-management',
    '/admin-tracking',
    '/dispatch-board',
    '/closures',
    '/invoices',
    '/invoices/:id',
    '/price-book',
    '/admin-payments',
    '/admin-deliveries',
    '/admin-notifications',
    '/admin-staff',
    '/api-reference',
    '/my-jobs',
  ],
};

/** The regular expression (source) of one page pattern of `appPages`: `/appointments/:id` → `^/appointments/[^/]+/?$`. */
export function appPagePattern(page: string): string {
  if (page === '/') return '^/$';
  const segments = page
    .split('/')
    .slice(1)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')));
  return `^/${segments.join('/')}/?$`;
}

/** Whether `pathname` (decoded, without the query) is one of the app's pages. */
export function isAppPage(app: AppName, pathname: string): boolean {
  return appPages[app].some((page) => new RegExp(appPagePattern(page)).test(pathname));
}
