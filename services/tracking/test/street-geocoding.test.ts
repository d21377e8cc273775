import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { approximateHomeNote, type AppointmentDispatch, type Technician, type TrackingRecord } from '@repo/contracts';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { destination } from '../src/domain/geo.ts';
import { deliverSnapshot, dispatchSnapshot, testClock } from './helpers.ts';
import { nominatimTestPlaces, startNominatimStandIn } from './support/nominatim-stand-in.ts';
import type { StandIn } from './support/stand-in-server.ts';

const clock = testClock('2026-11-24T13:00:00Z');
const timeoutMs = 1_000;
const intervalMs = 250;
const userAgent = 'tracking-tests/1.0 (street geocoding)';
let nominatim: StandIn;
let service: TestService<TrackingDatabase>;
let staff: string;
/** The technician of the appointments whose placing is all that matters. */
let anyTechnician: string;

beforeAll(async () => {
  nominatim = await startNominatimStandIn();
  service = await createTestService(
    trackingService,
    {
      RATE_LIMIT_MAX: '100000',
      GEOCODER_URL: nominatim.url,
      GEOCODER_USER_AGENT: userAgent,
      GEOCODER_EMAIL: 'office@example.com',
      GEOCODER_TIMEOUT_MS: String(timeoutMs),
      GEOCODER_MIN_INTERVAL_MS: String(intervalMs),
    },
    { now: clock.now },
  );
  staff = service.bearer({ sub: 'staff:1', role: 'staff' });
  const created = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff }, payload: { name: 'Any Technician', phone: '(904) 555-0172', vehicleInfo: 'Van' } });
  expect(created.statusCode, created.body).toBe(201);
  anyTechnician = (created.json() as Technician).id;
});
afterAll(async () => {
  await service?.close();
  await nominatim?.close();
});
beforeEach(() => {
  nominatim.setMode('ok');
  clock.set('2026-11-24T13:00:00Z');
});

/** ZIP 32084's centre, where the offline geocoder puts any 32084 address. */
const zipCentre = { lat: 29.8977, lng: -81.3422 };
const { cordova, aviles, postcodeOnly, namesake } = nominatimTestPlaces;

async function deliver(appointmentId: number, version: number, overrides: Partial<AppointmentDispatch> = {}) {
  const response = await deliverSnapshot(service.app, dispatchSnapshot(appointmentId, version, { technicianId: anyTechnician, ...overrides }));
  expect(response.json()).toMatchObject({ status: 'applied' });
}
const at = (address: { street: string; city: string; state: string; zipCode: string }) =>
  ({ address: address.street, city: address.city, state: address.state, zipCode: address.zipCode });
