import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wsMessages, type Technician, type TrackingList, type TrackingRecord, type WsServerMessage } from '@repo/contracts';
import { testSigningKeys } from '@repo/service-kit/test-service';
// Booking's own link signer: tracking must treat exactly the links booking issues.
import { appointmentLinks } from '../../booking/src/domain/appointment-links.ts';
import { deliverSnapshot, dispatchSnapshot, testClock } from './helpers.ts';
import { closeClients, connect, startTracking, type LiveClient, type LiveTracking } from './ws-helpers.ts';

/**
 * A customer (or the holder of the appointment's link) sees where the technician is only while that technician is on
 * the way to their visit: before that (a visit days away, or one the technician has not set off for) and after the
 * arrival, the answers carry the schedule and nothing live, and the socket relays no moves. Staff see everything.
 */
const clock = testClock('2026-11-23T15:00:00Z');
let tracking: LiveTracking;
let staff: string;
let address: string;

const owner = 21;
const customer = (customerId: number) => tracking.bearer({ sub: `customer:${customerId}`, role: 'customer', customerId });
const technicianSession = (technicianId: string) => tracking.bearer({ sub: `staff:${technicianId}`, role: 'technician', technicianId });
/** Six days from the test's today. */
const later = { startsAt: '2026-11-29T09:00:00-05:00', endsAt: '2026-11-29T11:00:00-05:00' };
const links = () => appointmentLinks(testSigningKeys.link.privateKey);
const linkFor = (appointmentId: number) => links().issue(appointmentId, 'track', new Date('2026-11-30T16:00:00Z'), clock.now());

