import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appointmentPhotoMessages, technicianChangedTopic, type Photo, type PhotoUploadResponse } from '@repo/contracts';
import { s3ObjectStore } from '@repo/object-store';
import { localStoreCredentials, startLocalObjectStore } from '@repo/object-store/local';
import { expectApiError, injectEffect, type TestService } from '@repo/service-kit/test-service';
import type { BookingDatabase } from '../src/db/schema.ts';
import { bookSlot, buildBooking, customerClaims, staffClaims, testClock } from './helpers.ts';

// Photos from the technician's phone to the office and the customer, through a real S3-compatible store on disk: the
// upload goes straight to the store at the address booking signed; booking checks it by content in its job, keeps it
// re-encoded without metadata, and serves it at a short-lived signed address.
const clock = testClock('2026-11-23T15:00:00Z');
let store: Awaited<ReturnType<typeof startLocalObjectStore>>;
let directory: string;
let booking: TestService<BookingDatabase>;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'booking-photos-'));
  store = await startLocalObjectStore({ directory, bucket: 'appointment-photos', allowedOrigins: ['http://127.0.0.1:8082'] });
  booking = await buildBooking(clock.now, {
    OBJECT_STORE_URL: store.url,
    OBJECT_STORE_BUCKET: 'appointment-photos',
    OBJECT_STORE_ACCESS_KEY_ID: 'S3RVER',
    OBJECT_STORE_SECRET_ACCESS_KEY: 'S3RVER',
  });
  for (const [id, name] of [['tech_a', 'Alex Avery'], ['tech_b', 'Bea Brooks']] as const) {
    await injectEffect(booking.app, { from: 'tracking', topic: technicianChangedTopic, payload: { id, name, status: 'available', version: 1 }, messageId: randomUUID() });
  }
}, 60_000);
afterAll(async () => {
  await booking?.close();
  await store?.close();
  await rm(directory, { recursive: true, force: true });
});

type Headers = Record<string, string>;
const bearer = (claims: Parameters<TestService<BookingDatabase>['bearer']>[0]) => ({ authorization: booking.bearer(claims) });
const technician = (technicianId: string) => bearer({ sub: `technician:${technicianId}`, role: 'technician', technicianId, sid: `test-session-${technicianId}-0001` });
const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => booking.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** A photo as a phone takes it: 3000 × 2000, with the place it was taken and the camera in its EXIF. */
const phonePhoto = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '29/1 53/1 4/1', GPSLongitudeRef: 'W', GPSLongitude: '81/1 18/1 43/1' } })
    .toBuffer();

async function assignedVisit(slot: string, customerId = 91) {
  const booked = await bookSlot(booking, '2026-11-24', slot, bearer(customerClaims(customerId)));
  const assigned = await booking.app.inject({ method: 'PUT', url: `/api/appointments/${booked.id}/assign`, headers: bearer(staffClaims()), payload: { technicianId: 'tech_a' } });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return booked;
}

/** Announces and uploads `file` as the phone does: PUT to the signed address with exactly its headers. */
async function takePhoto(appointmentId: number, file: Buffer, headers: Headers = technician('tech_a'), kind = 'before') {
  const announced = await call('POST', `/api/appointments/${appointmentId}/photos`, headers, { kind, contentType: 'image/jpeg', contentLength: file.length });
  expect(announced.statusCode, announced.body).toBe(201);
  const { photo, upload } = announced.json() as PhotoUploadResponse;
  const sent = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: file });
  expect(sent.status, await sent.text()).toBe(200);
  return photo;
}

const listed = async (appointmentId: number, headers: Headers = technician('tech_a')) => (await call('GET', `/api/appointments/${appointmentId}/photos`, headers)).json() as Photo[];
const settled = (appointmentId: number, photoId: number) =>
  vi.waitFor(async () => {
    const photo = (await listed(appointmentId)).find((candidate) => candidate.id === photoId);
    if (!photo || photo.state === 'uploading' || photo.state === 'processing') throw new Error(`photo ${photoId} is ${photo?.state}`);
    return photo;
  }, { timeout: 30_000, interval: 100 });

