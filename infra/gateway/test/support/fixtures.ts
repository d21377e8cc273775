import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { appNames, type AppName } from '@repo/contracts';
export { freePort } from '@repo/service-kit/testing';

export const assetFile = 'assets/app-abc123.js';

/** Large enough for gzip to matter (nginx and the gateway skip bodies under 1 KB). */
export const assetSource = Array.from({ length: 2000 }, (_, index) => `console.log("asset line ${index}");`).join('\n');

export const indexHtml = (app: AppName) => `<!doctype html><html><head><title>${app}</title></head><body>${app} app</body></html>`;

export type TempDir = { dir: string; remove(): Promise<void> };

export async function tempDir(label: string): Promise<TempDir> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `gateway-${label.replace(/\W+/g, '-')}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** One page of each app's `appPages` that the fixture prerenders, and one with a parameter (portal). */
export const prerenderedPage: Record<AppName, string> = { web: '/careers', portal: '/register', backoffice: '/admin-staff' };

/** A small build of each app, as Vite lays it out: index.html and hashed files under assets/. */
export async function writeDists(root: string): Promise<Record<AppName, string>> {
  const dists = {} as Record<AppName, string>;
  for (const app of appNames) {
    const dist = path.join(root, app, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), indexHtml(app));
    await writeFile(path.join(dist, assetFile), assetSource);
    await mkdir(path.join(dist, 'videos'), { recursive: true });
    await writeFile(path.join(dist, 'videos', 'clip.webm'), 'webm');
    await writeFile(path.join(dist, 'videos', 'clip.vtt'), 'WEBVTT\n');
    // A page prerendered at build time, as apps/web writes them: dist/<route>/index.html; and, for the web app only,
    // its prerendered Page Not Found page (the others answer an unknown path with index.html and status 404).
    await mkdir(path.join(dist, prerenderedPage[app].slice(1)), { recursive: true });
    await writeFile(path.join(dist, prerenderedPage[app].slice(1), 'index.html'), `<!doctype html><title>${app} prerendered</title>`);
    if (app === 'web') await writeFile(path.join(dist, '404.html'), `<!doctype html><title>${app} not found</title>`);
    dists[app] = dist;
  }
  return dists;
}

