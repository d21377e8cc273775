/**
 * The portal's pages written to HTML at build time. The customer portal's and the tracking page's HTML is their
 * loading state: who is signed in, and which appointment the address's query names, are known only in the browser.
 */
export const prerenderedPaths = ['/login', '/register', '/customer-portal', '/technician-tracking'] as const;

/**
 * The HTML the gateway answers every other address with (its single-page fallback, dist/index.html): the header and a
 * loading state, which the browser replaces with the address's page (an appointment, the 404 card, `/`'s redirect).
 */
export const shellFile = 'index.html';

/** "/login/" and "/login" are the same page. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** Whether the HTML prerendered for `prerenderedPath` is the page at `pathname`. */
export function isPrerenderedFor(prerenderedPath: string | undefined, pathname: string): boolean {
  return prerenderedPath !== undefined && normalizePath(prerenderedPath) === normalizePath(pathname);
}

/** Where a prerendered page's HTML goes inside dist: `/login` is login/index.html, which both gateways serve at /login. */
export function htmlFileFor(path: string): string {
  const normalized = normalizePath(path);
  return normalized === '/' ? shellFile : `${normalized.slice(1)}/index.html`;
}
