/**
 * Writes the portal's pages as static HTML into dist (the shared step in @repo/ui/build/prerender does the work): the
 * page's markup inside #root, its title, and module preloads for its route's code. `/login` becomes
 * dist/login/index.html; dist/index.html, which the gateway answers every other address with, becomes the shell
 * (header and loading state) that the browser renders the address's page over.
 */
import path from 'node:path';
import { prepareBuild } from '@repo/ui/build/prerender';

const build = await prepareBuild({ appDir: path.resolve(import.meta.dirname, '..') });
const { renderSite, htmlFileFor, shellFile } = build.server;
const { pages, shell } = await renderSite();

for (const page of pages) {
  await build.write(htmlFileFor(page.path), build.pageHtml(page, build.chunksOf([build.routeModule(page.path)])), page.path);
}
// Only a page's own HTML is hydrated; the shell is rendered over.
await build.write(shellFile, build.pageHtml(shell, [], { hydrate: false }), 'the shell');
