import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// The Nu Html Checker (vnu-jar, the W3C's validator), run offline with the machine's Java (`java` on PATH, or
// JAVA_HOME): on the built files (checks/html.test.ts) and on the DOM the browser renders (checks/rendered-html.test.ts).

const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

export type VnuMessage = { type: string; subType?: string; url: string; lastLine?: number; message: string; extract?: string };

function java(): string {
  return process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
}

/** Every message vnu gives for `files`, in one JVM (it exits 1 when it finds errors; its JSON goes to stderr). */
export async function vnuMessages(files: string[]): Promise<VnuMessage[]> {
  const run = promisify(execFile);
  const args = ['-Xss8m', '-jar', vnuJar, '--errors-only', '--format', 'json', ...files];
  const output = await run(java(), args, { maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stderr }) => stderr,
    (error: { stderr?: string; message: string }) => {
      if (!error.stderr?.trim().startsWith('{')) throw new Error(`vnu could not run (${java()} -jar ${vnuJar}): ${error.stderr || error.message}`);
      return error.stderr;
    },
  );
  return (JSON.parse(output) as { messages: VnuMessage[] }).messages;
}

/** One line per message: the file relative to `root`, the line, the message and the start of the markup it is about. */
export const describeVnuMessage = (message: VnuMessage, root: string) =>
  `${path.relative(root, decodeURIComponent(new URL(message.url).pathname))}:${message.lastLine ?? '?'} ${message.message}${message.extract ? ` «${message.extract.trim().slice(0, 120)}»` : ''}`;

/**
 * vnu's messages on HTML documents held in memory, each written to `<name>.html` in a directory of its own for the
 * run, so every message names the document it is about.
 */
export async function vnuMessagesOn(documents: { name: string; html: string }[]): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vnu-rendered-'));
  try {
    const files = await Promise.all(
      documents.map(async ({ name, html }) => {
        const file = path.join(dir, `${name}.html`);
        await writeFile(file, html);
        return file;
      }),
    );
    const messages = await vnuMessages(files);
    return messages.filter((message) => message.type !== 'info').map((message) => describeVnuMessage(message, dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
