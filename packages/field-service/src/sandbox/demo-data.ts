/**
 * The sandboxes' demo customers, made from their index alone (a seeded generator per index), so a sandbox of 50,000
 * customers keeps none of them in memory and every sandbox serves the same people, each in its own protocol.
 * Index 0 is the demo portal customer (Dana Whitfield, demo@example.com); index 1 has the example phone (904) 802-1998.
 */
import type { VisitStatus } from '../connector.ts';

export type DemoVisit = {
  /** Position within the customer, oldest first (0-based, below `maxVisitsPerCustomer`). */
  number: number;
  serviceType: 'Repair' | 'Maintenance' | 'Installation' | 'Diagnostic';
  appliance: string;
  brand: string;
  description: string;
  status: VisitStatus;
  start: Date | null;
  end: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  technician: string | null;
  technicianNotes: string | null;
  /** Cents; null when not invoiced (not completed). */
  totalCents: number | null;
};

export type DemoCustomer = {
  index: number;
  firstName: string;
  lastName: string;
  email: string | null;
  /** As the business typed it, in one of several formats. */
  phone: string;
  phoneDigits: string;
  street: string;
  city: string;
  state: 'FL';
  zipCode: string;
  notes: string | null;
  preferredTechnician: string | null;
  createdAt: Date;
  visits: DemoVisit[];
  totalServices: number;
  totalSpentCents: number;
  lastServiceDate: string | null;
};

export const maxVisitsPerCustomer = 8;

export const demoTechnicians = ['Mike Johnson', 'Sarah Chen', 'Carlos Rivera', 'Dave Thompson'] as const;

/** St Augustine-area towns with their ZIP and area code (St Johns County 904, Flagler County 386). */
const towns = [
  { city: 'St Augustine', zipCode: '32084', area: '904' },
  { city: 'St Augustine', zipCode: '32086', area: '904' },
  { city: 'St Augustine Beach', zipCode: '32080', area: '904' },
  { city: 'St Augustine', zipCode: '32092', area: '904' },
  { city: 'St Augustine', zipCode: '32095', area: '904' },
  { city: 'Ponte Vedra Beach', zipCode: '32082', area: '904' },
  { city: 'Palm Coast', zipCode: '32137', area: '386' },
  { city: 'Palm Coast', zipCode: '32164', area: '386' },
] as const;

const streets = [
  'Cordova St', 'King St', 'San Marco Ave', 'Anastasia Blvd', 'A1A Beach Blvd', 'Old Moultrie Rd', 'US-1 S',
  'Palencia Village Dr', 'Ponce de Leon Blvd', 'Masters Dr', 'Palm Coast Pkwy', 'Belle Terre Pkwy', 'Marsh Landing Pkwy',
  'Magnolia Ave', 'Coquina Ave', 'Matanzas Blvd', 'Lewis Point Rd', 'Sea Colony Pkwy', 'Old Dixie Hwy', 'Ocean Trace Rd',
];

const firstNames = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David',
  'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Christopher', 'Nancy',
  'Daniel', 'Lisa', 'Matthew', 'Betty', 'Anthony', 'Margaret', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven',
  'Kimberly', 'Paul', 'Emily', 'Andrew', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol', 'Kevin', 'Amanda',
];

const lastNames = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez',
  'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen',
  'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker',
];

/** Appliances with the brands the business services for each. */
const appliances = [
  { appliance: 'Refrigerator', brands: ['Sub-Zero', 'Viking', 'Thermador', 'GE Monogram', 'Whirlpool', 'Bosch'] },
  { appliance: 'Range', brands: ['Wolf', 'Viking', 'Thermador', 'GE Monogram'] },
  { appliance: 'Wall Oven', brands: ['Wolf', 'Thermador', 'Bosch', 'GE Monogram'] },
  { appliance: 'Dishwasher', brands: ['Bosch', 'Thermador', 'Whirlpool', 'GE Monogram'] },
  { appliance: 'Wine Cooler', brands: ['Sub-Zero', 'Viking'] },
  { appliance: 'Washer', brands: ['Whirlpool', 'Bosch'] },
  { appliance: 'Dryer', brands: ['Whirlpool', 'Bosch'] },
  { appliance: 'Ice Maker', brands: ['Sub-Zero', 'Viking', 'GE Monogram'] },
] as const;

