import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { photoDraftMessages, photoDraftPath, type Photo, type PhotoDraftResponse, type PhotoUploadResponse } from '@repo/contracts';
import { s3ObjectStore } from '@repo/object-store';
import { localStoreCredentials, startLocalObjectStore } from '@repo/object-store/local';
import { expectApiError, type TestService } from '@repo/service-kit/test-service';
import type { BookingDatabase } from '../src/db/schema.ts';
import { sweepQuarantine } from '../src/use-cases/sweep-quarantine.ts';
import { bookSlot, buildBooking, staffClaims, testClock, validBooking } from './helpers.ts';

// Photos a visitor adds in the booking wizard, before there is an appointment or an account: booking grants an upload
// slot with a token, the browser uploads straight to a real S3-compatible store on disk, and the booking that names
// the draft with its token gets the photo, checked as any visit photo. What no one claims is swept.
const clock = testClock('2026-11-23T15:00:00Z');
const bucket = 'appointment-photos';
let store: Awaited<ReturnType<typeof startLocalObjectStore>>;
let directory: string;
let booking: TestService<BookingDatabase>;
let objects: ReturnType<typeof s3ObjectStore>;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'booking-photo-drafts-'));
  store = await startLocalObjectStore({ directory, bucket, allowedOrigins: ['http://127.0.0.1:8080'] });
  objects = s3ObjectStore({ endpoint: store.url, bucket, ...localStoreCredentials });
  booking = await buildBooking(clock.now, { OBJECT_STORE_URL: store.url, OBJECT_STORE_BUCKET: bucket, OBJECT_STORE_ACCESS_KEY_ID: 'S3RVER', OBJECT_STORE_SECRET_ACCESS_KEY: 'S3RVER' });
}, 60_000);
afterAll(async () => {
  await booking?.close();
  await store?.close();
  await rm(directory, { recursive: true, force: true });
});

const staff = { authorization: () => booking.bearer(staffClaims()) };
const plate = () => sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().withExif({ IFD0: { Make: 'PhoneCo' } }).toBuffer();
const keyOf = (upload: PhotoDraftResponse['upload']) => decodeURIComponent(new URL(upload.url).pathname.replace(`/${bucket}/`, ''));

/** Asks for a slot as the wizard does (no session) and uploads `file` to it. */
async function draftPhoto(file: Buffer, kind: 'rating-plate' | 'problem' = 'rating-plate') {
  const granted = await booking.app.inject({ method: 'POST', url: photoDraftPath, payload: { kind, contentType: 'image/jpeg', contentLength: file.length } });
  expect(granted.statusCode, granted.body).toBe(201);
  const answer = granted.json() as PhotoDraftResponse;
  const sent = await fetch(answer.upload.url, { method: answer.upload.method, headers: answer.upload.headers, body: file });
  expect(sent.status, await sent.text()).toBe(200);
  return answer;
}

const staffPhotos = async (appointmentId: number) =>
  (await booking.app.inject({ method: 'GET', url: `/api/appointments/${appointmentId}/photos`, headers: { authorization: staff.authorization() } })).json() as Photo[];

const bookWith = (timeSlot: string, photos: object[]) =>
  booking.app.inject({ method: 'POST', url: '/api/appointments', payload: { ...validBooking, appointmentDate: '2026-11-24', timeSlot, photos } });

