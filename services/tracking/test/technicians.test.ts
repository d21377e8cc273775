import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWorkingHours, photoMessages, technicianChangedTopic, trackingMessages, type StaffTechnician, type Technician, type TechnicianChanged } from '@repo/contracts';
import { createTestService, expectApiError, type TestService } from '@repo/service-kit/test-service';
import { publishedEffects } from '@repo/service-kit/testing';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';

let service: TestService<TrackingDatabase>;
let staff: string;

beforeAll(async () => {
  service = await createTestService(trackingService, { SEED_DEMO: 'true' });
  staff = service.bearer({ sub: 'staff:1', role: 'staff' });
});
afterAll(async () => {
  await service?.close();
});

describe('deactivating a technician', () => {
  const setActive = (id: string, payload: unknown, authorization = staff) =>
    service.app.inject({ method: 'PUT', url: `/api/technicians/${id}/active`, payload: payload as object, headers: { authorization } });
  const snapshots = async (id: string) =>
    (await publishedEffects<TechnicianChanged>(service.database, technicianChangedTopic)).filter((snapshot) => snapshot.id === id).sort((a, b) => a.version - b.version);

  it('keeps them (and their history) but offline and inactive, tells booking and accounts, and reactivates them', async () => {
    const created = await service.app.inject({ method: 'POST', url: '/api/technicians', payload: { name: 'Rita Ruiz', phone: '(904) 555-0177' }, headers: { authorization: staff } });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as Technician;
    expect(created.json()).toMatchObject({ active: true });

    const off = await setActive(id, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id, name: 'Rita Ruiz', active: false, status: 'offline' });
    const listed = (await service.app.inject({ method: 'GET', url: '/api/technicians', headers: { authorization: staff } })).json() as Technician[];
    expect(listed.find((technician) => technician.id === id)).toMatchObject({ active: false });
    expect((await snapshots(id)).at(-1)).toMatchObject({ id, active: false, status: 'offline' });

    const on = await setActive(id, { active: true });
    expect(on.json()).toMatchObject({ active: true, status: 'offline' });
    const [last, previous] = (await snapshots(id)).reverse();
    expect(last).toMatchObject({ active: true });
    expect(last!.version).toBeGreaterThan(previous!.version);
  });

  it('is for staff only, names a bad body, and answers 404 for an unknown technician', async () => {
    expect((await service.app.inject({ method: 'PUT', url: '/api/technicians/tech_mike/active', payload: { active: false } })).statusCode).toBe(401);
    const technician = service.bearer({ sub: 'staff:7', role: 'technician', technicianId: 'tech_mike' });
    expectApiError(await setActive('tech_mike', { active: false }, technician), 403, 'FORBIDDEN');
    expectApiError(await setActive('tech_mike', { active: 'no' }), 400, 'VALIDATION_ERROR', { active: 'Active must be true or false' });
    expectApiError(await setActive('tech_mike', {}), 400, 'VALIDATION_ERROR', { active: 'Active must be true or false' });
    expectApiError(await setActive('tech_nobody', { active: false }), 404, 'NOT_FOUND');
    expect(((await service.app.inject({ method: 'GET', url: '/api/technicians', headers: { authorization: staff } })).json() as Technician[]).find((t) => t.id === 'tech_mike'))
      .toMatchObject({ active: true });
  });
});

