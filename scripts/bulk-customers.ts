/**
 * A business's worth of customers written straight into the services' databases, for `pnpm bench restore`
 * (scripts/compose-smoke.ts with COMPOSE_SMOKE_BENCH=restore): one psql script, run as the superuser inside the postgres
 * container, that inserts in bulk (generate_series, and COPY through files in the container's /tmp to carry ids from
 * one service's database to the next, as the services' own effects would have):
 * - accounts: `count` customers with a sign-in (the password of an existing customer, so any of them can sign in
 *   through the gateway), seven in ten signed in at some time, and a session for those seen in the last 30 days
 *   (a fifth of them logged out);
 * - booking: past visits for six in ten of the customers (one to three each, over the last three years, never on a
 *   Sunday), each with its history (booked, then completed, cancelled or no-show);
 * - payments: its copy of every one of those visits, and for about half of the completed ones an invoice (the visit,
 *   labour, sometimes a part, with Florida's tax as payments reckons it), most of them paid by card.
 * Every value is derived from the row's number (hashtext), so two runs write the same data.
 */

/** Where the ids travel between databases: files of the postgres container, removed at the end. */
const customersFile = '/tmp/restore-bench-customers.csv';
const visitsFile = '/tmp/restore-bench-visits.csv';

/** A pseudo-random whole number in [0, modulo) for `salt` and the row's number `n` (an SQL expression). */
const pick = (salt: string, n: string, modulo: number) => `(abs(hashtext('${salt}' || ${n})) % ${modulo})`;
/** One of `values` for the row's number. */
const oneOf = (salt: string, n: string, values: readonly string[]) =>
  `(array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}])[1 + ${pick(salt, n, values.length)}]`;

const firstNames = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Maria', 'Luis', 'Ana', 'Wei', 'Mei', 'Raj', 'Priya', 'Kwame', 'Amara'];
const lastNames = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson'];
const streets = ['Aviles St', 'Cordova St', 'King St', 'San Marco Ave', 'Anastasia Blvd', 'A1A S', 'Ponce de Leon Blvd', 'Masters Dr', 'Old Moultrie Rd', 'Palm Valley Rd', 'Racetrack Rd', 'Riberia St'];
const places = ['St Augustine, FL 32084', 'St Augustine, FL 32086', 'St Augustine, FL 32092', 'St Augustine Beach, FL 32080', 'Ponte Vedra Beach, FL 32082', 'Palm Coast, FL 32137'];
const appliances = ['Refrigerator', 'Washer', 'Dryer', 'Dishwasher', 'Oven', 'Range', 'Freezer', 'Ice Maker', 'Microwave', 'Garbage Disposal'];
const brands = ['Sub-Zero', 'KitchenAid', 'GE', 'LG', 'Samsung', 'Whirlpool', 'Maytag', 'Bosch', 'Frigidaire', 'Wolf'];
const serviceTypes = ['Repair', 'Repair', 'Repair', 'Diagnostic', 'Maintenance', 'Installation', 'Emergency Service'];
const slots = ['08:00-09:00', '09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00', '13:00-14:00', '14:00-15:00', '15:00-16:00', '16:00-17:00'];
/** Payments' demo price book (services/payments/src/seed.ts): a part fitted on some visits. */
const parts = [
  ['Whirlpool refrigerator door gasket (W10830162)', 11_850],
  ['Sub-Zero evaporator fan motor (7025416)', 28_975],
  ['GE dryer heating element (WE11X10018)', 6_420],
  ['Bosch dishwasher drain pump (00620774)', 9_599],
] as const;
/** Florida's 6 % and St Johns County's 0.5 % on the first $5,000 of a line (services/payments/src/domain/tax.ts). */
const tax = { stateBps: 600, surtaxBps: 50, surtaxCapCents: 500_000 };

/**
 * The psql script (run with ON_ERROR_STOP) that adds `count` customers and their visits and invoices, copying the
 * password of the customer with `passwordOf`'s email. Each database's part is one transaction.
 */
