import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The Nu Html Checker (vnu-jar, the W3C's validator) on every HTML file the three apps build: the public site's
// prerendered pages (its Page Not Found page among them) and the portal's and back office's entry pages. Errors only:
// its warnings are advice (a lang attribute it guesses, a trailing slash on void elements) rather than invalid markup.
// It runs offline with the machine's Java (`java` on PATH, or JAVA_HOME).

const repoRoot = path.resolve(import.meta.dirname, '../..');
const apps = ['web', 'portal', 'backoffice'] as const;
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

type Message = { type: string; subType?: string; url: string; lastLine?: number; message: string; extract?: string };

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

function java(): string {
  return process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
}

/** Every message vnu gives for `files`, in one JVM (it exits 1 when it finds errors; its JSON goes to stderr). */
async function check(files: string[]): Promise<Message[]> {
  const run = promisify(execFile);
  const args = ['-Xss8m', '-jar', vnuJar, '--errors-only', '--format', 'json', ...files];
  const output = await run(java(), args, { maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stderr }) => stderr,
    (error: { stderr?: string; message: string }) => {
      if (!error.stderr?.trim().startsWith('{')) throw new Error(`vnu could not run (${java()} -jar ${vnuJar}): ${error.stderr || error.message}`);
      return error.stderr;
    },
  );
  return (JSON.parse(output) as { messages: Message[] }).messages;
}

const describeMessage = (message: Message) =>
  `${path.relative(repoRoot, decodeURIComponent(new URL(message.url).pathname))}:${message.lastLine ?? '?'} ${message.message}${message.extract ? ` «${message.extract.trim().slice(0, 120)}»` : ''}`;

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
    expect(messages.filter((message) => message.type !== 'info').map(describeMessage)).toEqual([]);
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