const request = (method: string, path: string, headers: Record<string, string>, body?: object) =>
  fetch(`http://${address}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body && JSON.stringify(body) });

async function asStaff<T>(method: string, path: string, body?: object): Promise<T> {
  const response = await request(method, path, { authorization: staff }, body);
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

async function read<T>(path: string, headers: Record<string, string>): Promise<T> {
  const response = await request('GET', path, headers);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

const newTechnician = async (name: string) => (await asStaff<Technician>('POST', '/api/technicians', { name, phone: '(904) 555-0123', vehicleInfo: 'Van' })).id;
const move = (technicianId: string, lat = 29.91) => asStaff('PUT', `/api/technicians/${technicianId}/location`, { lat, lng: -81.33, address: 'King St' });
const setStatus = (appointmentId: number, status: string) => asStaff('PUT', `/api/tracking/${appointmentId}/status`, { status });
async function deliver(...args: Parameters<typeof dispatchSnapshot>) {
  const response = await deliverSnapshot(tracking.instances[0]!.app, dispatchSnapshot(...args));
  expect(response.json()).toMatchObject({ status: 'applied' });
}

/** The ways a customer reaches their appointment's tracking: their session, and the appointment's track link. */
const customerViews = (appointmentId: number) => ({ owner: { authorization: customer(owner) }, link: { 'x-appointment-access': linkFor(appointmentId) } });

/** Nothing live in a record: no position, no trip, no distance or ETA, the arrival estimate is the schedule. */
const nothingLive = { location: null, route: [], distanceToCustomer: null, estimatedTimeToArrival: null, estimatedArrivalSource: 'schedule' };

const noneLike = (client: LiveClient, unwanted: Partial<WsServerMessage>) =>
  expect(client.messages).not.toContainEqual(expect.objectContaining(unwanted));

beforeAll(async () => {
  tracking = await startTracking([{}], { now: clock.now });
  address = tracking.instances[0]!.address;
  staff = tracking.bearer({ sub: 'staff:1', role: 'staff' });
});
afterEach(closeClients);
afterAll(async () => {
  await tracking?.close();
});

describe('a visit the technician is not yet on the way to', () => {
  it('shows its customer the schedule and the technician, but not where the technician is', async () => {
    const technician = await newTechnician('Future Visit');
    await deliver(901, 1, { technicianId: technician, customerId: owner, ...later });
    // Today the technician is out on other jobs, reporting positions.
    await move(technician);

    for (const [who, headers] of Object.entries(customerViews(901))) {
      const record = await read<TrackingRecord>('/api/tracking/901', headers);
      expect(record, who).toMatchObject({ status: 'dispatched', estimatedArrival: new Date(later.startsAt).toISOString(), ...nothingLive });
      const card = await read<Technician>(`/api/technicians/${technician}?appointment=901`, headers);
      expect(card, who).toMatchObject({ id: technician, name: 'Future Visit', currentLocation: null });
    }
    // Without naming the appointment, the signed-in customer's open job is the one looked at: still nothing live.
    expect(await read<Technician>(`/api/technicians/${technician}`, { authorization: customer(owner) })).toMatchObject({ currentLocation: null });
    const list = await read<TrackingList>('/api/tracking', { authorization: customer(owner) });
    expect(list.items).toEqual([expect.objectContaining({ appointmentId: '901', ...nothingLive })]);

    // Staff see where the technician is, and the distance to the visit.
    expect(await read<TrackingRecord>('/api/tracking/901', { authorization: staff })).toMatchObject({
      location: { lat: 29.91, lng: -81.33, address: 'King St' },
      distanceToCustomer: expect.any(Number),
    });
    expect(await read<Technician>(`/api/technicians/${technician}`, { authorization: staff })).toMatchObject({ currentLocation: { lat: 29.91 } });
  });

  it('shows the position from setting off until the arrival, and no longer after', async () => {
    const technician = await newTechnician('Sets Off');
    await deliver(902, 1, { technicianId: technician, customerId: owner, startsAt: '2026-11-23T11:00:00-05:00', endsAt: '2026-11-23T13:00:00-05:00' });
    await move(technician);
    await setStatus(902, 'en-route');
    await move(technician, 29.905);
    for (const [who, headers] of Object.entries(customerViews(902))) {
      const record = await read<TrackingRecord>('/api/tracking/902', headers);
      expect(record, who).toMatchObject({ status: 'en-route', location: { lat: 29.905 }, estimatedArrivalSource: 'live', distanceToCustomer: expect.any(Number) });
      expect(record.route.length, who).toBeGreaterThan(0);
      expect(await read<Technician>(`/api/technicians/${technician}?appointment=902`, headers), who).toMatchObject({ currentLocation: { lat: 29.905 } });
    }

    await setStatus(902, 'arrived');
    await move(technician, 29.95);
    for (const [who, headers] of Object.entries(customerViews(902))) {
      expect(await read<TrackingRecord>('/api/tracking/902', headers), who).toMatchObject({ status: 'arrived', location: null, route: [] });
      expect(await read<Technician>(`/api/technicians/${technician}?appointment=902`, headers), who).toMatchObject({ currentLocation: null });
    }
    expect(await read<TrackingRecord>('/api/tracking/902', { authorization: staff })).toMatchObject({ location: { lat: 29.95 } });
  });

  it('relays the technician’s moves to its customers only while the technician is on the way to it; staff hear them all along', async () => {
    const technician = await newTechnician('Live Later');
    await deliver(903, 1, { technicianId: technician, customerId: owner, startsAt: '2026-11-23T11:00:00-05:00', endsAt: '2026-11-23T13:00:00-05:00' });
    const ownerSocket = await connect(address, { headers: { authorization: customer(owner) } });
    const linkSocket = await connect(address);
    const desk = await connect(address, { headers: { authorization: staff } });
    const ownSocket = await connect(address, { headers: { authorization: technicianSession(technician) } });
    await ownerSocket.subscribe('903');
    await linkSocket.subscribe('903', linkFor(903));
    await desk.subscribe('903');
    await ownSocket.subscribe('903');

    const moved = { type: 'location_update', technicianId: technician, appointmentId: '903' } as const;
    await move(technician);
    await desk.waitFor(moved);
    await ownSocket.waitFor(moved);
    await Promise.all([ownerSocket.barrier(), linkSocket.barrier()]);
    noneLike(ownerSocket, { type: 'location_update' });
    noneLike(linkSocket, { type: 'location_update' });

    await setStatus(903, 'en-route');
    await move(technician, 29.905);
    await ownerSocket.waitFor(moved);
    await linkSocket.waitFor(moved);

    await setStatus(903, 'arrived');
    await Promise.all([ownerSocket.waitFor({ type: 'tracking_update' }), linkSocket.waitFor({ type: 'tracking_update' })]);
    const heard = [ownerSocket.messages.length, linkSocket.messages.length];
    const deskHeard = desk.messages.length;
    await move(technician, 29.9);
    await desk.waitFor((message) => desk.messages.indexOf(message) >= deskHeard && message.type === 'location_update');
    await Promise.all([ownerSocket.barrier(), linkSocket.barrier()]);
    expect(ownerSocket.messages.slice(heard[0])).toEqual([]);
    expect(linkSocket.messages.slice(heard[1])).toEqual([]);
  });
});

describe('a technician taken off a job', () => {
  it('no longer reaches its subscribers, and no longer hears of it, once reassigned or unassigned', async () => {
    const first = await newTechnician('Taken Off');
    const second = await newTechnician('Takes Over');
    await deliver(904, 1, { technicianId: first, customerId: owner, startsAt: '2026-11-23T11:00:00-05:00', endsAt: '2026-11-23T13:00:00-05:00' });
    await setStatus(904, 'en-route');
    const ownerSocket = await connect(address, { headers: { authorization: customer(owner) } });
    const linkSocket = await connect(address);
    const firstSocket = await connect(address, { headers: { authorization: technicianSession(first) } });
    await ownerSocket.subscribe('904');
    await linkSocket.subscribe('904', linkFor(904));
    expect(await firstSocket.subscribe('904')).toEqual({ type: 'subscribed', appointmentId: '904' });
    await move(first);
    await ownerSocket.waitFor({ type: 'location_update', technicianId: first, appointmentId: '904' });

    // Reassigned: the first technician's moves stop reaching the job's followers; the first technician is told they
    // may no longer follow it, and hears nothing more of it (not the new technician's moves, not its updates).
    await deliver(904, 2, { technicianId: second, customerId: owner, startsAt: '2026-11-23T11:00:00-05:00', endsAt: '2026-11-23T13:00:00-05:00' });
    await ownerSocket.waitFor({ type: 'tracking_update', appointmentId: '904' });
    await linkSocket.waitFor({ type: 'tracking_update', appointmentId: '904' });
    await firstSocket.waitFor({ type: 'error', message: wsMessages.notAllowed, appointmentId: '904' });
    const heardByFirst = firstSocket.messages.length;
    const heard = [ownerSocket.messages.length, linkSocket.messages.length];
    await move(first, 29.92);
    await setStatus(904, 'en-route');
    await move(second, 29.93);
    await ownerSocket.waitFor({ type: 'location_update', technicianId: second, appointmentId: '904' });
    await linkSocket.waitFor({ type: 'location_update', technicianId: second, appointmentId: '904' });
    await firstSocket.barrier();
    expect(firstSocket.messages.slice(heardByFirst)).toEqual([]);
    for (const [socket, from] of [[ownerSocket, heard[0]!], [linkSocket, heard[1]!]] as const) {
      expect(socket.messages.slice(from)).not.toContainEqual(expect.objectContaining({ technicianId: first }));
    }
    // A new subscription is refused too.
    expect(await firstSocket.subscribe('904')).toEqual({ type: 'error', message: wsMessages.notAllowed, appointmentId: '904' });

    // Unassigned: the job is closed, its technician's moves reach nobody following it.
    const secondSocket = await connect(address, { headers: { authorization: technicianSession(second) } });
    await secondSocket.subscribe('904');
    await deliver(904, 3, { technicianId: null, customerId: owner, startsAt: '2026-11-23T11:00:00-05:00', endsAt: '2026-11-23T13:00:00-05:00' });
    await secondSocket.waitFor({ type: 'error', message: wsMessages.notAllowed, appointmentId: '904' });
    await ownerSocket.waitFor((message) => ownerSocket.messages.indexOf(message) >= heard[0]! && message.type === 'tracking_update');
    const afterClose = [ownerSocket.messages.length, linkSocket.messages.length, secondSocket.messages.length];
    const desk = await connect(address, { headers: { authorization: staff } });
    desk.send({ type: 'subscribe_all' });
    await desk.waitFor({ type: 'subscribed', appointmentId: null });
    await move(second, 29.94);
    await desk.waitFor({ type: 'location_update', technicianId: second });
    await Promise.all([ownerSocket.barrier(), linkSocket.barrier(), secondSocket.barrier()]);
    expect(ownerSocket.messages.slice(afterClose[0])).toEqual([]);
    expect(linkSocket.messages.slice(afterClose[1])).toEqual([]);
    expect(secondSocket.messages.slice(afterClose[2])).toEqual([]);
    expect(await read<TrackingRecord>('/api/tracking/904', { authorization: customer(owner) })).toMatchObject({ closed: { reason: 'unassigned' }, location: null });
  });
});
