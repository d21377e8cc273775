// A customer sees where the technician is only while the technician is on the way to *their* visit: a visit days away
// shows its window and who is coming, nothing live; the technician's other visits hear nothing of their moves; a
// technician taken off a job stops hearing of it at once, while the visitor hears of the new technician.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wsMessages, type Technician, type TrackingList, type TrackingRecord, type WsServerMessage } from '@repo/contracts';
import { LISTEN_APPLICATION_NAME } from '@repo/service-kit/db';
import { testSigningKeys } from '@repo/service-kit/test-service';
// Booking's own link signer: the socket must accept exactly the links booking issues.
import { appointmentLinks } from '@repo/booking/appointment-links';
import { deliverSnapshot, dispatchSnapshot, testClock } from './helpers.ts';
import { closeClients, connect, startTracking, type LiveClient, type LiveTracking } from './ws-helpers.ts';

// Monday 23 November 2026, 10:00 in St Augustine.
const clock = testClock('2026-11-23T15:00:00Z');
let tracking: LiveTracking;
let staff: string;
/** The two instances, on one database. */
let a: string;
let b: string;
let mike: string;
let sara: string;

/** Six days away; today at 11:00 and at 13:00 (other customers of the same technician); today at 15:00. */
const visits = {
  future: { id: 801, customerId: 21, startsAt: '2026-11-29T09:00:00-05:00', endsAt: '2026-11-29T10:00:00-05:00' },
  today: { id: 802, customerId: 22, startsAt: '2026-11-23T11:00:00-05:00', endsAt: '2026-11-23T12:00:00-05:00' },
  reassigned: { id: 803, customerId: 23, startsAt: '2026-11-23T13:00:00-05:00', endsAt: '2026-11-23T14:00:00-05:00' },
  unassigned: { id: 804, customerId: 24, startsAt: '2026-11-23T15:00:00-05:00', endsAt: '2026-11-23T16:00:00-05:00' },
} as const;
type Visit = (typeof visits)[keyof typeof visits];

const customer = (customerId: number) => tracking.bearer({ sub: `customer:${customerId}`, role: 'customer', customerId });
const technicianSession = (technicianId: string) => tracking.bearer({ sub: `technician:${technicianId}`, role: 'technician', technicianId });
const links = () => appointmentLinks(testSigningKeys.link.privateKey);
const linkFor = (visit: Visit) => links().issue(visit.id, 'track', new Date(new Date(visit.endsAt).getTime() + 24 * 3_600_000), clock.now());

async function call(method: string, path: string, { authorization = staff, link, body, via = a }: { authorization?: string; link?: string; body?: object; via?: string } = {}) {
  const headers: Record<string, string> = link ? { 'x-appointment-access': link } : { authorization };
  if (body) headers['content-type'] = 'application/json';
  return fetch(`http://${via}${path}`, { method, headers, body: body && JSON.stringify(body) });
}

async function ok<T>(response: Promise<Response>): Promise<T> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as T;
}

const record = (visit: Visit, as: { authorization?: string; link?: string } = {}) => ok<TrackingRecord>(call('GET', `/api/tracking/${visit.id}`, as));
const technicianCard = (technicianId: string, visit: Visit, as: { authorization?: string; link?: string }) =>
  ok<Technician>(call('GET', `/api/technicians/${technicianId}?appointment=${visit.id}`, as));

async function newTechnician(name: string): Promise<string> {
  const response = await call('POST', '/api/technicians', { body: { name, phone: '(904) 555-0199', vehicleInfo: 'Van' } });
  expect(response.status).toBe(201);
  return ((await response.json()) as Technician).id;
}

async function assign(visit: Visit, version: number, technicianId: string | null) {
  const snapshot = dispatchSnapshot(visit.id, version, { technicianId, customerId: visit.customerId, startsAt: visit.startsAt, endsAt: visit.endsAt });
  expect((await deliverSnapshot(tracking.instances[0]!.app, snapshot)).json()).toMatchObject({ status: 'applied' });
}

const setStatus = (visit: Visit, status: string) => ok<TrackingRecord>(call('PUT', `/api/tracking/${visit.id}/status`, { body: { status } }));