export function bulkCustomersScript(count: number, passwordOf: string): string {
  const n = 'n';
  return String.raw`
\c accounts
begin;
select coalesce(max(id), 0) as customer_base from customers \gset
insert into customers (first_name, last_name, email, phone, address, password_hash, created_at, last_login, email_verified_at)
select first_name, last_name, lower(format('%s.%s.%s@example.com', first_name, last_name, n)), phone, address, password_hash, created_at,
  case when ${pick('login', n, 10)} < 7 then greatest(created_at, now() - interval '1 hour' * (1 + ${pick('seen', n, 24 * 180)})) end,
  created_at
from (
  select ${n}, ${oneOf('first', n, firstNames)} as first_name, ${oneOf('last', n, lastNames)} as last_name,
    format('(%s) %s-%s', ${oneOf('area', n, ['904', '904', '904', '386', '352'])}, 200 + ${pick('exchange', n, 800)}, lpad(${pick('line', n, 10_000)}::text, 4, '0')) as phone,
    format('%s %s, %s', 1 + ${pick('number', n, 4000)}, ${oneOf('street', n, streets)}, ${oneOf('place', n, places)}) as address,
    (select password_hash from customers where lower(email) = lower(${`'${passwordOf.replaceAll("'", "''")}'`})) as password_hash,
    now() - interval '1 day' * (1 + ${pick('joined', n, 1500)}) as created_at
  from generate_series(1, ${count}) ${n}
) generated;
insert into sessions (id, kind, subject_id, role, created_at, last_seen_at, revoked_at)
select rtrim(translate(encode(sha256(convert_to('restore-bench-session-' || id, 'UTF8')), 'base64'), '+/', '-_'), '='), 'customer', id, 'customer',
  last_login, last_login + interval '20 minutes', case when ${pick('logout', 'id', 5)} = 0 then last_login + interval '20 minutes' end
from customers where id > :customer_base and last_login > now() - interval '30 days';
copy (select id, first_name || ' ' || last_name, email, phone, address from customers where id > :customer_base) to '${customersFile}' with (format csv);
commit;

\c booking
begin;
create temp table bulk_customers (id int, name text, email text, phone text, address text) on commit drop;
copy bulk_customers from '${customersFile}' with (format csv);
select coalesce(max(id), 0) as visit_base from appointments \gset
-- Booking keeps the street, city, state and ZIP apart; accounts keeps the address as one line.
insert into appointments (customer_id, customer_name, email, phone, address, city, state, zip_code, appointment_date, time_slot, service_type,
  appliance, brand, description, status, technician_id, technician_notes, total_cost, confirmation_code, created_at, holds_slot_place,
  confirmed_at, confirmed_by, revision)
select c.id, c.name, c.email, c.phone, split_part(c.address, ', ', 1), split_part(c.address, ', ', 2), 'FL', right(c.address, 5),
  day, slot, ${oneOf('service', 'key', serviceTypes)}, ${oneOf('appliance', 'key', appliances)}, ${oneOf('brand', 'key', brands)},
  'Customer reports the appliance is not working as it should.', status, technicians[1 + ${pick('technician', 'key', 97)} % greatest(cardinality(technicians), 1)],
  case when status = 'completed' then 'Diagnosed and repaired; tested after the repair.' end, null,
  -- A code per visit from its number: an odd multiplier is one-to-one modulo 2^30, written in the codes' 32 letters.
  'SA-' || (select string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + ((key::bigint * 1103515245 + 12345) % 1073741824 >> (5 * i))::int % 32, 1), '' order by i) from generate_series(0, 5) i),
  day - 2 - ${pick('lead', 'key', 12)}, false, day - 1, 'office@example.com', case when status = 'completed' then 2 else 1 end
from bulk_customers c
cross join lateral generate_series(1, 1 + ${pick('visits', 'c.id', 3)}) v
cross join lateral (select c.id * 3 + v as key) k
cross join lateral (select current_date - (1 + ${pick('day', 'key', 1095)}) as raw_day) d
cross join lateral (select raw_day - (extract(dow from raw_day) = 0)::int as day, ${oneOf('slot', 'key', slots)} as slot,
  case when ${pick('status', 'key', 100)} < 86 then 'completed' when ${pick('status', 'key', 100)} < 96 then 'cancelled' else 'no-show' end as status) s
cross join (select array_agg(id order by id) as technicians from technicians) t
where ${pick('has-visits', 'c.id', 10)} < 6
on conflict (confirmation_code) do nothing;
insert into appointment_history (appointment_id, at, actor, action, from_status, to_status)
select id, created_at, 'Customer', 'booked', null, 'scheduled' from appointments where id > :visit_base
union all
select id, confirmed_at, confirmed_by, 'confirmed', 'scheduled', 'confirmed' from appointments where id > :visit_base
union all
select id, (appointment_date + split_part(time_slot, '-', 2)::time) at time zone 'America/New_York',
  case status when 'completed' then 'Technician' else 'office@example.com' end,
  case status when 'completed' then 'completed' when 'cancelled' then 'cancelled' else 'no-show' end, 'confirmed', status
