/**
 * Writes every public route as static HTML into dist (after `vite build` and the SSR build of
 * src/prerender/entry-server.tsx): the page's markup inside #root, its head tags, and module preloads for its route's
 * code. Also writes sitemap.xml and robots.txt. `/` becomes dist/index.html, `/careers` dist/careers/index.html.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(appDir, 'dist');
const serverEntry = path.join(appDir, 'node_modules/.ssr-build/entry-server.js');

/** A page's route module: src/app/routes/<path>.tsx, `home` for `/`. */
const routeModule = (route) => `src/app/routes/${route === '/' ? 'home' : route.slice(1)}.tsx`;

/** Booking and payment pages sit in the data layout; they load it and every lazily loaded module of their feature. */
const featurePages = { '/book-appointment': 'booking', '/payment': 'payment', '/payment-success': 'payment' };

/** The modules whose built chunks (and their imports and styles) a page loads up front. */
function routeModules(manifest, route) {
  const module = routeModule(route);
  if (!manifest[module]) throw new Error(`no chunk for ${module} in the manifest: is ${route} a route module?`);
  const feature = featurePages[route];
  if (!feature) return [module];
  const featureEntries = Object.keys(manifest).filter((key) => key.startsWith(`src/features/${feature}/`) && manifest[key].isDynamicEntry);
  return ['src/app/data-layout.tsx', module, ...featureEntries];
}

const headMarker = '<!--app-head-->';
const rootMarker = '<div id="root"></div>';

/** The chunks a module needs, itself first, without the entry chunk (which the page loads anyway). */
function chunks(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key) || chunk.isEntry) return [];
  seen.add(key);
  return [chunk, ...(chunk.imports ?? []).flatMap((child) => chunks(manifest, child, seen))];
}

const built = await readFile(path.join(distDir, 'index.html'), 'utf8');
if (!built.includes(headMarker) || !built.includes(rootMarker)) {
  throw new Error(`dist/index.html must hold ${headMarker} and ${rootMarker}; was it already prerendered?`);
}

/**
 * Vite's entry script and module preloads are replaced by boot.js, which adds them after the first paint. Its name
 * carries a hash of its content, as the gateway caches /assets/ forever.
 */
const entryScript = /<script type="module" crossorigin src="(\/assets\/[^"]+)"><\/script>\s*/;
const entryPreload = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+)">\s*/g;
const entry = built.match(entryScript)?.[1];
if (!entry) throw new Error('dist/index.html has no entry module script');
const entryPreloads = [...built.matchAll(entryPreload)].map((match) => match[1]);
const template = built.replace(entryScript, '').replace(entryPreload, '');
const bootSource = await readFile(path.join(appDir, 'scripts/boot.js'), 'utf8');
const bootFile = `assets/boot-${createHash('sha256').update(bootSource).digest('hex').slice(0, 10)}.js`;
await writeFile(path.join(distDir, bootFile), bootSource);
const manifest = JSON.parse(await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8'));
const { renderSite, htmlFileFor } = await import(pathToFileURL(serverEntry).href);
const { pages, skipped, sitemap, robots } = await renderSite();
for (const route of skipped) console.log(`no page at ${route} yet: not prerendered`);

for (const page of pages) {
  const needed = routeModules(manifest, page.path).flatMap((module) => chunks(manifest, module));
  const styles = [...new Set(needed.flatMap((chunk) => chunk.css ?? []))].filter((file) => !template.includes(`/${file}"`));
  const modules = [...new Set([entry, ...entryPreloads, ...needed.map((chunk) => `/${chunk.file}`)])];
  const preloads = [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
    `<script defer src="/${bootFile}" data-modules="${modules.join(' ')}"></script>`,
  ];
  // The route's styles come after the entry's, as they would when its code loads them, so they win ties.
  const html = template
    .replace(headMarker, () => page.head)
    .replace('</head>', () => `  ${preloads.join('\n    ')}\n  </head>`)
    .replace(rootMarker, () => `<div id="root" data-prerendered-path="${page.path}">${page.html}</div>`);
  const file = path.join(distDir, htmlFileFor(page.path));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, html);
  console.log(`prerendered ${page.path} → ${path.relative(appDir, file)} (${(html.length / 1024).toFixed(1)} kB)`);
}
await writeFile(path.join(distDir, 'sitemap.xml'), sitemap);
await writeFile(path.join(distDir, 'robots.txt'), robots);
console.log('wrote sitemap.xml and robots.txt');
