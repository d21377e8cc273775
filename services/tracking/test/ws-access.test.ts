import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wsLimits, wsMessages, type Technician, type WsServerMessage } from '@repo/contracts';
import { LISTEN_APPLICATION_NAME } from '@repo/service-kit/db';
import { testSigningKeys } from '@repo/service-kit/test-service';
// Booking's own link signer: the socket must accept exactly the links booking issues.
import { appointmentLinks } from '@repo/booking/appointment-links';
import { deliverSnapshot, dispatchSnapshot, testClock } from './helpers.ts';
import { closeClients, connect, startTracking, type LiveClient, type LiveTracking } from './ws-helpers.ts';

const clock = testClock('2026-11-23T15:00:00Z');
let tracking: LiveTracking;
let staff: string;
/** The two instances, on one database. */
let a: string;
let b: string;
let mover: string;
let otherMover: string;

const owner = 7;
const stranger = 8;
const customer = (customerId: number) => tracking.bearer({ sub: `customer:${customerId}`, role: 'customer', customerId });
const call = (address: string, method: string, path: string, body?: object) =>
  fetch(`http://${address}${path}`, { method, headers: { authorization: staff, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });

async function newTechnician(name: string): Promise<string> {
  const response = await call(a, 'POST', '/api/technicians', { name, phone: '(904) 555-0199', vehicleInfo: 'Van' });
  expect(response.status).toBe(201);
  return ((await response.json()) as Technician).id;
}

async function deliver(...args: Parameters<typeof dispatchSnapshot>) {
  const response = await deliverSnapshot(tracking.instances[0]!.app, dispatchSnapshot(...args));
  expect(response.json()).toMatchObject({ status: 'applied' });
}

/** Moves a technician through instance `via`, as the technician view or the back office does. */
async function move(technicianId: string, via = a) {
  const response = await call(via, 'PUT', `/api/technicians/${technicianId}/location`, { lat: 29.9, lng: -81.31, address: 'San Marco Ave' });
  expect(response.status).toBe(200);
}

async function setStatus(appointmentId: number, status: string, via = a) {
  const response = await call(via, 'PUT', `/api/tracking/${appointmentId}/status`, { status });
  expect(response.status).toBe(200);
}

const links = () => appointmentLinks(testSigningKeys.link.privateKey);
const linkFor = (appointmentId: number, endsAt = '2026-11-24T15:00:00Z') =>
  links().issue(appointmentId, 'track', new Date(new Date(endsAt).getTime() + 24 * 3_600_000), clock.now());

/** Asserts none of the socket's messages so far matches (call after `barrier`). */
const noneLike = (client: LiveClient, unwanted: Partial<WsServerMessage>) =>
  expect(client.messages).not.toContainEqual(expect.objectContaining(unwanted));

beforeAll(async () => {
  tracking = await startTracking([{}, {}], { now: clock.now });
  [a, b] = tracking.instances.map((instance) => instance.address) as [string, string];
  staff = tracking.bearer({ sub: 'staff:1', role: 'staff' });
  mover = await newTechnician('Socket Mover');
  otherMover = await newTechnician('Other Mover');
  // 601 and 602 are the owner's and the stranger's jobs their technicians are on the way to (a customer hears of a
  // technician's moves only then); 603's slot ended days ago, so its links have lapsed; 604 is the owner's next visit.
  await deliver(601, 1, { technicianId: mover, customerId: owner });
  await deliver(602, 1, { technicianId: otherMover, customerId: stranger });
  await deliver(603, 1, { technicianId: otherMover, customerId: owner, startsAt: '2026-11-19T09:00:00-05:00', endsAt: '2026-11-19T10:00:00-05:00' });
  await deliver(604, 1, { technicianId: mover, customerId: owner, startsAt: '2026-11-25T09:00:00-05:00', endsAt: '2026-11-25T10:00:00-05:00' });
  await setStatus(601, 'en-route');
  await setStatus(602, 'en-route');
});
afterEach(closeClients);
afterAll(async () => {
  await tracking?.close();
});

describe('who may follow an appointment on /ws', () => {
  it('refuses visitors, other customers and bad, lapsed or other appointments’ links, and keeps the socket open', async () => {
    const refused = (appointmentId: string) => ({ type: 'error', message: wsMessages.notAllowed, appointmentId });
    const visitor = await connect(a);
    expect(await visitor.subscribe('601')).toEqual(refused('601'));
    expect(await visitor.subscribe('601', linkFor(602))).toEqual(refused('601'));
    expect(await visitor.subscribe('601', `${linkFor(601)}x`)).toEqual(refused('601'));
    expect(await visitor.subscribe('601', 'not-a-token')).toEqual(refused('601'));
    // A session token is not a link.
    expect(await visitor.subscribe('601', customer(owner).slice('Bearer '.length))).toEqual(refused('601'));
    expect(await visitor.subscribe('603', linkFor(603, '2026-11-19T15:00:00Z'))).toEqual(refused('603'));
    expect(await visitor.subscribe('999', linkFor(999))).toEqual(refused('999'));
    expect(await visitor.subscribe('abc')).toEqual({ type: 'error', message: wsMessages.malformed, appointmentId: 'abc' });
    expect(await visitor.subscribe('0601', linkFor(601))).toEqual({ type: 'error', message: wsMessages.malformed, appointmentId: '0601' });
    visitor.send({ type: 'subscribe_all' });
    await visitor.waitFor({ message: wsMessages.staffOnly });

    const other = await connect(a, { headers: { authorization: customer(stranger) } });
    expect(await other.subscribe('601')).toEqual(refused('601'));
    other.send({ type: 'subscribe_all' });
    await other.waitFor({ message: wsMessages.staffOnly });
    // A link still works beside someone else's session.
    expect(await other.subscribe('601', linkFor(601))).toEqual({ type: 'subscribed', appointmentId: '601' });
  });

  it('lets the owner, the holder of the link, its technician and staff follow it, and only staff follow everything', async () => {
    const subscribed = { type: 'subscribed', appointmentId: '601' };
    expect(await (await connect(a, { headers: { authorization: customer(owner) } })).subscribe('601')).toEqual(subscribed);
    expect(await (await connect(a)).subscribe('601', linkFor(601))).toEqual(subscribed);
    const desk = await connect(a, { headers: { authorization: staff } });
    expect(await desk.subscribe('601')).toEqual(subscribed);
    desk.send({ type: 'subscribe_all' });
    await desk.waitFor({ type: 'subscribed', appointmentId: null });
    // A technician follows their own jobs only, and not everything.
    const technician = await connect(a, { headers: { authorization: tracking.bearer({ sub: 'staff:9', role: 'technician', technicianId: mover }) } });
    expect(await technician.subscribe('601')).toEqual(subscribed);
    expect(await technician.subscribe('602')).toEqual({ type: 'error', message: wsMessages.notAllowed, appointmentId: '602' });
    technician.send({ type: 'subscribe_all' });
    await technician.waitFor({ message: wsMessages.staffOnly });
  });

  it('refuses a bad bearer token on the upgrade', async () => {
    await expect(connect(a, { headers: { authorization: 'Bearer nonsense' } })).rejects.toMatchObject({ status: 401, body: { error: { code: 'UNAUTHORIZED' } } });
  });

  it(`follows at most ${wsLimits.maxSubscriptionsPerSocket} appointments per socket`, async () => {
    const desk = await connect(a, { headers: { authorization: staff } });
    for (let id = 1; id <= wsLimits.maxSubscriptionsPerSocket; id += 1) desk.send({ type: 'subscribe', appointmentId: String(700 + id) });
    await desk.waitFor({ type: 'subscribed', appointmentId: String(700 + wsLimits.maxSubscriptionsPerSocket) });
    expect(await desk.subscribe('799')).toEqual({ type: 'error', message: wsMessages.tooManySubscriptions, appointmentId: '799' });
    // Following one again is not one more; letting one go makes room.
    expect(await desk.subscribe('701')).toEqual({ type: 'subscribed', appointmentId: '701' });
    desk.send({ type: 'unsubscribe', appointmentId: '701' });
    expect(await desk.subscribe('799')).toEqual({ type: 'subscribed', appointmentId: '799' });
  });
});

describe('live updates reach only those allowed to see them', () => {
  it('sends a technician’s moves to the followers of the jobs they are on the way to and to staff following everything', async () => {
    const ownerSocket = await connect(a, { headers: { authorization: customer(owner) } });
    const linkSocket = await connect(a);
    const strangerSocket = await connect(a, { headers: { authorization: customer(stranger) } });
    const visitor = await connect(a);
    const desk = await connect(a, { headers: { authorization: staff } });
    await ownerSocket.subscribe('601');
    await linkSocket.subscribe('601', linkFor(601));
    await strangerSocket.subscribe('602');
    expect(await visitor.subscribe('601')).toMatchObject({ type: 'error' });
    desk.send({ type: 'subscribe_all' });
    await desk.waitFor({ appointmentId: null });

    await move(mover);
    const ownJob = { type: 'location_update', technicianId: mover, appointmentId: '601' } as const;
    await ownerSocket.waitFor(ownJob);
    await linkSocket.waitFor(ownJob);
    await desk.waitFor({ type: 'location_update', technicianId: mover, appointmentId: null });
    await Promise.all([strangerSocket.barrier(), visitor.barrier()]);
    noneLike(strangerSocket, { type: 'location_update' });
    noneLike(visitor, { type: 'location_update' });

    await move(otherMover);
    await strangerSocket.waitFor({ type: 'location_update', technicianId: otherMover, appointmentId: '602' });
    await desk.waitFor({ type: 'location_update', technicianId: otherMover, appointmentId: null });
    await Promise.all([ownerSocket.barrier(), linkSocket.barrier(), visitor.barrier()]);
    for (const socket of [ownerSocket, linkSocket, visitor]) noneLike(socket, { technicianId: otherMover });
    // Staff hear each move once, not once more per job.
    expect(desk.messages.filter((message) => message.type === 'location_update')).toHaveLength(2);
  });

  it('sends tracking updates to the appointment’s followers and to staff following everything', async () => {
    const ownerSocket = await connect(a, { headers: { authorization: customer(owner) } });
    const strangerSocket = await connect(a, { headers: { authorization: customer(stranger) } });
    const desk = await connect(a, { headers: { authorization: staff } });
    await ownerSocket.subscribe('604');
    await strangerSocket.subscribe('602');
    desk.send({ type: 'subscribe_all' });
    await desk.waitFor({ appointmentId: null });

    await setStatus(604, 'en-route');
    await ownerSocket.waitFor({ type: 'tracking_update', appointmentId: '604' });
    await desk.waitFor({ type: 'tracking_update', appointmentId: '604' });
    await strangerSocket.barrier();
    noneLike(strangerSocket, { type: 'tracking_update' });

    // Unsubscribed, the owner hears no more of it (the next subscribe's answer comes after anything sent before).
    ownerSocket.send({ type: 'unsubscribe', appointmentId: '604' });
    await ownerSocket.subscribe('603');
    const [heard, deskHeard] = [ownerSocket.messages.length, desk.messages.length];
    await setStatus(604, 'arrived');
    await desk.waitFor((message) => desk.messages.indexOf(message) >= deskHeard && message.type === 'tracking_update');
    await ownerSocket.barrier();
    expect(ownerSocket.messages.slice(heard)).toEqual([]);
  });

  it('relays a change made through one instance to the subscribers of another (LISTEN/NOTIFY)', async () => {
    const linkSocket = await connect(b);
    const desk = await connect(b, { headers: { authorization: staff } });
    const strangerSocket = await connect(b, { headers: { authorization: customer(stranger) } });
    await linkSocket.subscribe('601', linkFor(601));
    await strangerSocket.subscribe('602');
    desk.send({ type: 'subscribe_all' });
    await desk.waitFor({ appointmentId: null });

    await move(mover, a);
    await linkSocket.waitFor({ type: 'location_update', technicianId: mover, appointmentId: '601' });
    await desk.waitFor({ type: 'location_update', technicianId: mover, appointmentId: null });

    // And the other way round: a subscriber of instance A hears a move made through B.
    const ownerSocket = await connect(a, { headers: { authorization: customer(owner) } });
    await ownerSocket.subscribe('601');
    await move(mover, b);
    await ownerSocket.waitFor({ type: 'location_update', technicianId: mover, appointmentId: '601' });

    await setStatus(604, 'in-progress', a);
    await linkSocket.subscribe('604', linkFor(604, '2026-11-25T15:00:00Z'));
    await setStatus(604, 'completed', a);
    await linkSocket.waitFor({ type: 'tracking_update', appointmentId: '604' });
    await desk.waitFor({ type: 'tracking_update', appointmentId: '604' });
    await strangerSocket.barrier();
    expect(strangerSocket.messages).toEqual([{ type: 'subscribed', appointmentId: '602' }]);
  });

  it('tells subscribers to refetch, and staff sockets to reconnect, when the database connection that hears changes was lost', async () => {
    const follower = await connect(b, { headers: { authorization: customer(stranger) } });
    const desk = await connect(b, { headers: { authorization: staff } });
    await follower.subscribe('602');
    desk.send({ type: 'subscribe_all' });
    await desk.waitFor({ appointmentId: null });

    const { rows } = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`.execute(tracking.db);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    await follower.waitFor({ type: 'tracking_update', appointmentId: '602' });
    expect(await desk.closed).toMatchObject({ code: 1012 });
    // Listening again: updates flow as before.
    await move(otherMover, a);
    await follower.waitFor({ type: 'location_update', technicianId: otherMover, appointmentId: '602' });
  });
});
