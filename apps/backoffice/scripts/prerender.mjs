/**
 * Writes the back office's pages as static HTML into dist (the shared step in @repo/ui/build/prerender does the
 * work): /my-jobs becomes dist/my-jobs/index.html with module preloads for its route's code, and dist/index.html, which
 * the gateway answers every other address with, becomes the shell (header and loading state). The browser renders the
 * page over either once the router knows who is signed in (src/main.tsx).
 */
import path from 'node:path';
import { prepareBuild } from '@repo/ui/build/prerender';

const build = await prepareBuild({ appDir: path.resolve(import.meta.dirname, '..') });
const { prerenderedPages, renderPage, renderShell, htmlFileFor } = build.server;

for (const page of Object.keys(prerenderedPages).map((route) => renderPage(route))) {
  await build.write(htmlFileFor(page.path), build.pageHtml(page, build.chunksOf([build.routeModule(page.path)]), { hydrate: false }), page.path);
}
await build.write('index.html', build.pageHtml(renderShell(), [], { hydrate: false }), 'the shell');
