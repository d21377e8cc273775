/** The public routes written to HTML at build time. */
export const prerenderedPaths = [
  '/',
  '/careers',
  '/sub-zero-repair',
  '/wolf-repair',
  '/font-examples',
  '/book-appointment',
  '/payment',
  '/payment-success',
] as const;

/** Routes left out of the sitemap and closed to crawlers: a confirmation page and an internal design sample. */
export const unlistedPaths: readonly string[] = ['/payment-success', '/font-examples'];

/** "/careers/" and "/careers" are the same page. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** Whether the HTML prerendered for `prerenderedPath` is the page at `pathname`. */
export function isPrerenderedFor(prerenderedPath: string | undefined, pathname: string): boolean {
  return prerenderedPath !== undefined && normalizePath(prerenderedPath) === normalizePath(pathname);
}

/** Where a prerendered route's HTML goes inside dist: `/` is index.html, `/careers` is careers/index.html. */
export function htmlFileFor(path: string): string {
  const normalized = normalizePath(path);
  return normalized === '/' ? 'index.html' : `${normalized.slice(1)}/index.html`;
}

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${new URL(path, `${origin}/`).toString()}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string, disallowed: readonly string[]): string {
  return ['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
