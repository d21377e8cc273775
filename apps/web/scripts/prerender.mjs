/**
 * Writes every public route as static HTML into dist (the shared step in @repo/ui/build/prerender does the work): the
 * page's markup inside #root, its head tags, and module preloads for its route's code. Also writes sitemap.xml and
 * robots.txt. `/` becomes dist/index.html, `/careers` dist/careers/index.html.
 */
import path from 'node:path';
import { prepareBuild } from '@repo/ui/build/prerender';

const appDir = path.resolve(import.meta.dirname, '..');
const build = await prepareBuild({ appDir, bootAdditions: ['scripts/boot-phone-menu.js'] });

// The entry chunk (main.tsx) starts the app as it runs. A chunk it imports that imports it back runs first, so what it
// takes from there (a helper the bundler happened to put there) is missing as the page starts, and every page falls
// back to rendering afresh. vite.config.ts's groups prevent that; this keeps a change there from breaking pages.
const entryKey = Object.keys(build.manifest).find((key) => build.manifest[key].isEntry);
const importingEntry = Object.keys(build.manifest).filter((key) => build.manifest[key].imports?.includes(entryKey));
if (importingEntry.length > 0) throw new Error(`${importingEntry.join(', ')} import the entry chunk: add what they use there to a group in vite.config.ts`);

/**
 * Booking and payment pages sit in the data layout, so they load it with their route. What their features load
 * lazily (later booking steps, the confirmation, the card forms) is not preloaded: it is fetched when it is needed.
 */
const dataPages = new Set(['/book-appointment', '/payment', '/payment-success']);

/**
 * Lazy modules a page shows as soon as it has hydrated: preloaded with the page (fetched and compiled, not run), so
 * they run in a task of their own after hydration without a further round trip. Booking's calendar needs the
 * business's today, which the prerendered page cannot know.
 */
const shownAfterHydration = { '/book-appointment': ['src/features/booking/components/date-calendar.tsx'] };

/** The modules whose built chunks (and their imports and styles) a page loads up front. */
function routeModules(route) {
  const module = build.routeModule(route);
  return [...(dataPages.has(route) ? ['src/app/data-layout.tsx', module] : [module]), ...(shownAfterHydration[route] ?? [])];
}

const { renderSite, htmlFileFor } = build.server;
const { pages, skipped, sitemap, robots } = await renderSite();
for (const route of skipped) console.log(`no page at ${route} yet: not prerendered`);
for (const page of pages) {
  await build.write(htmlFileFor(page.path), build.pageHtml(page, build.chunksOf(routeModules(page.path))), page.path);
}
// Served with status 404 for every unknown address; rendered over rather than hydrated, since its address varies.
const notFound = await build.server.renderNotFound();
await build.write('404.html', build.pageHtml(notFound, [], { hydrate: false }), 'Page Not Found');
await build.write('sitemap.xml', sitemap);
await build.write('robots.txt', robots);
console.log('wrote sitemap.xml and robots.txt');
