import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { TurnKind } from './file-turns.ts';

/**
 * A setup file of the browser tests: each test file takes its turn on the shared stack before its own hooks run and
 * gives it back after them (file-turns.ts). Files that disturb the stack for others while they run are listed here and
 * run alone: tracking-live stops tracking; hostile-input compares everything stored before and after its calls.
 */
const runAlone = new Set(['tracking-live.test.ts', 'hostile-input.test.ts']);

let kind: TurnKind | undefined;

/**
 * Asks the stack's control server for a turn or gives it back. A turn can take minutes to come (the files before it
 * finishing), longer than fetch waits for an answer, so this is a plain request, which waits as long as it takes.
 */
const turn = (action: 'enter' | 'leave', of: TurnKind) =>
  new Promise<void>((resolve, reject) => {
    const call = request(`${inject('control')}/turns/${action}/${of}`, { method: 'POST' }, (response) => {
      response.resume();
      if (response.statusCode === 204) resolve();
      else reject(new Error(`the stack's control server answered ${response.statusCode} to ${action} ${of}`));
    });
    call.on('error', reject);
    call.end();
  });

beforeAll(async () => {
  const file = expect.getState().testPath;
  if (!file) throw new Error('take-turn: the test file is not known yet');
  kind = runAlone.has(path.basename(file)) ? 'alone' : 'shared';
  await turn('enter', kind);
});

afterAll(async () => {
  if (kind) await turn('leave', kind);
});