const problems: Record<DemoVisit['serviceType'], readonly string[]> = {
  Repair: ['not cooling', 'leaking water', 'making a loud noise', 'not turning on', 'error code on the display', 'door seal torn'],
  Maintenance: ['annual maintenance', 'coil cleaning and check-up', 'filter replacement', 'calibration'],
  Installation: ['new unit installation', 'replacement installation', 'water line hook-up'],
  Diagnostic: ['intermittent fault diagnosis', 'second opinion on a failing part'],
};

const notesByType: Record<DemoVisit['serviceType'], readonly string[]> = {
  Repair: ['Replaced the faulty part; tested for an hour.', 'Replaced door gasket.', 'Cleared the drain line and replaced the pump.'],
  Maintenance: ['Cleaned condenser coils, all readings normal.', 'Replaced water filter, checked seals.'],
  Installation: ['Installed and leveled; customer shown the controls.', 'Connected water line, no leaks.'],
  Diagnostic: ['Control board fault found; quote left with the customer.', 'No fault found under load; monitoring.'],
};

const serviceTypes: readonly DemoVisit['serviceType'][] = ['Repair', 'Repair', 'Repair', 'Maintenance', 'Installation', 'Diagnostic'];
const phoneFormats = [
  (area: string, exchange: string, line: string) => `(${area}) ${exchange}-${line}`,
  (area: string, exchange: string, line: string) => `${area}.${exchange}.${line}`,
  (area: string, exchange: string, line: string) => `${area}-${exchange}-${line}`,
  (area: string, exchange: string, line: string) => `+1 ${area} ${exchange} ${line}`,
];

/**
 * mulberry32: a small, fast, well-spread generator; one per customer, seeded from the index. A class rather than
 * closures: a page of 5,000 customers makes 5,000 of them, and methods cost nothing per instance.
 */