const placeOf = async (appointmentId: number) => {
  const response = await service.app.inject({ method: 'GET', url: `/api/tracking/${appointmentId}`, headers: { authorization: staff } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TrackingRecord).customerLocation;
};
const asked = (street: string) => nominatim.received.filter((request) => request.url.searchParams.get('street') === street);

describe('the street geocoder (Nominatim)', () => {
  it('places an address at its street point, asking with the structured search, the User-Agent and the contact email', async () => {
    await deliver(601, 1, at(cordova.address));
    const place = await placeOf(601);
    expect(place).toEqual({ lat: cordova.lat, lng: cordova.lng, address: '48 Cordova St, St Augustine, FL 32084', precision: 'street', centreOf: null });
    expect(approximateHomeNote(place)).toBeNull();

    const [request] = asked('48 Cordova St');
    expect(request!.url.pathname).toBe('/search');
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      street: '48 Cordova St', city: 'St Augustine', state: 'FL', postalcode: '32084', countrycodes: 'us', format: 'jsonv2', limit: '1', email: 'office@example.com',
    });
    expect(request!.headers['user-agent']).toBe(userAgent);
    expect(asked('48 Cordova St')).toHaveLength(1);
  });

  it('asks once per address: the same home spelt differently is found in the cache', async () => {
    await deliver(602, 1, at(aviles.address));
    expect(await placeOf(602)).toMatchObject({ lat: aviles.lat, lng: aviles.lng, precision: 'street' });
    const before = nominatim.received.length;
    await deliver(603, 1, { ...at(aviles.address), address: '12 Aviles Street.', city: 'Saint Augustine', zipCode: '32084-1234' });
    expect(await placeOf(603)).toMatchObject({ lat: aviles.lat, lng: aviles.lng, precision: 'street', centreOf: null });
    // A newer snapshot of an appointment at a known address asks nothing either.
    await deliver(602, 2, { ...at(aviles.address), brand: 'Whirlpool' });
    expect(nominatim.received).toHaveLength(before);
    const cached = await service.db.selectFrom('geocoded_addresses').selectAll().where('address_key', '=', '12 aviles st|st augustine|fl|32084').execute();
    expect(cached).toEqual([expect.objectContaining({ lat: aviles.lat, lng: aviles.lng, precision: 'street' })]);
  });

  it('falls back to the ZIP centre on a 500 and asks again next time', async () => {
    nominatim.setMode('fail');
    await deliver(604, 1, at(cordova.address));
    // The address is known from appointment 601; a new spelling is not, so it is asked and fails.
    await deliver(605, 1, { ...at(cordova.address), address: '48 Cordova Street, Unit 2' });
    const failed = await placeOf(605);
    expect(failed).toMatchObject({ ...zipCentre, precision: 'zip', centreOf: '32084' });
    expect(approximateHomeNote(failed)).toBe('Home location approximate (ZIP 32084 centre)');
    expect(asked('48 Cordova Street, Unit 2')).toHaveLength(1);
    // The cached street point did not need the server.
    expect(await placeOf(604)).toMatchObject({ precision: 'street' });

    nominatim.setMode('ok');
    await deliver(605, 2, { ...at(cordova.address), address: '48 Cordova Street, Unit 2' });
    expect(asked('48 Cordova Street, Unit 2')).toHaveLength(2);
    // Not in the stand-in's table: found nothing this time, so still the ZIP centre.
    expect(await placeOf(605)).toMatchObject({ ...zipCentre, precision: 'zip' });
  });

  it('falls back to the ZIP centre when the server does not answer in time, and the delivery still applies', async () => {
    nominatim.setMode('hang');
    const started = Date.now();
    await deliver(606, 1, { ...at(cordova.address), address: '50 Cordova St' });
    // The lookup waited for its turn and then for the request, each bounded by GEOCODER_TIMEOUT_MS.
    expect(Date.now() - started).toBeLessThan(2 * timeoutMs + 2_000);
    expect(await placeOf(606)).toMatchObject({ ...zipCentre, precision: 'zip', centreOf: '32084' });
    expect(asked('50 Cordova St')).toHaveLength(1);
  });

  it('falls back when nothing (or only the postcode, or a namesake far away) is found, and remembers that for a while', async () => {
    await deliver(607, 1, { address: '1 Unknown Way', city: 'Hastings', zipCode: '99999' });
    expect(await placeOf(607)).toMatchObject({ lat: 29.718, lng: -81.5081, precision: 'town', centreOf: 'Hastings' });
    await deliver(608, 1, at(postcodeOnly.address));
    expect(await placeOf(608)).toMatchObject({ ...zipCentre, precision: 'zip' });
    await deliver(609, 1, at(namesake.address));
    expect(await placeOf(609)).toMatchObject({ ...zipCentre, precision: 'zip' });

    const before = nominatim.received.length;
    await deliver(610, 1, { address: '1 Unknown Way', city: 'Hastings', zipCode: '99999' });
    await deliver(611, 1, at(postcodeOnly.address));
    expect(nominatim.received).toHaveLength(before);
    // Thirty-one days later an address that was not found is asked about again.
    clock.set('2026-12-25T13:00:00Z');
    await deliver(612, 1, at(postcodeOnly.address));
    expect(nominatim.received).toHaveLength(before + 1);
  });

  it('sends one request at a time, at most one per GEOCODER_MIN_INTERVAL_MS, however many addresses arrive at once', async () => {
    const streets = ['1 Spacing St', '2 Spacing St', '3 Spacing St'];
    // When the service starts each request, on its own clock: what the limiter controls. (The stand-in's arrival times
    // add the connection's delays, which on a busy machine made one gap look 50 ms short.) The requests still go out.
    const sentAt: number[] = [];
    const passOn = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).startsWith(nominatim.url)) sentAt.push(Date.now());
      return passOn(input, init);
    };
    try {
      await Promise.all(streets.map((street, index) => deliver(620 + index, 1, { ...at(cordova.address), address: street })));
    } finally {
      globalThis.fetch = passOn;
    }
    expect(streets.map((street) => asked(street).length)).toEqual([1, 1, 1]);
    expect(sentAt).toHaveLength(3);
    // The limiter spaces the starts of the turns; each turn then builds its request before calling fetch, which on a
    // busy machine took a millisecond longer for one than the next (CI saw a gap of 249 ms for 250).
    const buildingSlack = 5;
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(intervalMs - buildingSlack);
    expect(sentAt[2]! - sentAt[1]!).toBeGreaterThanOrEqual(intervalMs - buildingSlack);
    expect(nominatim.mostAtOnce()).toBe(1);
    for (const index of [0, 1, 2]) expect(await placeOf(620 + index)).toMatchObject({ precision: 'zip' });
  });
});

