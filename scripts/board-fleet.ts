/**
 * A fleet-sized week for the dispatch board: 20 active technicians and 200 visits over one working week, the size the
 * board must stay quick at. The browser test (tests/browser/backoffice-board-scale.test.ts) and the interaction bench
 * (bench/board-inp.ts) both use it: technicians are added through tracking as the office adds them, and the visits are
 * written into booking's database at once (through the API the windows' capacity would refuse most of them).
 */
import { randomBytes } from 'node:crypto';
import { addDays, bookableDates, dispatchBoardPath, dispatchBoardSchema, technicianSchema, type DispatchBoard } from '@repo/contracts';
import { createDatabase } from '@repo/service-kit/db';
import type { BookingDatabase } from '@repo/booking/db/schema';

export const fleetSize = { technicians: 20, visits: 200 } as const;

export type Fleet = {
  /** Shared by every name of this fleet, so its lanes and cards are told from others on the same stack. */
  id: string;
  /** The six working days, Monday first. */
  week: string[];
  /** In the board's order (by name). */
  technicians: { id: string; name: string }[];
  /** How many visits each day holds. */
  visitsPerDay: number[];
};

/** Monday of a week past the booking window, so no other test's visits share it. */
function quietWeek(): string[] {
  const past = addDays(bookableDates().at(-1)!, 21);
  const weekday = new Date(`${past}T12:00:00Z`).getUTCDay();
  const monday = addDays(past, (8 - weekday) % 7);
  return Array.from({ length: 6 }, (_, index) => addDays(monday, index));
}

/** Around St Augustine: where the fleet's technicians start and its customers live. */
const near = (n: number) => ({ lat: 29.85 + (n % 10) * 0.012, lng: -81.36 + Math.floor(n / 10) * 0.02 });

const call = async (base: string, token: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
};

export const boardOf = async (backoffice: string, token: string, date: string): Promise<DispatchBoard> =>
  dispatchBoardSchema.parse(await call(backoffice, token, 'GET', `${dispatchBoardPath}?date=${date}`));

/**
 * Adds the fleet: 20 technicians through tracking (each placed near town), then 200 visits spread over the week's six
 * days and each day's windows, every one assigned, the technicians taking turns. Booking must have heard of the
 * technicians (tracking tells it through its outbox) before a card moves to one: `whenBookingKnows` waits for that.
 */
export async function addFleet(backoffice: string, token: string, bookingDatabaseUrl: string): Promise<Fleet> {
  const id = randomBytes(3).toString('hex');
  const week = quietWeek();
  const technicians: Fleet['technicians'] = [];
  for (let n = 0; n < fleetSize.technicians; n += 1) {
    const created = technicianSchema.parse(
      await call(backoffice, token, 'POST', '/api/technicians', {
        name: `Abel Fleet${id} ${String(n + 1).padStart(2, '0')}`,
        phone: `(904) 555-${String(1000 + n)}`,
        vehicleInfo: 'Van',
        specialties: ['Washers'],
        location: near(n),
      }),
    );
    technicians.push({ id: created.id, name: created.name });
  }
  const { windows } = await boardOf(backoffice, token, week[0]!);
  const visitsPerDay = week.map(() => 0);
  const rows = Array.from({ length: fleetSize.visits }, (_, n) => {
    const day = n % week.length;
    visitsPerDay[day] = (visitsPerDay[day] ?? 0) + 1;
    const place = near(n * 7);
    return {
      customer_name: `Fleet${id} Customer ${String(n + 1).padStart(3, '0')}`,
      email: `fleet${id}.${n}@example.com`,
      phone: '(904) 555-0134',
      address: `${100 + n} Anastasia Blvd`,
      city: 'St Augustine',
      state: 'FL',
      zip_code: '32080',
      appointment_date: week[day]!,
      time_slot: windows[Math.floor(n / week.length) % windows.length]!.timeSlot,
      service_type: 'Repair',
      appliance: 'Washer',
      brand: 'LG',
      description: `Near ${place.lat.toFixed(3)}, ${place.lng.toFixed(3)}`,
      technician_id: technicians[n % technicians.length]!.id,
      confirmation_code: `F${id}${String(n).padStart(3, '0')}`.toUpperCase(),
      // Stored beside the windows' counters, not in them: the board shows the counters, and the moves it tests keep the window.
      holds_slot_place: false,
    };
  });
  const database = await createDatabase<BookingDatabase>({ url: bookingDatabaseUrl, poolSize: 1 });
  try {
    await database.db.insertInto('appointments').values(rows).execute();
  } finally {
    await database.close();
  }
  return { id, week, technicians, visitsPerDay };
}
