/**
 * Writes every public route as static HTML into dist (the shared step in @repo/ui/build/prerender does the work): the
 * page's markup inside #root, its head tags, and module preloads for its route's code. Also writes sitemap.xml and
 * robots.txt. `/` becomes dist/index.html, `/careers` dist/careers/index.html.
 */
import path from 'node:path';
import { prepareBuild } from '@repo/ui/build/prerender';

const appDir = path.resolve(import.meta.dirname, '..');
const build = await prepareBuild({ appDir, bootAdditions: ['scripts/boot-phone-menu.js'] });

/** Booking and payment pages sit in the data layout; they load it and every lazily loaded module of their feature. */
const featurePages = { '/book-appointment': 'booking', '/payment': 'payment', '/payment-success': 'payment' };

/** The modules whose built chunks (and their imports and styles) a page loads up front. */
function routeModules(route) {
  const module = build.routeModule(route);
  const feature = featurePages[route];
  if (!feature) return [module];
  const featureEntries = Object.keys(build.manifest).filter((key) => key.startsWith(`src/features/${feature}/`) && build.manifest[key].isDynamicEntry);
  return ['src/app/data-layout.tsx', module, ...featureEntries];
}

const { renderSite, htmlFileFor } = build.server;
const { pages, skipped, sitemap, robots } = await renderSite();
for (const route of skipped) console.log(`no page at ${route} yet: not prerendered`);
for (const page of pages) {
  await build.write(htmlFileFor(page.path), build.pageHtml(page, build.chunksOf(routeModules(page.path))), page.path);
}
await build.write('sitemap.xml', sitemap);
await build.write('robots.txt', robots);
console.log('wrote sitemap.xml and robots.txt');