describe('the position a technician arrived at', () => {
  async function newTechnician(): Promise<string> {
    const response = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff }, payload: { name: 'Door Finder', phone: '(904) 555-0171', vehicleInfo: 'Van' } });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as Technician).id;
  }
  const moveTo = async (technicianId: string, point: { lat: number; lng: number }) => {
    const response = await service.app.inject({ method: 'PUT', url: `/api/technicians/${technicianId}/location`, headers: { authorization: staff }, payload: point });
    expect(response.statusCode, response.body).toBe(200);
  };
  const setStatus = async (appointmentId: number, status: string) => {
    const response = await service.app.inject({ method: 'PUT', url: `/api/tracking/${appointmentId}/status`, headers: { authorization: staff }, payload: { status } });
    expect(response.statusCode, response.body).toBe(200);
  };
  const later = (seconds: number) => clock.set(new Date(clock.now().getTime() + seconds * 1000).toISOString());

  it('becomes the address’s true location: the next appointment there is placed at it, not approximate', async () => {
    const tech = await newTechnician();
    const home = { address: '5 Visit Ln', city: 'St Augustine', zipCode: '32084' };
    await deliver(630, 1, { technicianId: tech, ...home });
    // Booked already for next week, at the same home: it moves too; a visit there last week keeps its point.
    await deliver(631, 1, { technicianId: tech, ...home, startsAt: '2026-12-01T09:00:00-05:00', endsAt: '2026-12-01T10:00:00-05:00' });
    await deliver(633, 1, { technicianId: tech, ...home, startsAt: '2026-11-17T09:00:00-05:00', endsAt: '2026-11-17T10:00:00-05:00' });
    expect(await placeOf(630)).toMatchObject({ ...zipCentre, precision: 'zip' });

    const door = destination(zipCentre, 120, 2.5);
    await moveTo(tech, destination(zipCentre, 270, 6));
    await setStatus(630, 'en-route');
    later(600);
    await moveTo(tech, door);
    later(30);
    await setStatus(630, 'arrived');

    const visited = await placeOf(630);
    expect(visited).toEqual({ lat: door.lat, lng: door.lng, address: '5 Visit Ln, St Augustine, FL 32084', precision: 'visit', centreOf: null });
    expect(approximateHomeNote(visited)).toBeNull();
    expect(await placeOf(631)).toMatchObject({ lat: door.lat, lng: door.lng, precision: 'visit' });
    expect(await placeOf(633)).toMatchObject({ ...zipCentre, precision: 'zip' });

    const before = nominatim.received.length;
    await deliver(632, 1, { technicianId: tech, address: '5 Visit Lane', city: 'St. Augustine', zipCode: '32084', startsAt: '2027-01-05T09:00:00-05:00', endsAt: '2027-01-05T10:00:00-05:00' });
    const next = await placeOf(632);
    expect(next).toMatchObject({ lat: door.lat, lng: door.lng, precision: 'visit', centreOf: null });
    expect(approximateHomeNote(next)).toBeNull();
    // Known from the visit: the geocoder was not asked.
    expect(nominatim.received).toHaveLength(before);
  });

  it('outranks a street point nearby, but a stale position or one far from the address is not remembered', async () => {
    const tech = await newTechnician();
    // Street point known (appointment 601's address); arriving 150 m from it refines it.
    await deliver(640, 1, { technicianId: tech, ...at(cordova.address) });
    const doorstep = destination(cordova, 45, 0.15);
    await moveTo(tech, doorstep);
    await setStatus(640, 'en-route');
    await setStatus(640, 'arrived');
    expect(await placeOf(640)).toMatchObject({ lat: doorstep.lat, lng: doorstep.lng, precision: 'visit' });

    // Arrived 3 km from a street point: the technician pressed Arrived elsewhere.
    await deliver(641, 1, { technicianId: tech, ...at(aviles.address) });
    await moveTo(tech, destination(aviles, 0, 3));
    await setStatus(641, 'en-route');
    await setStatus(641, 'arrived');
    expect(await placeOf(641)).toMatchObject({ lat: aviles.lat, lng: aviles.lng, precision: 'street' });

    // The last position is 6 minutes old when the visit is marked arrived.
    await deliver(642, 1, { technicianId: tech, address: '9 Stale Ct', city: 'St Augustine', zipCode: '32084' });
    await moveTo(tech, destination(zipCentre, 90, 1));
    await setStatus(642, 'en-route');
    later(6 * 60);
    await setStatus(642, 'arrived');
    expect(await placeOf(642)).toMatchObject({ ...zipCentre, precision: 'zip' });

    // 20 km from the ZIP's centre, farther than any of the area's ZIP codes reach.
    await deliver(643, 1, { technicianId: tech, address: '11 Faraway Rd', city: 'St Augustine', zipCode: '32084' });
    await moveTo(tech, destination(zipCentre, 180, 20));
    await setStatus(643, 'en-route');
    await setStatus(643, 'arrived');
    expect(await placeOf(643)).toMatchObject({ ...zipCentre, precision: 'zip' });
  });
});
