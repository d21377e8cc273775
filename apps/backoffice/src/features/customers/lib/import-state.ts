import type { ImportJob } from '@repo/contracts';

export type ImportStateName = 'running' | 'waiting' | 'failed' | 'done';

/** An import's state as the owner reads it, with the words and colour the page shows it in. */
export type ImportState = { name: ImportStateName; label: string; color: 'brand' | 'yellow' | 'red' | 'green' };

/**
 * Running while pages flow; waiting to retry while the page owed failed for a passing reason and is to be tried again
 * (the server says why); failed with its error; done.
 */
export function importState(job: ImportJob): ImportState {
  if (job.status === 'succeeded') return { name: 'done', label: 'Done', color: 'green' };
  if (job.status === 'failed') return { name: 'failed', label: 'Failed', color: 'red' };
  if (job.retry) return { name: 'waiting', label: 'Waiting to retry', color: 'yellow' };
  return { name: 'running', label: 'Running', color: 'brand' };
}

/**
 * Where the import stands in the system's list: pages saved and the position the next one starts at (a page number,
 * or a cursor for Jobber), in words.
 */
export function importPlace(job: ImportJob): string {
  const pages = `${job.pagesSaved} ${job.pagesSaved === 1 ? 'page' : 'pages'} saved`;
  if (job.status === 'succeeded') return `${pages}, to the end`;
  if (job.position === null) return job.pagesSaved === 0 ? 'No page saved yet; starts at the first' : pages;
  // A page number reads as one; a cursor is opaque, so only its start is shown.
  const next = /^\d+$/.test(job.position) ? `page ${job.position}` : `cursor ${job.position.length > 12 ? `${job.position.slice(0, 12)}…` : job.position}`;
  return `${pages}; ${job.status === 'failed' ? 'resumes at' : 'next'} ${next}`;
}