describe('appointment photos', () => {
  it('keeps a phone photo at most 2048 px, without its metadata, and shows it at a signed address to the office and the customer', async () => {
    const { id } = await assignedVisit('09:00-10:00');
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const announced = await takePhoto(id, original);
    expect(announced).toMatchObject({ state: 'uploading', kind: 'before', takenBy: 'Alex Avery', url: null });
    const arrived = await call('POST', `/api/appointments/${id}/photos/${announced.id}/uploaded`, technician('tech_a'));
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect((arrived.json() as Photo).state).toBe('processing');
    const ready = await settled(id, announced.id);
    expect(ready).toMatchObject({ state: 'ready', width: 2048, height: 1365 });

    const image = await booking.app.inject({ method: 'GET', url: ready.url! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const kept = await sharp(image.rawPayload).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 2048, height: 1365 });
    expect(kept.exif).toBeUndefined();
    expect(kept.xmp).toBeUndefined();

    // The office sees it; the customer whose visit it is too, through their own page's route; no one else.
    expect((await listed(id, bearer(staffClaims()))).map((photo) => photo.id)).toEqual([announced.id]);
    const mine = await call('GET', `/api/customer/appointments/${id}/photos`, bearer(customerClaims(91)));
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as Photo[])[0]).toMatchObject({ id: announced.id, state: 'ready' });
    expectApiError(await call('GET', `/api/customer/appointments/${id}/photos`, bearer(customerClaims(92))), 404, 'NOT_FOUND');

    // The address works for five minutes, for that photo only.
    const address = new URL(ready.url!, 'http://booking');
    address.searchParams.set('signature', 'b'.repeat(43));
    expectApiError(await booking.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` }), 404, 'NOT_FOUND');
    expectApiError(await booking.app.inject({ method: 'GET', url: ready.url!.replace(`/photos/${announced.id}/`, `/photos/${announced.id + 1000}/`) }), 404, 'NOT_FOUND');
    clock.set('2026-11-23T15:05:01Z');
    try {
      const expired = await booking.app.inject({ method: 'GET', url: ready.url! });
      expectApiError(expired, 401, 'UNAUTHORIZED');
      expect(expired.json().error.message).toBe(appointmentPhotoMessages.linkExpired);
    } finally {
      clock.set('2026-11-23T15:00:00Z');
    }
  });

  it('rejects a file that is not a photo, whatever it was announced as, and says a photo that never arrived has not', async () => {
    const { id } = await assignedVisit('10:00-11:00');
    const fake = Buffer.from('%PDF-1.7 not a photo at all '.repeat(40));
    const photo = await takePhoto(id, fake);
    expect((await call('POST', `/api/appointments/${id}/photos/${photo.id}/uploaded`, technician('tech_a'))).statusCode).toBe(200);
    expect(await settled(id, photo.id)).toMatchObject({ state: 'rejected', rejectedReason: appointmentPhotoMessages.notPhoto, url: null });

    // A file of another size than announced: the store refuses it at the signed address, as S3 does; one that reached
    // quarantine anyway (put here with the store's key) is found out and removed.
    const small = await call('POST', `/api/appointments/${id}/photos`, technician('tech_a'), { kind: 'after', contentType: 'image/jpeg', contentLength: 5000 });
    const { photo: other, upload } = small.json() as PhotoUploadResponse;
    expect((await fetch(upload.url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: Buffer.alloc(100, 1) })).status).toBe(403);
    const quarantined = decodeURIComponent(new URL(upload.url).pathname.replace(/^\/appointment-photos\//, ''));
    await s3ObjectStore({ endpoint: store.url, bucket: 'appointment-photos', ...localStoreCredentials }).put(quarantined, Buffer.alloc(100, 1), 'image/jpeg');
    const wrong = await call('POST', `/api/appointments/${id}/photos/${other.id}/uploaded`, technician('tech_a'));
    expectApiError(wrong, 409, 'CONFLICT');
    expect(wrong.json().error.message).toBe(appointmentPhotoMessages.wrongSize);
    expect(await call('POST', `/api/appointments/${id}/photos/${other.id}/uploaded`, technician('tech_a'))).toMatchObject({ statusCode: 409 });

    const announced = await call('POST', `/api/appointments/${id}/photos`, technician('tech_a'), { kind: 'after', contentType: 'image/png', contentLength: 1000 });
    const never = (announced.json() as PhotoUploadResponse).photo;
    const refused = await call('POST', `/api/appointments/${id}/photos/${never.id}/uploaded`, technician('tech_a'));
    expectApiError(refused, 409, 'CONFLICT');
    expect(refused.json().error.message).toBe(appointmentPhotoMessages.notArrived);
  });

  it('is the visit’s technician’s and the office’s to take: others are refused before the body is read; bad input is a 400 by field', async () => {
    const { id } = await assignedVisit('11:00-12:00');
    const body = { kind: 'before', contentType: 'image/jpeg', contentLength: 1000 };
    expectApiError(await call('POST', `/api/appointments/${id}/photos`, technician('tech_b'), body), 404, 'NOT_FOUND');
    expectApiError(await call('POST', `/api/appointments/${id}/photos`, bearer(customerClaims(91)), { kind: 42 }), 403, 'FORBIDDEN');
    expectApiError(await call('POST', `/api/appointments/${id}/photos`, {}, { kind: 42 }), 401, 'UNAUTHORIZED');
    expectApiError(await call('GET', `/api/appointments/${id}/photos`, technician('tech_b')), 404, 'NOT_FOUND');
    expectApiError(await call('POST', `/api/appointments/${id}/photos`, technician('tech_a'), { kind: 'selfie', contentType: 'image/gif', contentLength: 10 * 1024 * 1024 + 1 }), 400, 'VALIDATION_ERROR', {
      kind: appointmentPhotoMessages.kind,
      contentType: appointmentPhotoMessages.contentType,
      contentLength: appointmentPhotoMessages.contentLength,
    });
    expect(await booking.db.selectFrom('appointment_photos').select('id').where('appointment_id', '=', id).execute()).toEqual([]);
  });
});