/** Moves a technician through instance A, as their phone does, and waits until staff following everything heard it. */
async function move(technicianId: string, point: { lat: number; lng: number }, desk: LiveClient) {
  const heard = desk.messages.length;
  await ok(call('PUT', `/api/technicians/${technicianId}/location`, { body: { ...point, address: `${point.lat}, ${point.lng}` } }));
  await desk.waitFor((message) => desk.messages.indexOf(message) >= heard && message.type === 'location_update' && message.technicianId === technicianId);
}

/** A staff socket following everything, on instance B: the moment it hears something, every instance has. */
async function staffDesk(): Promise<LiveClient> {
  const desk = await connect(b, { headers: { authorization: staff } });
  desk.send({ type: 'subscribe_all' });
  await desk.waitFor({ type: 'subscribed', appointmentId: null });
  return desk;
}

/** What a socket heard about a visit since message `from` (after a barrier: everything sent before it has arrived). */
async function heardSince(client: LiveClient, from: number, visit: Visit): Promise<WsServerMessage[]> {
  await client.barrier();
  return client.messages.slice(from).filter((message) => message.appointmentId === String(visit.id));
}

const nothingLive = { location: null, route: [], distanceToCustomer: null, estimatedTimeToArrival: null, estimatedArrivalSource: 'schedule' };

beforeAll(async () => {
  tracking = await startTracking([{}, {}], { now: clock.now });
  [a, b] = tracking.instances.map((instance) => instance.address) as [string, string];
  staff = tracking.bearer({ sub: 'staff:1', role: 'staff' });
  mike = await newTechnician('Mike Privacy');
  sara = await newTechnician('Sara Privacy');
  for (const visit of [visits.future, visits.today, visits.reassigned]) await assign(visit, 1, mike);
  await assign(visits.unassigned, 1, sara);
  await ok(call('PUT', `/api/technicians/${mike}/location`, { body: { lat: 29.95, lng: -81.35, address: 'US-1 North' } }));
});
afterEach(closeClients);
afterAll(async () => {
  await tracking?.close();
});

describe('a visit the technician is not on the way to', () => {
  it('shows a visit six days away its window and its technician, nothing live, and tells its sockets none of the moves', async () => {
    const link = linkFor(visits.future);
    const window = { status: 'dispatched', technicianId: mike, scheduledStart: '2026-11-29T14:00:00.000Z', scheduledEnd: '2026-11-29T15:00:00.000Z', estimatedArrival: '2026-11-29T14:00:00.000Z' };
    expect(await record(visits.future, { link })).toMatchObject({ ...window, ...nothingLive });
    expect(await record(visits.future, { authorization: customer(visits.future.customerId) })).toMatchObject({ ...window, ...nothingLive });
    const mine = await ok<TrackingList>(call('GET', '/api/tracking', { authorization: customer(visits.future.customerId) }));
    expect(mine.items).toEqual([expect.objectContaining({ appointmentId: '801', ...nothingLive })]);
    // The technician's card: who is coming, not where they are, nor whether they are free, busy elsewhere or off.
    const card = await technicianCard(mike, visits.future, { link });
    expect(card).toMatchObject({ name: 'Mike Privacy', currentLocation: null });
    expect(card).not.toHaveProperty('status');
    const ownersCard = await ok<Technician>(call('GET', `/api/technicians/${mike}`, { authorization: customer(visits.future.customerId) }));
    expect(ownersCard).toMatchObject({ currentLocation: null });
    expect(ownersCard).not.toHaveProperty('status');
    expect(await ok<Technician>(call('GET', `/api/technicians/${mike}`))).toHaveProperty('status');
    // Staff see where he is, and the distance from it.
    expect(await record(visits.future)).toMatchObject({ location: { lat: 29.95, lng: -81.35 }, distanceToCustomer: expect.any(Number) });

    const desk = await staffDesk();
    const visitor = await connect(b);
    const owner = await connect(a, { headers: { authorization: customer(visits.future.customerId) } });
    expect(await visitor.subscribe('801', link)).toEqual({ type: 'subscribed', appointmentId: '801' });
    expect(await owner.subscribe('801')).toEqual({ type: 'subscribed', appointmentId: '801' });
    await move(mike, { lat: 29.94, lng: -81.34 }, desk);
    expect(await heardSince(visitor, 1, visits.future)).toEqual([]);
    expect(await heardSince(owner, 1, visits.future)).toEqual([]);
    expect(await record(visits.future, { link })).toMatchObject(nothingLive);
  });
});

