import { matchRoutes } from 'react-router-dom';
import { renderPageHead } from '@repo/ui';
import { loadMatchedRoutes } from '@repo/ui/prerender';
import { renderRoutes, type PrerenderedPage } from '@repo/ui/prerender/server';
import { AppProvider } from '../app/provider.tsx';
import { routes } from '../app/router.tsx';
import { env } from '../config/env.ts';
import { defaultHead } from '../lib/seo.ts';
import { prerenderedPaths, robotsTxt, sitemapXml, unlistedPaths } from './paths.ts';

export { htmlFileFor } from '@repo/ui/prerender';

/** Renders one route to HTML with the same tree the browser hydrates, and the head its page asked for. */
export async function renderPage(path: string): Promise<PrerenderedPage> {
  await loadMatchedRoutes(routes, path);
  const { html, head } = renderRoutes(routes, path, AppProvider);
  return { path, html, head: renderPageHead({ ...defaultHead(path), ...head }) };
}

/** Any address no page has: what the catch-all route renders. */
const unknownPath = '/page-not-found';

/**
 * The Page Not Found page the gateways answer unknown addresses with (status 404, dist/404.html): its own title, and
 * no canonical address or structured data, which would claim it is another page of the site.
 */
export async function renderNotFound(): Promise<PrerenderedPage> {
  await loadMatchedRoutes(routes, unknownPath);
  const { html, head } = renderRoutes(routes, unknownPath, AppProvider);
  const { canonicalUrl: _canonical, structuredData: _structuredData, ...rest } = { ...defaultHead(unknownPath), ...head };
  return { path: unknownPath, html, head: renderPageHead(rest) };
}

/** Whether a page is registered at `path` (rather than the catch-all 404). */
function hasPage(path: string): boolean {
  return matchRoutes(routes, path)?.at(-1)?.route.path !== '*';
}

/**
 * Every prerendered page that exists, plus sitemap.xml and robots.txt for the configured origin. A listed path with no
 * page yet is left out; the browser renders it.
 */
export async function renderSite(): Promise<{ pages: PrerenderedPage[]; skipped: string[]; sitemap: string; robots: string }> {
  const present = prerenderedPaths.filter(hasPage);
  const pages: PrerenderedPage[] = [];
  for (const path of present) pages.push(await renderPage(path));
  const skipped = prerenderedPaths.filter((path) => !present.includes(path));
  const listed = present.filter((path) => !unlistedPaths.includes(path));
  return { pages, skipped, sitemap: sitemapXml(env.webOrigin, listed), robots: robotsTxt(env.webOrigin, unlistedPaths) };
}