describe('technicians', () => {
  it('lists the technicians for staff with their live location', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/technicians', headers: { authorization: staff } });
    expect(response.statusCode).toBe(200);
    const [dave, mike] = response.json();
    expect(dave).toMatchObject({ name: 'Dave Thompson', status: 'offline', currentLocation: null });
    expect(mike).toMatchObject({ name: 'Mike Johnson', rating: 4.9, specialties: ['Sub-Zero', 'Wolf', 'Refrigeration'], currentLocation: { lat: 29.9012, lng: -81.3124 } });
  });

  it('keeps the list from anonymous callers and customers', async () => {
    expect((await service.app.inject({ method: 'GET', url: '/api/technicians' })).statusCode).toBe(401);
    const customer = service.bearer({ sub: 'customer:1', role: 'customer', customerId: 1 });
    expect((await service.app.inject({ method: 'GET', url: '/api/technicians', headers: { authorization: customer } })).statusCode).toBe(403);
    // A customer reads only the technician of their own appointment (tracking.test.ts); Mike has none of theirs.
    const notTheirs = await service.app.inject({ method: 'GET', url: '/api/technicians/tech_mike', headers: { authorization: customer } });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ error: { code: 'NOT_FOUND', message: trackingMessages.technicianNotFound } });
  });

  it('checks access before reading or validating the body, so a caller without access learns nothing from it', async () => {
    const anonymous = await service.app.inject({ method: 'POST', url: '/api/technicians', payload: { name: '' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHORIZED');
    const broken = await service.app.inject({ method: 'PUT', url: '/api/technicians/tech_mike/location', payload: '{"lat":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(401);
    const customer = service.bearer({ sub: 'customer:1', role: 'customer', customerId: 1 });
    const refused = await service.app.inject({ method: 'PUT', url: `/api/technicians/${'x'.repeat(100)}`, payload: {}, headers: { authorization: customer } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
  });

  it('creates from either page\'s payload, updates, and 404s an unknown id', async () => {
    const created = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff },
      payload: { name: 'Lena Park', phone: '(904) 555-0144', specialties: ['Bosch'], vehicle: 'Van #9', lat: 29.95, lng: -81.33, location: { lat: 29.95, lng: -81.33 } } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Lena Park', vehicleInfo: 'Van #9', currentLocation: { lat: 29.95, lng: -81.33 } });
    const bad = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff }, payload: { name: '', lat: 'north' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ name: 'Name is required', phone: 'Phone is required', lat: 'Latitude must be a number' });
    const missing = await service.app.inject({ method: 'PUT', url: '/api/technicians/tech_nobody', headers: { authorization: staff }, payload: { name: 'A', phone: 'B', vehicleInfo: 'C' } });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps an optional photo: set on create, kept when an update leaves it out, removed with null, refused unless https', async () => {
    const photo = 'https://images.example.com/tech/lena.jpg';
    const created = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff }, payload: { name: 'Photo Tech', phone: '(904) 555-0145', vehicleInfo: 'Van', specialties: ['Bosch'], avatar: photo } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    expect(created.json()).toMatchObject({ avatar: photo });
    const update = (payload: object) => service.app.inject({ method: 'PUT', url: `/api/technicians/${id}`, headers: { authorization: staff }, payload: { name: 'Photo Tech', phone: '(904) 555-0145', vehicleInfo: 'Van #2', ...payload } });

    expect((await update({})).json()).toMatchObject({ avatar: photo, vehicleInfo: 'Van #2' });
    expect((await update({ avatar: 'https://images.example.com/tech/new.jpg' })).json()).toMatchObject({ avatar: 'https://images.example.com/tech/new.jpg' });
    expect((await update({ avatar: null })).json()).toMatchObject({ avatar: null });

    for (const avatar of ['http://images.example.com/a.jpg', 'javascript:alert(1)', '', `https://x.example/${'a'.repeat(2000)}`, 42]) {
      const refused = await update({ avatar });
      expect(refused.statusCode, String(avatar)).toBe(400);
      expect(refused.json().error.fields).toHaveProperty('avatar');
    }
    // A photo is shown to customers: never an address with credentials or one on a host of our own network.
    const refusals: [string, string][] = [
      ['http://localhost:@127.0.0.1:9/pixel.png', photoMessages.https],
      ['https://user:secret@images.example.com/a.jpg', photoMessages.credentials],
      ['https://localhost:@images.example.com/a.jpg', photoMessages.credentials],
      ['https://127.0.0.1/a.jpg', photoMessages.publicHost],
      ['https://10.0.0.5/a.jpg', photoMessages.publicHost],
      ['https://[::1]/a.jpg', photoMessages.publicHost],
      ['https://0x7f000001/a.jpg', photoMessages.publicHost],
      ['https://localhost/a.jpg', photoMessages.publicHost],
      ['https://printer.local/a.jpg', photoMessages.publicHost],
      ['https://metadata.google.internal/a.jpg', photoMessages.publicHost],
      ['https://intranet/a.jpg', photoMessages.publicHost],
    ];
    for (const [avatar, message] of refusals) {
      const refused = await update({ avatar });
      expect(refused.statusCode, avatar).toBe(400);
      expect(refused.json().error.fields, avatar).toEqual({ avatar: message });
    }
    expect((await service.app.inject({ method: 'GET', url: `/api/technicians/${id}`, headers: { authorization: staff } })).json()).toMatchObject({ avatar: null });
    // One stored before the check (written straight to the table) is answered as no photo: the pages show initials.
    await service.db.updateTable('technicians').set({ avatar: 'http://localhost:@127.0.0.1:9/pixel.png' }).where('id', '=', id).execute();
    expect((await service.app.inject({ method: 'GET', url: `/api/technicians/${id}`, headers: { authorization: staff } })).json()).toMatchObject({ avatar: null });
    const badCreate = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff }, payload: { name: 'X', phone: '1', avatar: 'ftp://x' } });
    expect(badCreate.statusCode).toBe(400);
    expect(badCreate.json().error.fields).toEqual({ avatar: 'Photo must be an https:// address' });
  });

  it('accepts each page’s own required fields: name and phone are all the server requires', async () => {
    const adminPage = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff }, payload: { name: 'Only Required', phone: '(904) 555-0146', specialties: [] } });
    expect(adminPage.statusCode, adminPage.body).toBe(201);
    expect(adminPage.json()).toMatchObject({ vehicleInfo: null, specialties: [], avatar: null, currentLocation: null, status: 'available' });
    const half = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff }, payload: { name: 'Half', phone: '1', lat: 29.9 } });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.fields).toEqual({ lng: 'Latitude and longitude go together: send both or neither' });
  });
});