describe('the visit the technician is on the way to', () => {
  it('shows its customer the position, trip, distance and ETA until arrival, and the technician’s other visits nothing', async () => {
    const desk = await staffDesk();
    const link = linkFor(visits.today);
    const visitor = await connect(a);
    const futureVisitor = await connect(b);
    await visitor.subscribe('802', link);
    await futureVisitor.subscribe('801', linkFor(visits.future));

    await setStatus(visits.today, 'en-route');
    await visitor.waitFor({ type: 'tracking_update', appointmentId: '802' });
    expect(await record(visits.today, { link })).toMatchObject({ status: 'en-route', location: { lat: 29.94, lng: -81.34 }, route: [{ lat: 29.94, lng: -81.34 }], estimatedArrivalSource: 'live' });

    const heard = visitor.messages.length;
    await move(mike, { lat: 29.92, lng: -81.34 }, desk);
    await visitor.waitFor((message) => visitor.messages.indexOf(message) >= heard && message.type === 'location_update');
    expect(visitor.messages.slice(heard)).toEqual([{ type: 'location_update', technicianId: mike, appointmentId: '802' }]);
    const enRoute = await record(visits.today, { link });
    expect(enRoute).toMatchObject({ location: { lat: 29.92, lng: -81.34 }, route: [{ lat: 29.94, lng: -81.34 }, { lat: 29.92, lng: -81.34 }] });
    expect(enRoute.distanceToCustomer).toBeGreaterThan(0);
    expect(enRoute.estimatedTimeToArrival).toBeGreaterThan(0);
    const enRouteCard = await technicianCard(mike, visits.today, { link });
    expect(enRouteCard).toMatchObject({ currentLocation: { lat: 29.92, lng: -81.34 } });
    expect(enRouteCard).not.toHaveProperty('status');
    expect(await ok<Technician>(call('GET', `/api/technicians/${mike}`, { authorization: customer(visits.today.customerId) }))).toMatchObject({ currentLocation: { lat: 29.92 } });

    // His other visits, the same day or days away, learn nothing of it.
    expect(await heardSince(futureVisitor, 1, visits.future)).toEqual([]);
    expect(await record(visits.future, { link: linkFor(visits.future) })).toMatchObject(nothingLive);
    expect(await record(visits.reassigned, { link: linkFor(visits.reassigned) })).toMatchObject(nothingLive);
    expect(await technicianCard(mike, visits.future, { link: linkFor(visits.future) })).toMatchObject({ currentLocation: null });

    // Arrived: he is at the door, and where he goes next is not this customer's to see.
    await setStatus(visits.today, 'arrived');
    const arrived = visitor.messages.length;
    await move(mike, { lat: 29.91, lng: -81.33 }, desk);
    expect(await heardSince(visitor, arrived, visits.today)).not.toContainEqual(expect.objectContaining({ type: 'location_update' }));
    expect(await record(visits.today, { link })).toMatchObject({ status: 'arrived', location: null, route: [], distanceToCustomer: 0, estimatedTimeToArrival: 0 });
    expect(await technicianCard(mike, visits.today, { link })).toMatchObject({ currentLocation: null });
  });
});

