import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeVnuMessage, vnuMessages as check } from '../support/vnu.ts';

// The Nu Html Checker (vnu-jar, the W3C's validator) on every HTML file the three apps build: the public site's
// prerendered pages (its Page Not Found page among them) and the portal's and back office's entry pages. Errors only:
// its warnings are advice (a lang attribute it guesses, a trailing slash on void elements) rather than invalid markup.
// It runs offline with the machine's Java (`java` on PATH, or JAVA_HOME). What the browser renders from them (signed
// in, tabs and dialogs open) is checked in rendered-html.test.ts.

const repoRoot = path.resolve(import.meta.dirname, '../..');
const apps = ['web', 'portal', 'backoffice'] as const;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(file);
    return entry.name.endsWith('.html') ? [file] : [];
  });
}

function builtPages(): string[] {
  return apps.flatMap((app) => {
    const dist = path.join(repoRoot, 'apps', app, 'dist');
    if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist}/index.html is missing: build the apps first (pnpm build).`);
    return htmlFiles(dist);
  });
}

describe('the Nu Html Checker on every built page', () => {
  const pages = builtPages();

  it('finds every app’s pages: the public site’s prerendered ones and the other apps’ entry pages', () => {
    const relative = pages.map((file) => path.relative(repoRoot, file));
    expect(relative).toEqual(
      expect.arrayContaining(['apps/web/dist/index.html', 'apps/web/dist/404.html', 'apps/portal/dist/index.html', 'apps/backoffice/dist/index.html']),
    );
    // The public site prerenders its pages: home, booking, payment, careers, brand pages and more.
    expect(relative.filter((file) => file.startsWith('apps/web/')).length).toBeGreaterThanOrEqual(9);
  });

  it('finds no error in any of them', async () => {
    const messages = await check(pages);
    expect(messages.filter((message) => message.type !== 'info').map((message) => describeVnuMessage(message, repoRoot))).toEqual([]);
  });

  it('does check: a style inside the body and an attribute HTML does not have are errors', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const dir = await mkdtemp(path.join(tmpdir(), 'vnu-check-'));
    try {
      const file = path.join(dir, 'invalid.html');
      await writeFile(file, '<!doctype html><html lang="en"><head><title>x</title></head><body><div radius="xl"></div><style>:root{}</style></body></html>');
      const errors = (await check([file])).filter((message) => message.type === 'error').map((message) => message.message);
      expect(errors.some((message) => /radius/.test(message))).toBe(true);
      expect(errors.some((message) => /style/.test(message))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
