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
  '/privacy',
  '/sms-terms',
  '/find-appointment',
] as const;

/** Routes left out of the sitemap and closed to crawlers: a confirmation page and an internal design sample. */
export const unlistedPaths: readonly string[] = ['/payment-success', '/font-examples'];

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${new URL(path, `${origin}/`).toString()}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string, disallowed: readonly string[]): string {
  return ['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