describe('a visit given to another technician', () => {
  it('stops telling the old technician’s socket of it at once, tells the visitor, and shows no position until the new one sets off', async () => {
    const desk = await staffDesk();
    const link = linkFor(visits.reassigned);
    await setStatus(visits.reassigned, 'en-route');
    // The visitor on one instance, the technicians' phones on the other.
    const visitor = await connect(a);
    const mikePhone = await connect(b, { headers: { authorization: technicianSession(mike) } });
    const saraPhone = await connect(b, { headers: { authorization: technicianSession(sara) } });
    await visitor.subscribe('803', link);
    await mikePhone.subscribe('803');
    await mikePhone.subscribe('802');
    expect(await saraPhone.subscribe('803')).toEqual({ type: 'error', message: wsMessages.notAllowed, appointmentId: '803' });

    await move(mike, { lat: 29.9, lng: -81.33 }, desk);
    await visitor.waitFor({ type: 'location_update', technicianId: mike, appointmentId: '803' });
    await mikePhone.waitFor({ type: 'location_update', technicianId: mike, appointmentId: '803' });

    const [visitorFrom, mikeFrom] = [visitor.messages.length, mikePhone.messages.length];
    await assign(visits.reassigned, 2, sara);
    await visitor.waitFor((message) => visitor.messages.indexOf(message) >= visitorFrom && message.type === 'tracking_update' && message.appointmentId === '803');
    await mikePhone.waitFor((message) => mikePhone.messages.indexOf(message) >= mikeFrom && message.type === 'error');
    // The old technician is told once that he may no longer follow it, instead of the update.
    expect(await heardSince(mikePhone, mikeFrom, visits.reassigned)).toEqual([{ type: 'error', message: wsMessages.notAllowed, appointmentId: '803' }]);

    // The visitor's page: the new technician, dispatched, nothing live.
    expect(await record(visits.reassigned, { link })).toMatchObject({ technicianId: sara, status: 'dispatched', ...nothingLive });
    expect(await technicianCard(sara, visits.reassigned, { link })).toMatchObject({ name: 'Sara Privacy', currentLocation: null });
    expect((await call('GET', `/api/technicians/${mike}?appointment=803`, { link })).status).toBe(404);
    expect((await call('GET', '/api/tracking/803', { authorization: technicianSession(mike) })).status).toBe(404);

    // Neither the old technician's moves nor the new one's reach the visitor before she sets off.
    await move(mike, { lat: 29.89, lng: -81.33 }, desk);
    await ok(call('PUT', `/api/technicians/${sara}/location`, { body: { lat: 29.85, lng: -81.27 } }));
    await desk.waitFor({ type: 'location_update', technicianId: sara, appointmentId: null });
    expect(await heardSince(visitor, visitorFrom, visits.reassigned)).toEqual([{ type: 'tracking_update', appointmentId: '803' }]);

    // She sets off: the visitor hears it and sees her move; the old technician hears nothing more of the job.
    const setOff = visitor.messages.length;
    await setStatus(visits.reassigned, 'en-route');
    await visitor.waitFor((message) => visitor.messages.indexOf(message) >= setOff && message.type === 'tracking_update');
    await move(sara, { lat: 29.86, lng: -81.28 }, desk);
    await visitor.waitFor({ type: 'location_update', technicianId: sara, appointmentId: '803' });
    expect(await record(visits.reassigned, { link })).toMatchObject({ technicianId: sara, status: 'en-route', location: { lat: 29.86, lng: -81.28 } });
    expect(await heardSince(mikePhone, mikeFrom, visits.reassigned)).toEqual([{ type: 'error', message: wsMessages.notAllowed, appointmentId: '803' }]);
    expect(await mikePhone.subscribe('803')).toEqual({ type: 'error', message: wsMessages.notAllowed, appointmentId: '803' });
    // His own job stays his: he still hears of it.
    await setStatus(visits.today, 'in-progress');
    await mikePhone.waitFor({ type: 'tracking_update', appointmentId: '802' });
  });

  it('takes the job from its technician’s socket when they are taken off it, even when the change was missed while listening was down', async () => {
    const saraPhone = await connect(a, { headers: { authorization: technicianSession(sara) } });
    const owner = await connect(a, { headers: { authorization: customer(visits.unassigned.customerId) } });
    await saraPhone.subscribe('804');
    await owner.subscribe('804');

    // The connection that hears changes is cut, and the job taken from Sara at once: whether the change is heard or
    // missed (then every subscription it could have ended is checked again), her socket stops following it.
    const { rows } = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`.execute(tracking.db);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    await assign(visits.unassigned, 2, null);
    await saraPhone.waitFor({ type: 'error', message: wsMessages.notAllowed, appointmentId: '804' });
    await owner.waitFor({ type: 'tracking_update', appointmentId: '804' });
    expect(await record(visits.unassigned, { authorization: customer(visits.unassigned.customerId) })).toMatchObject({ closed: { reason: 'unassigned' } });
    expect((await call('GET', '/api/tracking/804', { authorization: technicianSession(sara) })).status).toBe(404);

    // Nothing more of it reaches her.
    const [from, ownerFrom] = [saraPhone.messages.length, owner.messages.length];
    await assign(visits.unassigned, 3, mike);
    await owner.waitFor((message) => owner.messages.indexOf(message) >= ownerFrom && message.type === 'tracking_update');
    expect(await heardSince(saraPhone, from, visits.unassigned)).toEqual([]);
  });
});
