/**
 * Writes the portal's pages as static HTML into dist (after `vite build` and the SSR build of
 * src/prerender/entry-server.tsx): the page's markup inside #root, its title, and module preloads for its route's code.
 * `/login` becomes dist/login/index.html; dist/index.html, which the gateway answers every other address with, becomes
 * the shell (header and loading state) that the browser renders the address's page over.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(appDir, 'dist');
const serverEntry = path.join(appDir, 'node_modules/.ssr-build/entry-server.js');

/** A page's route module: src/app/routes/<path>.tsx. */
const routeModule = (route) => `src/app/routes/${route.slice(1)}.tsx`;

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
const { renderSite, htmlFileFor, shellFile } = await import(pathToFileURL(serverEntry).href);
const { pages, shell } = await renderSite();

/** The page's HTML: its head, its markup, and boot.js with the entry and the route's chunks. */
function pageHtml(page, routeChunks) {
  const styles = [...new Set(routeChunks.flatMap((chunk) => chunk.css ?? []))].filter((file) => !template.includes(`/${file}"`));
  const modules = [...new Set([entry, ...entryPreloads, ...routeChunks.map((chunk) => `/${chunk.file}`)])];
  const preloads = [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
    `<script defer src="/${bootFile}" data-modules="${modules.join(' ')}"></script>`,
  ];
  // Only a page's own HTML is hydrated; the shell is rendered over.
  const rootTag = page === shell ? '<div id="root">' : `<div id="root" data-prerendered-path="${page.path}">`;
  return template
    .replace(headMarker, () => page.head)
    .replace('</head>', () => `  ${preloads.join('\n    ')}\n  </head>`)
    .replace(rootMarker, () => `${rootTag}${page.html}</div>`);
}

async function write(file, html, label) {
  const target = path.join(distDir, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, html);
  console.log(`prerendered ${label} → ${path.relative(appDir, target)} (${(html.length / 1024).toFixed(1)} kB)`);
}

for (const page of pages) {
  const module = routeModule(page.path);
  if (!manifest[module]) throw new Error(`no chunk for ${module} in the manifest: is ${page.path} a route module?`);
  await write(htmlFileFor(page.path), pageHtml(page, chunks(manifest, module)), page.path);
}
await write(shellFile, pageHtml(shell, []), 'the shell');