from appointments where id > :visit_base;
copy (select id, customer_id, customer_name, email, phone, address, city, state, zip_code, service_type, appliance, brand, status, confirmation_code,
  (appointment_date + split_part(time_slot, '-', 1)::time) at time zone 'America/New_York', (appointment_date + split_part(time_slot, '-', 2)::time) at time zone 'America/New_York',
  technician_id, version from appointments where id > :visit_base) to '${visitsFile}' with (format csv);
commit;

\c payments
begin;
create temp table bulk_visits (id int, customer_id int, customer_name text, email text, phone text, address text, city text, state text, zip_code text,
  service_type text, appliance text, brand text, status text, confirmation_code text, starts_at timestamptz, ends_at timestamptz, technician_id text,
  version int) on commit drop;
copy bulk_visits from '${visitsFile}' with (format csv);
insert into appointments (id, version, customer_id, customer_name, email, phone, address, city, state, zip_code, service_type, appliance, brand,
  status, confirmation_code, starts_at, ends_at, technician_id)
select id, version, customer_id, customer_name, email, phone, address, city, state, zip_code, service_type, appliance, brand, status,
  confirmation_code, starts_at, ends_at, technician_id from bulk_visits;
create temp table bulk_lines on commit drop as
select v.id as appointment_id, line.*
from bulk_visits v
cross join lateral (values
  (1, 'service', 'Diagnostic visit', 1, 8900, false),
  (2, 'service', 'Labour (per hour)', 1 + ${pick('hours', 'v.id', 3)}, 12500, false),
  (3, 'part', ${oneOf('part', 'v.id', parts.map(([name]) => name))}, 1, (array[${parts.map(([, cents]) => cents).join(', ')}])[1 + ${pick('part', 'v.id', parts.length)}], true)
) line(position, kind, description, quantity, unit_price_cents, taxable)
where v.status = 'completed' and ${pick('invoiced', 'v.id', 2)} = 0 and (line.position < 3 or ${pick('fitted', 'v.id', 2)} = 0);
select coalesce(max(id), 0) as invoice_base from invoices \gset
insert into invoices (number, appointment_id, status, subtotal_cents, tax_cents, total_cents, amount_paid_cents, state_tax_bps, surtax_bps, surtax_cap_cents,
  due_date, sent_at, created_at, updated_at)
select 'INV-' || nextval('invoice_number_seq'), appointment_id, status, subtotal, tax, subtotal + tax, case when status = 'paid' then subtotal + tax else 0 end,
  ${tax.stateBps}, ${tax.surtaxBps}, ${tax.surtaxCapCents}, (ends_at at time zone 'America/New_York')::date + 14, ends_at + interval '1 hour', ends_at, ends_at + interval '1 hour'
from (
  select l.appointment_id, v.ends_at, case when ${pick('paid', 'l.appointment_id', 10)} < 9 then 'paid' else 'sent' end as status,
    sum(quantity * unit_price_cents)::int as subtotal,
    -- Half up to the cent once for the invoice, from every taxable line's exact tax.
    ((sum(case when taxable then ${tax.stateBps} * quantity * unit_price_cents + ${tax.surtaxBps} * least(quantity * unit_price_cents, ${tax.surtaxCapCents}) else 0 end) + 5000) / 10000)::int as tax
  from bulk_lines l join bulk_visits v on v.id = l.appointment_id
  group by l.appointment_id, v.ends_at
  order by l.appointment_id
) totals;
insert into invoice_lines (invoice_id, position, price_book_item_id, kind, description, quantity, unit_price_cents, taxable)
select i.id, l.position, p.id, l.kind, l.description, l.quantity, l.unit_price_cents, l.taxable
from bulk_lines l join invoices i on i.appointment_id = l.appointment_id and i.id > :invoice_base
left join price_book_items p on p.name = l.description;
insert into payments (provider, payment_intent_id, amount_cents, currency, description, status, status_changed_at, payer_email, reference, invoice_id,
  applied_cents, created_at, updated_at)
select 'demo', 'demo_pi_restore_bench_' || i.id, i.total_cents, 'usd', 'Invoice ' || i.number, 'succeeded', i.sent_at + interval '2 days', v.email, i.number, i.id,
  i.total_cents, i.sent_at + interval '2 days', i.sent_at + interval '2 days'
from invoices i join bulk_visits v on v.id = i.appointment_id
where i.id > :invoice_base and i.status = 'paid';
commit;
-- psql runs inside the container too, so its shell removes the files the server wrote there.
\! rm -f ${customersFile} ${visitsFile}
`;
}
