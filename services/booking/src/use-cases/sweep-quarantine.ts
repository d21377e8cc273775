import { findUnclaimedUploads, removePhotoDraft, removeUnconfirmedPhoto } from '../repositories/photo-repository.ts';
import type { PhotoContext } from './photos.ts';

/** Uploads looked at per pass: a sweep after a long outage works through its backlog in bounded steps. */
const batchSize = 200;

/**
 * Removes what was put in quarantine and never claimed, once older than `before`: wizard drafts no booking named, and
 * visit photos announced and never said uploaded; each row with its file. A row is removed in a transaction that
 * removes its file before committing, so a store that fails keeps the row for the next sweep, and a booking claiming
 * the draft at that moment either finds it (the sweep then skips it) or finds it gone (400, the visitor adds it again).
 * What was claimed (`processing`, `ready`, `rejected`) is never touched. Answers how many of each went.
 */
export async function sweepQuarantine(ctx: Pick<PhotoContext, 'db' | 'store'>, before: Date): Promise<{ drafts: number; photos: number }> {
  const removed = { drafts: 0, photos: 0 };
  for (;;) {
    const { drafts, photos } = await findUnclaimedUploads(ctx.db, before, batchSize);
    for (const draft of drafts) {
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await removePhotoDraft(trx, draft.id))) return;
        await ctx.store?.delete(draft.upload_key);
        removed.drafts += 1;
      });
    }
    for (const photo of photos) {
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await removeUnconfirmedPhoto(trx, photo.id))) return;
        await ctx.store?.delete(photo.upload_key);
        removed.photos += 1;
      });
    }
    if (drafts.length < batchSize && photos.length < batchSize) return removed;
  }
}
