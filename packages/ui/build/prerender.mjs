/**
 * The build step both prerendered apps share, run after `vite build` and the SSR build of the app's
 * src/prerender/entry-server.tsx: it reads the built index.html, manifest and server entry, and writes pages into
 * dist with the page's markup inside #root, its head tags, and boot.js with module preloads for its route's code.
 * Each app's scripts/prerender.mjs decides which pages (and other files) to write.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const headMarker = '<!--app-head-->';
const rootMarker = '<div id="root"></div>';

/**
 * Vite's entry script and module preloads are replaced by boot.js, which adds them after the first paint. An app's own
 * pre-hydration behaviour (`bootAdditions`) is appended to boot.js, so each page still loads one boot file.
 */
const entryScript = /<script type="module" crossorigin src="(\/assets\/[^"]+)"><\/script>\s*/;
const entryPreload = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+)">\s*/g;

/**
 * React writes what it hoists to the document's head (image preloads, styles with a precedence such as the theme's)
 * at the start of its markup when it renders no <head> of its own. They go into the page's head: a style is only valid
 * there, and the preloads start sooner. In the browser React finds them there (it does not hydrate them in place).
 */
const hoisted = /^(?:<link [^>]*\/>|<style data-precedence="[^"]*" data-href="[^"]*">[\s\S]*?<\/style>)+/;

/**
 * Prepares the app at `appDir` for prerendering. `bootAdditions` are the app's own scripts (paths inside `appDir`)
 * appended to the shared boot.js, which runs before the page's code.
 */
export async function prepareBuild({ appDir, bootAdditions = [] }) {
  const distDir = path.join(appDir, 'dist');
  const built = await readFile(path.join(distDir, 'index.html'), 'utf8');
  if (!built.includes(headMarker) || !built.includes(rootMarker)) {
    throw new Error(`dist/index.html must hold ${headMarker} and ${rootMarker}; was it already prerendered?`);
  }
  const entry = built.match(entryScript)?.[1];
  if (!entry) throw new Error('dist/index.html has no entry module script');
  const entryPreloads = [...built.matchAll(entryPreload)].map((match) => match[1]);
  const template = built.replace(entryScript, '').replace(entryPreload, '');

  // Every page loads the boot file before its code, so its whole-line comments are left out of what is served. Its
  // name carries a hash of its content, as the gateway caches /assets/ forever.
  const bootParts = [path.join(import.meta.dirname, 'boot.js'), ...bootAdditions.map((file) => path.join(appDir, file))];
  const bootSource = (await Promise.all(bootParts.map((file) => readFile(file, 'utf8'))))
    .join('\n')
    .replace(/^\s*(\/\/.*|\/\*.*\*\/)\n/gm, '');
  const bootFile = `assets/boot-${createHash('sha256').update(bootSource).digest('hex').slice(0, 10)}.js`;
  await writeFile(path.join(distDir, bootFile), bootSource);

  const manifest = JSON.parse(await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const server = await import(pathToFileURL(path.join(appDir, 'node_modules/.ssr-build/entry-server.js')).href);

  /** The chunks a module needs, itself first, without the entry chunk (which the page loads anyway). */
  function chunks(key, seen = new Set()) {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || chunk.isEntry) return [];
    seen.add(key);
    return [chunk, ...(chunk.imports ?? []).flatMap((child) => chunks(child, seen))];
  }

  return {
    manifest,
    server,

    /** A page's route module, src/app/routes/<path>.tsx (`home` for `/`), checked to be in the build. */
    routeModule(route) {
      const module = `src/app/routes/${route === '/' ? 'home' : route.slice(1)}.tsx`;
      if (!manifest[module]) throw new Error(`no chunk for ${module} in the manifest: is ${route} a route module?`);
      return module;
    },

    /** The built chunks (and their imports) of `modules`, each module's own first. */
    chunksOf(modules) {
      return modules.flatMap((module) => chunks(module));
    },

    /**
     * The page's HTML: its head, its markup, and boot.js with the entry and `routeChunks`. Only a page marked
     * `hydrate` is hydrated in the browser; other HTML (a shell) is rendered over.
     */
    pageHtml(page, routeChunks, { hydrate = true } = {}) {
      const styles = [...new Set(routeChunks.flatMap((chunk) => chunk.css ?? []))].filter((file) => !template.includes(`/${file}"`));
      const modules = [...new Set([entry, ...entryPreloads, ...routeChunks.map((chunk) => `/${chunk.file}`)])];
      const head = page.html.match(hoisted)?.[0] ?? '';
      const preloads = [
        ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
        ...(head ? [head] : []),
        `<script defer src="/${bootFile}" data-modules="${modules.join(' ')}"></script>`,
      ];
      const rootTag = hydrate ? `<div id="root" data-prerendered-path="${page.path}">` : '<div id="root">';
      // The route's styles come after the entry's, as they would when its code loads them, so they win ties.
      return template
        .replace(headMarker, () => page.head)
        .replace('</head>', () => `  ${preloads.join('\n    ')}\n  </head>`)
        .replace(rootMarker, () => `${rootTag}${page.html.slice(head.length)}</div>`);
    },

    /** Writes `content` to `file` inside dist. */
    async write(file, content, label) {
      const target = path.join(distDir, file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content);
      if (label) console.log(`prerendered ${label} → ${path.relative(appDir, target)} (${(content.length / 1024).toFixed(1)} kB)`);
    },
  };
}