describe('photos at booking', () => {
  it('attaches the drafts a visitor uploaded to the new appointment, where the office sees them checked', async () => {
    const first = await draftPhoto(await plate(), 'rating-plate');
    const second = await draftPhoto(await plate(), 'problem');
    expect(first.draft.token).not.toBe(second.draft.token);
    const booked = await bookSlot(booking, '2026-11-24', '09:00-10:00', {}, { photos: [first.draft, second.draft].map(({ id, token }) => ({ id, token })) });

    const ready = await vi.waitFor(async () => {
      const photos = await staffPhotos(booked.id);
      if (photos.length !== 2 || photos.some((photo) => photo.state !== 'ready')) throw new Error(`photos: ${JSON.stringify(photos.map((photo) => photo.state))}`);
      return photos;
    }, { timeout: 30_000, interval: 100 });
    expect(ready.map(({ kind, takenBy, width, height }) => ({ kind, takenBy, width, height }))).toEqual([
      { kind: 'rating-plate', takenBy: 'customer', width: 1200, height: 800 },
      { kind: 'problem', takenBy: 'customer', width: 1200, height: 800 },
    ]);
    const image = await booking.app.inject({ method: 'GET', url: ready[0]!.url! });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    // The quarantined uploads are gone once checked, and no draft is left.
    expect(await objects.head(keyOf(first.upload))).toBeUndefined();
    expect(await booking.db.selectFrom('photo_drafts').select('id').where('id', 'in', [first.draft.id, second.draft.id]).execute()).toEqual([]);
  });

  it("refuses a draft named with another draft's token, or claimed already, and books nothing then", async () => {
    const mine = await draftPhoto(await plate());
    const theirs = await draftPhoto(await plate());
    const count = async () => Number((await booking.db.selectFrom('appointments').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();

    const crossed = await bookWith('10:00-11:00', [{ id: mine.draft.id, token: theirs.draft.token }]);
    expectApiError(crossed, 400, 'VALIDATION_ERROR');
    expect(crossed.json().error).toMatchObject({ message: photoDraftMessages.invalid, fields: { photos: photoDraftMessages.invalid } });
    const unknown = await bookWith('10:00-11:00', [{ id: randomUUID(), token: mine.draft.token }]);
    expectApiError(unknown, 400, 'VALIDATION_ERROR');
    expect(await count()).toBe(before);

    const named = { id: mine.draft.id, token: mine.draft.token };
    const twiceInOne = await bookWith('10:00-11:00', [named, named]);
    expectApiError(twiceInOne, 400, 'VALIDATION_ERROR');
    expect(await count()).toBe(before);
    expect((await bookWith('10:00-11:00', [named])).statusCode).toBe(201);
    const again = await bookWith('11:00-12:00', [named]);
    expectApiError(again, 400, 'VALIDATION_ERROR');
    expect(again.json().error.fields).toEqual({ photos: photoDraftMessages.invalid });
    expect(await count()).toBe(before + 1);
  });

  it('answers field messages for a bad slot request, and at most three photos per booking', async () => {
    const bad = await booking.app.inject({ method: 'POST', url: photoDraftPath, payload: { kind: 'after', contentType: 'image/gif', contentLength: 11 * 1024 * 1024 } });
    expectApiError(bad, 400, 'VALIDATION_ERROR');
    expect(bad.json().error.fields).toMatchObject({ kind: photoDraftMessages.kind, contentType: 'Photos must be JPEG, PNG or WebP', contentLength: 'A photo must be at most 10 MB' });
    const four = Array.from({ length: 4 }, () => ({ id: randomUUID(), token: 'a'.repeat(43) }));
    const tooMany = await bookWith('12:00-13:00', four);
    expectApiError(tooMany, 400, 'VALIDATION_ERROR');
    expect(tooMany.json().error.fields).toMatchObject({ photos: photoDraftMessages.tooMany });
  });

  it('answers 503 in words a visitor can act on when no photo store is configured, and limits upload slots per client', async () => {
    const storeless = await buildBooking(clock.now, { PHOTO_DRAFT_RATE_LIMIT_MAX: '2' });
    try {
      const ask = () => storeless.app.inject({ method: 'POST', url: photoDraftPath, payload: { kind: 'problem', contentType: 'image/jpeg', contentLength: 1000 } });
      for (let index = 0; index < 2; index += 1) {
        const refused = await ask();
        expectApiError(refused, 503, 'SERVICE_UNAVAILABLE');
        expect(refused.json().error.message).toBe(photoDraftMessages.unavailable);
      }
      expect((await ask()).statusCode).toBe(429);
      // Booking itself goes ahead without photos.
      expect((await bookSlot(storeless, '2026-11-24', '15:00-16:00')).id).toBeGreaterThan(0);
    } finally {
      await storeless.close();
    }
  });

  it('sweeps unclaimed uploads older than the quarantine time, rows and files, and leaves what was claimed', async () => {
    const stale = await draftPhoto(await plate());
    const fresh = await draftPhoto(await plate());
    const claimed = await draftPhoto(await plate());
    const booked = await bookSlot(booking, '2026-11-24', '13:00-14:00', {}, { photos: [{ id: claimed.draft.id, token: claimed.draft.token }] });
    await vi.waitFor(async () => {
      if ((await staffPhotos(booked.id))[0]?.state !== 'ready') throw new Error('not ready yet');
    }, { timeout: 30_000, interval: 100 });
    // A visit photo announced by the office and never said uploaded, its file in quarantine all the same.
    const announced = await booking.app.inject({ method: 'POST', url: `/api/appointments/${booked.id}/photos`, headers: { authorization: staff.authorization() }, payload: { kind: 'before', contentType: 'image/jpeg', contentLength: 4 } });
    const { photo: unconfirmed, upload } = announced.json() as PhotoUploadResponse;
    await fetch(upload.url, { method: upload.method, headers: upload.headers, body: Buffer.from('abcd') });

    const dayAgo = new Date(clock.now().getTime() - 25 * 60 * 60 * 1000);
    await booking.db.updateTable('photo_drafts').set({ created_at: dayAgo }).where('id', '=', stale.draft.id).execute();
    await sql`update appointment_photos set created_at = ${dayAgo} where appointment_id = ${booked.id}`.execute(booking.db);

    const removed = await sweepQuarantine({ db: booking.db, store: objects }, new Date(clock.now().getTime() - 24 * 60 * 60 * 1000));
    expect(removed).toEqual({ drafts: 1, photos: 1 });
    expect(await objects.head(keyOf(stale.upload))).toBeUndefined();
    expect(await objects.head(keyOf(upload))).toBeUndefined();
    expect(await objects.head(keyOf(fresh.upload))).toMatchObject({ size: expect.any(Number) });
    expect((await booking.db.selectFrom('photo_drafts').select('id').where('id', 'in', [stale.draft.id, fresh.draft.id]).execute()).map((row) => row.id)).toEqual([fresh.draft.id]);
    const left = await staffPhotos(booked.id);
    expect(left.map((photo) => photo.state)).toEqual(['ready']);
    expect(left.some((photo) => photo.id === unconfirmed.id)).toBe(false);
    const image = await booking.app.inject({ method: 'GET', url: left[0]!.url! });
    expect(image.statusCode).toBe(200);

    // The swept draft can no longer be claimed; the service runs the sweep as one recurring chain.
    expectApiError(await bookWith('14:00-15:00', [{ id: stale.draft.id, token: stale.draft.token }]), 400, 'VALIDATION_ERROR');
    expect(await booking.db.selectFrom('recurring_jobs').select('name').execute()).toEqual([{ name: 'quarantine-sweep' }]);
  });
});
