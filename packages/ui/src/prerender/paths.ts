/** "/login/" and "/login" are the same page. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** Whether the HTML prerendered for `prerenderedPath` is the page at `pathname`. */
export function isPrerenderedFor(prerenderedPath: string | undefined, pathname: string): boolean {
  return prerenderedPath !== undefined && normalizePath(prerenderedPath) === normalizePath(pathname);
}

/** Where a prerendered page's HTML goes inside dist: `/` is index.html, `/login` is login/index.html (served at /login). */
export function htmlFileFor(path: string): string {
  const normalized = normalizePath(path);
  return normalized === '/' ? 'index.html' : `${normalized.slice(1)}/index.html`;
}