class Random {
  private state: number;
  constructor(seed: number) {
    this.state = (seed * 0x9e3779b1 + 0x6d2b79f5) >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  between(low: number, high: number): number {
    return low + Math.floor(this.next() * (high - low + 1));
  }
}

const day = 86_400_000;
/** Past visits fall between these two dates whatever day the sandbox starts, so they never change. */
const historyStart = Date.UTC(2021, 0, 4);
const historyEnd = Date.UTC(2025, 9, 31);

const townOf = (index: number) => towns[index % towns.length]!;

/** The ten digits of customer `index`'s phone: unique per index and never one of the two fixed customers'. */
export function phoneDigitsOf(index: number): string {
  if (index === 0) return '9045550142';
  if (index === 1) return '9048021998';
  const exchange = 210 + Math.floor(index / 10_000);
  return `${townOf(index).area}${exchange}${String(index % 10_000).padStart(4, '0')}`;
}

/** Customer `index`'s name, without making the rest of the customer. */
export const namesOf = (index: number) => {
  if (index === 0) return { firstName: 'Dana', lastName: 'Whitfield' };
  if (index === 1) return { firstName: 'Robert', lastName: 'Alvarez' };
  const random = new Random(index);
  return { firstName: random.pick(firstNames), lastName: random.pick(lastNames) };
};

/** Customer `index`'s email, or null for the few the business never got one for. */
export function emailOf(index: number): string | null {
  if (index === 0) return 'demo@example.com';
  if (index === 1) return 'robert.alvarez@example.com';
  if (index % 17 === 5) return null;
  const { firstName, lastName } = namesOf(index);
  return `${firstName}.${lastName}.${index}@example.com`.toLowerCase();
}

function visitTimes(random: Random, dayStart: number) {
  // 8:00 to 15:00 Eastern, written in UTC (13:00–20:00Z; an hour off in summer, still within the working day).
  const start = dayStart + (13 + random.between(0, 7)) * 3_600_000;
  return { start: new Date(start), end: new Date(start + random.pick([1, 1, 2]) * 3_600_000) };
}

function generatedVisits(index: number, random: Random, now: number): DemoVisit[] {
  const count = random.pick([0, 1, 1, 2, 2, 3, 3, 4, 5, 6]);
  const technician = random.pick(demoTechnicians);
  const days = Array.from({ length: count }, () => historyStart + random.between(0, (historyEnd - historyStart) / day) * day).sort((a, b) => a - b);
  const visits: DemoVisit[] = days.map((dayStart, number) => {
    const serviceType = random.pick(serviceTypes);
    const kind = random.pick(appliances);
    const brand = random.pick(kind.brands);
    const { start, end } = visitTimes(random, dayStart);
    const cancelled = random.next() < 0.06;
    const totalCents = cancelled ? null : (serviceType === 'Installation' ? random.between(250, 900) : random.between(89, 640)) * 100 + random.pick([0, 0, 50, 95]);
    return {
      number,
      serviceType,
      appliance: kind.appliance,
      brand,
      description: `${brand} ${kind.appliance.toLowerCase()}: ${random.pick(problems[serviceType])}.`,
      status: cancelled ? 'cancelled' : 'completed',
      start,
      end,
      completedAt: cancelled ? null : end,
      createdAt: new Date(dayStart - random.between(1, 9) * day + 15 * 3_600_000),
      technician: random.next() < 0.7 ? technician : random.pick(demoTechnicians),
      technicianNotes: cancelled ? 'Customer cancelled before the visit.' : random.pick(notesByType[serviceType]),
      totalCents,
    };
  });
  // About one customer in eight has a visit booked in the next three weeks.
  if (index % 8 === 3 && visits.length < maxVisitsPerCustomer) {
    const kind = random.pick(appliances);
    const brand = random.pick(kind.brands);
    const dayStart = Math.floor(now / day) * day + random.between(1, 21) * day;
    const { start, end } = visitTimes(random, dayStart);
    visits.push({
      number: visits.length,
      serviceType: 'Repair',
      appliance: kind.appliance,
      brand,
      description: `${brand} ${kind.appliance.toLowerCase()}: ${random.pick(problems.Repair)}.`,
      status: 'scheduled',
      start,
      end,
      completedAt: null,
      createdAt: new Date(dayStart - 3 * day),
      technician,
      technicianNotes: null,
      totalCents: null,
    });
  }
  return visits;
}

const at = (iso: string) => new Date(iso);

function fixedVisits(index: 0 | 1, now: number): DemoVisit[] {
  if (index === 0) {
    const upcoming = Math.floor(now / day) * day + 10 * day + 14 * 3_600_000;
    return [
      {
        number: 0, serviceType: 'Repair', appliance: 'Refrigerator', brand: 'Sub-Zero', description: 'Sub-Zero refrigerator: freezer not holding temperature.',
        status: 'completed', start: at('2024-03-05T14:00:00Z'), end: at('2024-03-05T15:00:00Z'), completedAt: at('2024-03-05T15:00:00Z'),
        createdAt: at('2024-03-04T13:00:00Z'), technician: 'Mike Johnson', technicianNotes: 'Replaced defrost heater.', totalCents: 28_900,
      },
      {
        number: 1, serviceType: 'Maintenance', appliance: 'Range', brand: 'Wolf', description: 'Wolf range: annual burner and igniter check.',
        status: 'completed', start: at('2024-10-15T17:00:00Z'), end: at('2024-10-15T18:00:00Z'), completedAt: at('2024-10-15T18:00:00Z'),
        createdAt: at('2024-10-08T12:30:00Z'), technician: 'Sarah Chen', technicianNotes: 'Cleaned burners, replaced one igniter.', totalCents: 14_950,
      },
      {
        number: 2, serviceType: 'Repair', appliance: 'Dishwasher', brand: 'Bosch', description: 'Bosch dishwasher: not draining.',
        status: 'scheduled', start: new Date(upcoming), end: new Date(upcoming + 3_600_000), completedAt: null,
        createdAt: new Date(upcoming - 5 * day), technician: 'Mike Johnson', technicianNotes: null, totalCents: null,
      },
    ];
  }
  return [
    {
      number: 0, serviceType: 'Installation', appliance: 'Dishwasher', brand: 'Bosch', description: 'Bosch dishwasher: new unit installation.',
      status: 'completed', start: at('2022-06-14T13:00:00Z'), end: at('2022-06-14T15:00:00Z'), completedAt: at('2022-06-14T15:00:00Z'),
      createdAt: at('2022-06-07T16:00:00Z'), technician: 'Carlos Rivera', technicianNotes: 'Installed and leveled; customer shown the controls.', totalCents: 42_500,
    },
    {
      number: 1, serviceType: 'Repair', appliance: 'Refrigerator', brand: 'Sub-Zero', description: 'Sub-Zero refrigerator: ice maker not filling.',
      status: 'completed', start: at('2023-02-09T15:00:00Z'), end: at('2023-02-09T16:00:00Z'), completedAt: at('2023-02-09T16:00:00Z'),
      createdAt: at('2023-02-06T14:00:00Z'), technician: 'Mike Johnson', technicianNotes: 'Replaced water inlet valve.', totalCents: 31_500,
    },
    {
      number: 2, serviceType: 'Repair', appliance: 'Range', brand: 'Viking', description: 'Viking range: oven not heating.',
      status: 'completed', start: at('2023-11-20T18:00:00Z'), end: at('2023-11-20T19:00:00Z'), completedAt: at('2023-11-20T19:00:00Z'),
      createdAt: at('2023-11-17T13:00:00Z'), technician: 'Mike Johnson', technicianNotes: 'Replaced bake element.', totalCents: 26_750,
    },
    {
      number: 3, serviceType: 'Maintenance', appliance: 'Refrigerator', brand: 'Sub-Zero', description: 'Sub-Zero refrigerator: coil cleaning and check-up.',
      status: 'completed', start: at('2024-08-02T14:00:00Z'), end: at('2024-08-02T15:00:00Z'), completedAt: at('2024-08-02T15:00:00Z'),
      createdAt: at('2024-07-29T12:00:00Z'), technician: 'Sarah Chen', technicianNotes: 'Cleaned condenser coils, all readings normal.', totalCents: 12_900,
    },
    {
      number: 4, serviceType: 'Repair', appliance: 'Wall Oven', brand: 'Thermador', description: 'Thermador wall oven: error code on the display.',
      status: 'completed', start: at('2025-05-12T16:00:00Z'), end: at('2025-05-12T17:00:00Z'), completedAt: at('2025-05-12T17:00:00Z'),
      createdAt: at('2025-05-08T15:00:00Z'), technician: 'Mike Johnson', technicianNotes: 'Replaced temperature sensor.', totalCents: 23_800,
    },
  ];
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Customer `index` of a sandbox started at `now` (only upcoming visits depend on it). */
export function demoCustomer(index: number, now: number): DemoCustomer {
  const random = new Random(index + 1_000_003);
  const town = townOf(index);
  const { firstName, lastName } = namesOf(index);
  const digits = phoneDigitsOf(index);
  const visits = index <= 1 ? fixedVisits(index as 0 | 1, now) : generatedVisits(index, random, now);
  const completed = visits.filter((visit) => visit.status === 'completed');
  const lastCompleted = completed.at(-1);
  const technicianCounts = new Map<string, number>();
  for (const visit of completed) if (visit.technician) technicianCounts.set(visit.technician, (technicianCounts.get(visit.technician) ?? 0) + 1);
  const preferredTechnician = [...technicianCounts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const format = index === 0 || index === 1 ? phoneFormats[0]! : phoneFormats[index % phoneFormats.length]!;
  const fixedPlace = index === 0 ? { street: '48 Cordova St', city: 'St Augustine', zipCode: '32084' } : index === 1 ? { street: '212 San Marco Ave', city: 'St Augustine', zipCode: '32084' } : undefined;
  return {
    index,
    firstName,
    lastName,
    email: emailOf(index),
    phone: format(digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)),
    phoneDigits: digits,
    street: fixedPlace?.street ?? `${random.between(2, 9_899)} ${random.pick(streets)}`,
    city: fixedPlace?.city ?? town.city,
    state: 'FL',
    zipCode: fixedPlace?.zipCode ?? town.zipCode,
    notes: index === 0 ? 'Gate code 1142. Prefers morning appointments.' : index % 9 === 2 ? 'Call before arriving.' : null,
    preferredTechnician,
    createdAt: visits[0] ? new Date(visits[0].createdAt.getTime() - 30 * day) : new Date(historyStart + (index % 1_000) * day),
    visits,
    totalServices: completed.length,
    totalSpentCents: completed.reduce((sum, visit) => sum + (visit.totalCents ?? 0), 0),
    lastServiceDate: lastCompleted?.completedAt ? isoDate(lastCompleted.completedAt) : null,
  };
}

/** Dollars text from cents: 28900 → "289.00". */
export const centsToDollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export { isoDate };
