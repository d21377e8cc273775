import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';

/**
 * What the connector import benchmarks share: the vendor's sandbox in a process of its own (the benchmark's file run
 * again with the argument `sandbox`, which prints `{"url": …}` once it listens), so the memory measured is the
 * importer's; this process's resident memory; and a deadline that ends a run that never finishes.
 */

/** This process's resident memory in bytes (VmRSS). */
export async function rss(): Promise<number> {
  const status = await readFile('/proc/self/status', 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kb) throw new Error('benchmark: no VmRSS in /proc/self/status');
  return Number(kb) * 1024;
}

/** Starts `file` again as the sandbox and answers once it says where it listens. */
export async function startSandboxProcess(file: string, name: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...process.execArgv, file, 'sandbox'], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const parsed: unknown = JSON.parse(line);
    if (parsed && typeof parsed === 'object' && 'url' in parsed && typeof parsed.url === 'string') return { child, url: parsed.url };
  }
  throw new Error(`${name} benchmark: the sandbox process ended before it listened`);
}

/** Ends the benchmark with a failure when it is not done after `seconds`. */
export function exitAfter(name: string, seconds: number): void {
  setTimeout(() => {
    console.error(`${name} benchmark: not done after ${seconds} s`);
    process.exit(1);
  }, seconds * 1000).unref();
}
