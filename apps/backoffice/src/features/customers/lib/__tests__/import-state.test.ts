import { describe, expect, it } from 'vitest';
import type { ImportJob } from '@repo/contracts';
import { importPlace, importState } from '../import-state.ts';

const importJob = (overrides: Partial<ImportJob>): ImportJob => ({
  id: 1,
  system: 'servicepro',
  company: 'St Augustine Appliance Repair (demo)',
  status: 'running',
  fetched: 0,
  created: 0,
  updated: 0,
  failed: 0,
  totalImported: 0,
  expectedTotal: null,
  error: null,
  failures: [],
  startedBy: 'owner@example.com',
  startedAt: '2026-03-10T18:00:00.000Z',
  finishedAt: null,
  pagesSaved: 0,
  position: null,
  retry: null,
  resumable: false,
  resumed: 0,
  ...overrides,
});

const retry = { message: 'ServicePro is not answering properly right now (HTTP 503)', attempt: 1, attempts: 2, failedAt: '2026-03-10T18:01:00.000Z' };

describe('an import’s state in words', () => {
  it('is running, waiting to retry, failed or done', () => {
    expect(importState(importJob({ status: 'running' }))).toEqual({ name: 'running', label: 'Running', color: 'brand' });
    expect(importState(importJob({ status: 'running', retry }))).toEqual({ name: 'waiting', label: 'Waiting to retry', color: 'yellow' });
    expect(importState(importJob({ status: 'failed', error: 'ServicePro refused…' }))).toEqual({ name: 'failed', label: 'Failed', color: 'red' });
    expect(importState(importJob({ status: 'succeeded' }))).toEqual({ name: 'done', label: 'Done', color: 'green' });
  });

  it('says where it got to: pages saved and the page or cursor it goes on from', () => {
    expect(importPlace(importJob({ pagesSaved: 0, position: null }))).toBe('No page saved yet; starts at the first');
    expect(importPlace(importJob({ pagesSaved: 1, position: '2' }))).toBe('1 page saved; next page 2');
    expect(importPlace(importJob({ status: 'failed', pagesSaved: 4, position: '5' }))).toBe('4 pages saved; resumes at page 5');
    expect(importPlace(importJob({ status: 'failed', pagesSaved: 2, position: 'Y3Vyc29yOjIwMA==' }))).toBe('2 pages saved; resumes at cursor Y3Vyc29yOjIw…');
    expect(importPlace(importJob({ status: 'succeeded', pagesSaved: 3, position: null }))).toBe('3 pages saved, to the end');
  });
});
