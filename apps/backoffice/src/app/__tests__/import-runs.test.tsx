import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportJob } from '@repo/contracts';
import { fakeApi, json, type Answer } from '@repo/ui/testing/api';
import { expectPageHeading } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { adminUser, importJob, sandboxSource } from './support/back-office-examples.ts';
import { renderAppAt, signIn } from './support/fixtures.ts';

/** Answers each of `states` in turn, then keeps the last one (the page polls every second while one runs). */
function inTurn<T>(states: T[]): Answer {
  let asked = 0;
  return () => json(200, states[Math.min(asked++, states.length - 1)]);
}

const retry = { message: 'ServicePro is not answering properly right now (ServicePro answered HTTP 503 for the customer list (tried 5 times))', attempt: 1, attempts: 2, failedAt: '2026-03-10T18:01:00.000Z' };
const failedJob = importJob({
  id: 7,
  status: 'failed',
  fetched: 500,
  created: 500,
  totalImported: 500,
  expectedTotal: 1100,
  pagesSaved: 1,
  position: '2',
  resumable: true,
  finishedAt: '2026-03-10T18:02:00.000Z',
  error: 'ServicePro is not answering properly right now (HTTP 500), so the import stopped after reading 500 customers. The 500 customers imported before are kept; resume it to carry on from there, or run the import again.',
});
const olderDone = importJob({ id: 6, status: 'succeeded', fetched: 1100, created: 1100, totalImported: 1100, pagesSaved: 3, finishedAt: '2026-03-09T18:02:00.000Z', startedAt: '2026-03-09T18:00:00.000Z' });

async function renderImports(latest: Answer, list: Answer, more: Record<string, Answer> = {}) {
  const api = fakeApi({ ...signIn(adminUser), 'GET /api/admin/import-source': () => json(200, sandboxSource), 'GET /api/admin/import-jobs/latest': latest, 'GET /api/admin/import-jobs': list, ...more });
  await renderAppAt(<App />, '/admin-customer-management');
  await expectPageHeading('Customer Management');
  return api;
}

/** Where the latest import got to, as its own section says. */
const place = () => within(screen.getByRole('region', { name: /^Import (running|waiting to retry|failed|complete)$/ })).getByText(/pages? saved|No page saved yet/);

describe('customer management: import runs and their states', () => {
  it('follows a run from running through waiting to retry (with the reason) to done', async () => {
    const states: ImportJob[] = [
      importJob({ fetched: 500, created: 500, pagesSaved: 1, position: '2' }),
      importJob({ fetched: 500, created: 500, pagesSaved: 1, position: '2', retry }),
      importJob({ status: 'succeeded', fetched: 1100, created: 1100, totalImported: 1100, pagesSaved: 3, finishedAt: '2026-03-10T18:03:00.000Z' }),
    ];
    await renderImports(inTurn(states), inTurn(states.map((state) => [state])));
    expect(await screen.findByRole('heading', { name: 'Import running' })).toBeTruthy();
    expect(place().textContent).toBe('1 page saved; next page 2');
    expect(await screen.findByRole('heading', { name: 'Import waiting to retry' }, { timeout: 5_000 })).toBeTruthy();
    const waiting = screen.getByText(/^Attempt 1 of 2 to read the next page failed/);
    expect(waiting.closest('[role="status"]')).not.toBeNull();
    expect(waiting.textContent).toMatch(new RegExp(`failed at .+: ${retry.message.replace(/[()]/g, '\\$&')}\\. It is tried again by itself in a few seconds\\.$`));
    expect(await screen.findByRole('heading', { name: 'Import complete' }, { timeout: 5_000 })).toBeTruthy();
    expect(place().textContent).toBe('3 pages saved, to the end');
  });

  it('shows a failed run’s error and where it stopped, and Resume carries it on to the end', async () => {
    const resumed = { ...failedJob, status: 'running' as const, error: null, finishedAt: null, resumable: false, resumed: 1 };
    const done = { ...resumed, status: 'succeeded' as const, fetched: 1100, created: 1100, totalImported: 1100, pagesSaved: 3, position: null, finishedAt: '2026-03-10T18:05:00.000Z' };
    let resumedYet = false;
    const api = await renderImports(
      () => json(200, resumedYet ? done : failedJob),
      () => json(200, resumedYet ? [done, olderDone] : [failedJob, olderDone]),
      {
        'POST /api/admin/import-jobs/:id/resume': () => {
          resumedYet = true;
          return json(202, resumed);
        },
      },
    );
    expect(await screen.findByRole('heading', { name: 'Import failed' })).toBeTruthy();
    const alert = screen.getAllByRole('alert').find((element) => element.textContent?.includes('Import Failed'))!;
    expect(alert.textContent).toContain(failedJob.error!);
    expect(alert.textContent).toContain('The 500 customers imported before it stopped are kept; Resume carries on from where it stopped, adding no one twice.');
    expect(place().textContent).toBe('1 page saved; resumes at page 2');

    const table = within(await screen.findByRole('table', { name: 'Recent imports' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Failed', 'Done']);
    expect(within(rows[0]!).getAllByRole('cell')[1]?.textContent).toBe('1 page saved; resumes at page 2');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: 'Resume Import' }));
    expect(await screen.findByRole('heading', { name: 'Import complete' }, { timeout: 5_000 })).toBeTruthy();
    expect(api.sent('POST /api/admin/import-jobs/:id/resume').map((request) => request.path)).toEqual(['/api/admin/import-jobs/7/resume']);
    const after = within(await screen.findByRole('table', { name: 'Recent imports' }));
    expect(after.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Done', 'Done']);
  });
});