describe("a technician's working hours and days off", () => {
  const setSchedule = (id: string, payload: unknown, authorization = staff) =>
    service.app.inject({ method: 'PUT', url: `/api/technicians/${id}/schedule`, payload: payload as object, headers: { authorization } });
  const listed = async (id: string) =>
    ((await service.app.inject({ method: 'GET', url: '/api/technicians', headers: { authorization: staff } })).json() as StaffTechnician[]).find((technician) => technician.id === id);

  it('start on the online booking hours, Monday to Saturday, with no days off', async () => {
    expect(await listed('tech_mike')).toMatchObject({ workingHours: [...defaultWorkingHours], daysOff: [] });
  });

  it('are replaced whole by staff, in weekday and date order, and listed to staff only', async () => {
    const schedule = {
      workingHours: [{ weekday: 5, start: '10:00', end: '14:00' }, { weekday: 1, start: '08:00', end: '17:00' }],
      daysOff: ['2026-12-31', '2026-12-24'],
    };
    const response = await setSchedule('tech_mike', schedule);
    expect(response.statusCode, response.body).toBe(200);
    const expected = { workingHours: [{ weekday: 1, start: '08:00', end: '17:00' }, { weekday: 5, start: '10:00', end: '14:00' }], daysOff: ['2026-12-24', '2026-12-31'] };
    expect(response.json()).toMatchObject({ id: 'tech_mike', ...expected });
    expect(await listed('tech_mike')).toMatchObject(expected);
    // A customer's view of the technician says nothing of when they work.
    const view = (await service.app.inject({ method: 'GET', url: '/api/technicians/tech_mike', headers: { authorization: staff } })).json() as Record<string, unknown>;
    expect(view).not.toHaveProperty('daysOff');
  });

  it('are refused to anyone but staff, before the body is read, and 404 for a technician that does not exist', async () => {
    expectApiError(await service.app.inject({ method: 'PUT', url: '/api/technicians/tech_mike/schedule', payload: { nope: 1 } }), 401, 'UNAUTHORIZED');
    expectApiError(await setSchedule('tech_mike', { nope: 1 }, service.bearer({ sub: 'technician:1', role: 'technician', technicianId: 'tech_mike' })), 403, 'FORBIDDEN');
    expectApiError(await setSchedule('tech_nobody', { workingHours: [], daysOff: [] }), 404, 'NOT_FOUND');
  });
});

