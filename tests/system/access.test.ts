import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  appointmentAccessHeader,
  bookableDates,
  configurableSystems,
  customerHistoryPath,
  fieldServiceConnectionTestPath,
  fieldServiceSettingsPath,
  fieldServiceSystemsPath,
  invoiceAccessHeader,
  jobberCallbackPath,
  jobberConnectionPath,
  jobberConnectPath,
  serviceForPath,
  serviceNames,
  sessionCheckPath,
  staffAccountsPath,
  technicianAccountsPath,
  type AppName,
} from '@repo/contracts';
import { effectHeaders, effectPath } from '@repo/service-kit';
import { linkIn, waitForEmail } from '../support/mail.ts';
import { adminToken, closeAgents, customerToken, documentedOperations, gatewayNames, send, useGateway, type Answer, type Operation } from './support.ts';

/**
 * Who may call what, for every operation the services document and every kind of caller, written down once
 * (`rules`) and checked against the running system through nginx. An operation missing from the table fails the
 * suite, so a new route cannot go live without its rule.
 *
 * Each call carries a body no route accepts ({} or a NUL key): a caller the route lets in gets past authentication
 * and is refused by validation (400) or answered; a caller it keeps out gets 401 or 403 (authentication comes before
 * validation), or 404 where the object is somebody else's (`owned`: another customer's appointment is not found,
 * rather than forbidden, so ids cannot be probed).
 */
const actorNames = ['anonymous', 'customer A', 'customer B', 'unproven customer', 'manage link', 'track link', 'invoice link', 'technician', 'staff', 'admin', 'another service'] as const;
type ActorName = (typeof actorNames)[number];
type Rule = { allow: readonly ActorName[]; owned?: boolean };

const everyone = actorNames;
/**
 * Customers A and B registered as every customer now does, so their emails are proven (the emailed link made their
 * accounts); the unproven customer's account is one from before registration asked for proof, its email only claimed.
 * (No customer has a proven phone: nothing in the matrix turns on one.)
 */
const customers = ['customer A', 'customer B', 'unproven customer'] as const;
const backOffice = ['staff', 'admin'] as const;
const anySession = [...customers, 'technician', 'staff', 'admin'] as const;

/**
 * The object ids the calls use: customer A's appointment (booked signed in, assigned to the technician), the
 * technician's own id, a payment intent. Customer B, the links and the back office reach A's appointment through them.
 */
const rules: Record<string, Rule> = {
  // booking
  'GET /api/appointments/available-slots': { allow: everyone },
  'POST /api/appointments': { allow: everyone },
  'POST /api/appointments/find': { allow: everyone },
  'POST /api/appointments/for-caller': { allow: backOffice },
  'GET /api/appointments': { allow: backOffice },
  'PUT /api/appointments/{id}/status': { allow: backOffice },
  'PUT /api/appointments/{id}/assign': { allow: backOffice },
  'POST /api/appointments/{id}/confirm': { allow: backOffice },
  'POST /api/appointments/{id}/cancel': { allow: backOffice },
  'POST /api/appointments/{id}/reopen': { allow: backOffice },
  'POST /api/appointments/{id}/no-show': { allow: backOffice },
  'POST /api/appointments/{id}/reschedule': { allow: backOffice },
  'GET /api/appointments/{id}/history': { allow: backOffice },
  'GET /api/appointments/by-customer': { allow: backOffice },
  // The appliance intake given at booking: the office, and the technician the visit is assigned to (another's job is a 404 in booking's tests).
  'GET /api/appointments/{id}/intake': { allow: ['technician', ...backOffice] },
  // The job record of the visit: the same callers as the intake (another technician's job is a 404 in booking's tests);
  // only the office marks a waited-for part arrived, as it then books the return visit.
  'GET /api/appointments/{id}/job-record': { allow: ['technician', ...backOffice] },
  'PUT /api/appointments/{id}/job-record': { allow: ['technician', ...backOffice] },
  'PUT /api/appointments/{id}/waiting-for-parts': { allow: ['technician', ...backOffice] },
  'PUT /api/appointments/{id}/warranty-claim': { allow: ['technician', ...backOffice] },
  // Photos: the visit's technician and the office take and list them; the customer lists them on their appointment's
  // page; a photo's image opens by its signed address alone (every caller gets past to its check: 400 without one).
  'POST /api/appointments/{id}/photos': { allow: ['technician', ...backOffice] },
  'GET /api/appointments/{id}/photos': { allow: ['technician', ...backOffice] },
  'POST /api/appointments/{id}/photos/{photoId}/uploaded': { allow: ['technician', ...backOffice] },
  'GET /api/appointments/{id}/photos/{photoId}/image': { allow: everyone },
  'GET /api/customer/appointments/{id}/photos': { allow: ['customer A', 'manage link'], owned: true },
  // The booking wizard's upload slots: open to visitors (rate-limited per client); the booking names a slot with its token.
  'POST /api/appointments/photo-drafts': { allow: everyone },
  'POST /api/appointments/{id}/part-arrived': { allow: backOffice },
  'GET /api/appointments/board': { allow: backOffice },
  'GET /api/appointments/closed-days': { allow: everyone },
  'GET /api/appointments/reports/summary': { allow: backOffice },
  // The owner's full export, a CSV per service (the back office zips them).
  'GET /api/appointments/export/appointments.csv': { allow: ['admin'] },
  'GET /api/appointments/closures': { allow: backOffice },
  'POST /api/appointments/closures': { allow: backOffice },
  'DELETE /api/appointments/closures/{date}': { allow: backOffice },
  'GET /api/customer/appointments': { allow: customers },
  'GET /api/customer/appliances': { allow: customers },
  'GET /api/customer/appointments/{id}': { allow: ['customer A', 'manage link'], owned: true },
  'PUT /api/customer/appointments/{id}/reschedule': { allow: ['customer A', 'manage link'], owned: true },
  'POST /api/customer/appointments/{id}/cancel': { allow: ['customer A', 'manage link'], owned: true },
  'GET /api/customer/appointments/{id}/calendar.ics': { allow: ['customer A', 'manage link'], owned: true },
  'GET /api/customer/service-requests': { allow: customers },
  'POST /api/customer/import-history': { allow: customers },
  // Visits kept elsewhere under an email are brought in only for a customer who proved it is theirs.
  'POST /api/customer/import-from-system': { allow: ['customer A', 'customer B'] },
  'GET /api/service-systems': { allow: everyone },
  // accounts
  'POST /api/auth/register': { allow: everyone },
  // A registration's emailed link is opened by someone with no account yet.
  'POST /api/auth/confirm-email': { allow: everyone },
  'POST /api/auth/login': { allow: everyone },
  'PUT /api/auth/password': { allow: customers },
  // A reset or sign-in link is asked for and used by someone who cannot sign in (with the password).
  'POST /api/auth/password-reset': { allow: everyone },
  'POST /api/auth/password-reset/complete': { allow: everyone },
  'POST /api/auth/sign-in-link': { allow: everyone },
  'POST /api/auth/sign-in-link/complete': { allow: everyone },
  // A customer proves the phone on their own account.
  'POST /api/auth/phone-code': { allow: customers },
  'POST /api/auth/phone-code/confirm': { allow: customers },
  'PUT /api/auth/phone': { allow: customers },
  'PUT /api/auth/email': { allow: customers },
  'POST /api/auth/email/confirm': { allow: everyone },
  'GET /api/auth/user': { allow: customers },
  'GET /api/auth/service-history': { allow: customers },
  'GET /api/auth/session': { allow: everyone },
  'POST /api/admin/login': { allow: everyone },
  'GET /api/admin/session': { allow: everyone },
  'GET /api/admin/customers': { allow: backOffice },
  // The customer record (issue 27): the account, staff notes and the linked system's visits.
  'GET /api/admin/customers/{id}': { allow: backOffice },
  'POST /api/admin/customers/{id}/notes': { allow: backOffice },
  'GET /api/admin/customers/{id}/service-history': { allow: backOffice },
  'GET /api/admin/servicepro-customers': { allow: backOffice },
  'POST /api/admin/lookup-customer-phone': { allow: backOffice },
  'GET /api/admin/import-source': { allow: ['admin'] },
  'POST /api/admin/import-all-customers': { allow: ['admin'] },
  'GET /api/admin/import-jobs/latest': { allow: ['admin'] },
  'GET /api/admin/import-jobs/{id}': { allow: ['admin'] },
  'GET /api/admin/import-jobs': { allow: ['admin'] },
  'POST /api/admin/import-jobs/{id}/resume': { allow: ['admin'] },
  [`GET ${jobberConnectionPath}`]: { allow: ['admin'] },
  [`POST ${jobberConnectPath}`]: { allow: ['admin'] },
  [`GET ${jobberCallbackPath}`]: { allow: ['admin'] },
  [`DELETE ${jobberConnectionPath}`]: { allow: ['admin'] },
  ...Object.fromEntries(
    configurableSystems.flatMap((system) => [
      [`GET ${fieldServiceSettingsPath(system)}`, { allow: ['admin'] }],
      [`PUT ${fieldServiceSettingsPath(system)}`, { allow: ['admin'] }],
      [`POST ${fieldServiceConnectionTestPath(system)}`, { allow: ['admin'] }],
    ]),
  ),
  [`GET ${technicianAccountsPath}`]: { allow: backOffice },
  [`POST ${technicianAccountsPath}`]: { allow: backOffice },
  [`PUT ${technicianAccountsPath}/{technicianId}/password`]: { allow: backOffice },
  [`GET ${staffAccountsPath}`]: { allow: ['admin'] },
  [`POST ${staffAccountsPath}`]: { allow: ['admin'] },
  [`PUT ${staffAccountsPath}/{id}/password`]: { allow: ['admin'] },
  // The owner's data: the customers' CSV, and customers' requests to be forgotten.
  'GET /api/admin/export/customers.csv': { allow: ['admin'] },
  'POST /api/admin/customers/{id}/deletion': { allow: ['admin'] },
  'GET /api/admin/customers/{id}/deletion': { allow: ['admin'] },
  'GET /api/admin/deletion-requests': { allow: ['admin'] },
  // tracking
  'GET /api/technicians': { allow: backOffice },
  'POST /api/technicians': { allow: backOffice },
  // A customer (or link holder) sees the technician of their own appointment, as the tracking page shows him.
  'GET /api/technicians/{id}': { allow: ['customer A', 'manage link', 'track link', 'technician', 'staff', 'admin'], owned: true },
  'PUT /api/technicians/{id}': { allow: backOffice },
  'PUT /api/technicians/{id}/active': { allow: backOffice },
  'PUT /api/technicians/{id}/schedule': { allow: backOffice },
  'PUT /api/technicians/{id}/location': { allow: ['technician', 'staff', 'admin'] },
  'GET /api/tracking': { allow: anySession },
  'GET /api/tracking/jobs': { allow: ['technician', 'staff', 'admin'] },
  'GET /api/tracking/day-routes': { allow: backOffice },
  'GET /api/tracking/{appointmentId}': { allow: ['customer A', 'manage link', 'track link', 'technician', 'staff', 'admin'], owned: true },
  'PUT /api/tracking/{appointmentId}/status': { allow: ['technician', 'staff', 'admin'] },
  'POST /api/tracking/{appointmentId}/allow-today': { allow: backOffice },
  // payments
  'POST /api/create-payment-intent': { allow: everyone },
  'GET /api/payments/{paymentIntentId}': { allow: everyone },
  'POST /api/payments/demo/confirm': { allow: everyone },
  'GET /api/payments': { allow: ['admin'] },
  'GET /api/payments/reports/summary': { allow: ['admin'] },
  'GET /api/payments/export/payments.csv': { allow: ['admin'] },
  'GET /api/payments/export/invoices.csv': { allow: ['admin'] },
  // payments: the price book and invoices (staff make and change them; the appointment's customer sees and pays one)
  // Technicians read it to build estimates.
  'GET /api/payments/price-book': { allow: ['technician', ...backOffice] },
  'POST /api/payments/price-book': { allow: backOffice },
  'PUT /api/payments/price-book/{id}': { allow: backOffice },
  'DELETE /api/payments/price-book/{id}': { allow: backOffice },
  'GET /api/payments/invoices': { allow: [...customers, ...backOffice] },
  'POST /api/payments/invoices': { allow: backOffice },
  // The invoice's emailed link opens that invoice alone, with no account.
  'GET /api/payments/invoices/{id}': { allow: ['customer A', 'invoice link', ...backOffice], owned: true },
  'GET /api/payments/invoices/{id}/pdf': { allow: ['customer A', 'invoice link', ...backOffice], owned: true },
  'GET /api/payments/invoices/{id}/receipt': { allow: ['customer A', 'invoice link', ...backOffice], owned: true },
  'PUT /api/payments/invoices/{id}/lines': { allow: backOffice },
  'POST /api/payments/invoices/{id}/send': { allow: backOffice },
  'POST /api/payments/invoices/{id}/void': { allow: backOffice },
  'POST /api/payments/invoices/{id}/refunds': { allow: backOffice },
  // Any customer passes authentication (and is refused by validation here); paying another's invoice is a 404 in payments' own tests.
  'POST /api/payments/invoices/{id}/pay': { allow: [...customers, 'invoice link'] },
  // payments: estimates. Staff and the visit's technician build them; the visit's customer sees a presented one and
  // answers it. A customer's list of another visit's estimates is empty rather than refused (payments' own tests).
  'GET /api/payments/estimates': { allow: anySession },
  'POST /api/payments/estimates': { allow: ['technician', ...backOffice] },
  'GET /api/payments/estimates/{id}': { allow: ['customer A', 'technician', ...backOffice], owned: true },
  'PUT /api/payments/estimates/{id}/lines': { allow: ['technician', ...backOffice] },
  'POST /api/payments/estimates/{id}/present': { allow: ['technician', ...backOffice] },
  // Any signed-in caller, and the visit's manage link on its appointment page, pass authentication (and are refused by
  // validation here); answering another's is a 404 in payments' tests.
  'POST /api/payments/estimates/{id}/approve': { allow: [...anySession, 'manage link'] },
  'POST /api/payments/estimates/{id}/decline': { allow: [...anySession, 'manage link'] },
  'POST /api/payments/estimates/{id}/invoice': { allow: ['technician', ...backOffice] },
  // The estimate's PDF: whoever sees the estimate, and the visit's manage link (another's is a 404 in payments' tests).
  'GET /api/payments/estimates/{id}/pdf': { allow: ['customer A', 'manage link', 'technician', ...backOffice], owned: true },
  'GET /api/payments/appointments/{id}/estimates': { allow: ['customer A', 'manage link', 'technician', ...backOffice], owned: true },
  // notifications: the delivery log is the office's
  'GET /api/notifications/messages': { allow: backOffice },
  'GET /api/notifications/messages/{id}': { allow: backOffice },
  'POST /api/notifications/messages/{id}/resend': { allow: backOffice },
  'GET /api/notifications/summary': { allow: backOffice },
  'GET /api/notifications/export/messages.csv': { allow: ['admin'] },
  // a customer's choice of optional messages: signed in with a proven email, or by the key a preferences link carries
  'GET /api/notifications/preferences': { allow: ['customer A', 'customer B'] },
  'PUT /api/notifications/preferences': { allow: ['customer A', 'customer B'] },
  'POST /api/notifications/preferences/by-key': { allow: everyone },
  'PUT /api/notifications/preferences/by-key': { allow: everyone },
  'POST /api/notifications/unsubscribe': { allow: everyone },
  // Twilio's status callbacks and replies: only a request Twilio signed (X-Twilio-Signature) is heard, so none of these.
  'POST /api/notifications/twilio/status': { allow: [] },
  'POST /api/notifications/twilio/inbound': { allow: [] },
  // every service: what it owes its peers, and its document
  ...Object.fromEntries(serviceNames.flatMap((service) => [
    [`GET /api/deliveries/${service}`, { allow: backOffice }],
    [`GET /api/docs/${service}`, { allow: backOffice }],
  ])),
};

/**
 * Signing out takes no input and ends the caller's session: public by design, proven in accounts' own tests. (The
 * payment provider's webhook is not in the documents: it is the provider's, checked by its signature.)
 */
const notInMatrix = new Set(['POST /api/auth/logout', 'POST /api/admin/logout']);

type Actor = { name: ActorName; app: AppName; headers: Record<string, string> };
let actors: Actor[] = [];
let operations: Operation[] = [];
const ids: { appointment: number; technician: string; paymentIntent: string; staff: number; invoice: number; estimate: number } = { appointment: 0, technician: '', paymentIntent: '', staff: 0, invoice: 0, estimate: 0 };

const keyOf = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

async function ok(answer: Promise<Answer>, what: string): Promise<Record<string, unknown>> {
  const { status, text } = await answer;
  if (status < 200 || status > 299) throw new Error(`${what} answered ${status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const jsonCall = (app: AppName, method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  send(app, { method, path, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Repeats a call until it answers 2xx (peers learn of each other through durable effects, a moment after a change). */
function eventually(call: () => Promise<Answer>, what: string): Promise<Answer> {
  return vi.waitFor(
    async () => {
      const answer = await call();
      if (answer.status >= 300) throw new Error(`${what}: still ${answer.status}: ${answer.text.slice(0, 200)}`);
      return answer;
    },
    { timeout: 30_000, interval: 250 },
  );
}

/** Fills a documented path with the ids of the objects the actors are set up around. */
function concrete(path: string): string {
  return path
    .replace(/^\/api\/technicians\/\{id\}/, `/api/technicians/${encodeURIComponent(ids.technician)}`)
    .replace(/\{technicianId\}/, encodeURIComponent(ids.technician))
    .replace(new RegExp(`^${staffAccountsPath}/\\{id\\}`), `${staffAccountsPath}/${ids.staff}`)
    // No customer has it: an administrator let in is refused by validation (or finds no request), and no one is erased.
    .replace(/^\/api\/admin\/customers\/\{id\}/, '/api/admin/customers/2147483647')
    .replace(/\{paymentIntentId\}/, encodeURIComponent(ids.paymentIntent))
    .replace(/^\/api\/payments\/invoices\/\{id\}/, `/api/payments/invoices/${ids.invoice}`)
    .replace(/^\/api\/payments\/estimates\/\{id\}/, `/api/payments/estimates/${ids.estimate}`)
    // An item no one has: a caller let in finds nothing to remove, and the price book stays as the demo seeded it.
    .replace(/^\/api\/payments\/price-book\/\{id\}/, '/api/payments/price-book/2147483647')
    // No real day: a caller let in is refused by validation, and no closure is removed.
    .replace(/\{date\}/, 'not-a-date')
    .replace(/\{appointmentId\}|\{id\}/, String(ids.appointment));
}

/** The operations, the objects and the callers of the table, made afresh through the gateway the calls go through. */
async function setUpCallers(): Promise<void> {
  const admin = await adminToken();
  const adminHeaders = { authorization: `Bearer ${admin}` };
  operations = (await documentedOperations(admin)).filter((op) => serviceForPath(op.path) === op.service);

  // A staff member, and a technician with a sign-in of his own (the demo data's first technician).
  const staffEmail = `staff.${randomBytes(4).toString('hex')}@example.com`;
  const staffPassword = `staff-password-${randomBytes(6).toString('hex')}`;
  ids.staff = (await ok(jsonCall('backoffice', 'POST', staffAccountsPath, { name: 'Matrix Staff', email: staffEmail, role: 'staff', password: staffPassword }, adminHeaders), 'adding staff')).id as number;
  const staff = (await ok(jsonCall('backoffice', 'POST', '/api/admin/login', { email: staffEmail, password: staffPassword }), 'staff sign-in')).token as string;
  const technicians = JSON.parse((await send('backoffice', { method: 'GET', path: '/api/technicians', headers: adminHeaders })).text) as { id: string }[];
  ids.technician = technicians.at(-1)!.id;
  const technicianEmail = `tech.${randomBytes(4).toString('hex')}@example.com`;
  const technicianPassword = `tech-password-${randomBytes(6).toString('hex')}`;
  const existing = JSON.parse((await send('backoffice', { method: 'GET', path: technicianAccountsPath, headers: adminHeaders })).text) as { technicianId: string }[];
  if (existing.some((account) => account.technicianId === ids.technician)) {
    await ok(jsonCall('backoffice', 'PUT', `${technicianAccountsPath}/${encodeURIComponent(ids.technician)}/password`, { password: technicianPassword }, adminHeaders), 'technician password');
    const accounts = JSON.parse((await send('backoffice', { method: 'GET', path: technicianAccountsPath, headers: adminHeaders })).text) as { technicianId: string; email: string }[];
    Object.assign(existing, accounts);
  } else {
    await ok(jsonCall('backoffice', 'POST', technicianAccountsPath, { technicianId: ids.technician, name: 'Matrix Technician', email: technicianEmail, password: technicianPassword }, adminHeaders), 'technician sign-in');
  }
  const technicianSignIn = (existing as { technicianId: string; email?: string }[]).find((account) => account.technicianId === ids.technician)?.email ?? technicianEmail;
  const technician = (await ok(jsonCall('backoffice', 'POST', '/api/admin/login', { email: technicianSignIn, password: technicianPassword }), 'technician sign-in')).token as string;

  // Customer A books signed in; the booking's manage link gives the track link; staff assign the technician.
  const [customerA, customerB, unprovenCustomer] = [await customerToken('Avery'), await customerToken('Blake'), await customerToken('Casey', { unprovenEmail: true })];
  const date = bookableDates().at(-1)!;
  const slots = JSON.parse((await send('web', { method: 'GET', path: `/api/appointments/available-slots?date=${date}` })).text) as { availableSlots: string[] };
  const booked = await ok(jsonCall('web', 'POST', '/api/appointments', {
    customerName: 'Avery Okafor', email: 'avery@example.com', phone: '(904) 555-0134', address: '48 Charlotte St', city: 'St Augustine', state: 'FL',
    zipCode: '32084', serviceType: 'Repair', appliance: 'Washer', brand: 'LG', appointmentDate: date, timeSlot: slots.availableSlots[0],
  }, { authorization: `Bearer ${customerA}`, 'idempotency-key': randomUUID() }), 'booking');
  ids.appointment = (booked.appointment as { id: number }).id;
  const manage = booked.manageToken as string;
  const page = await ok(send('portal', { method: 'GET', path: `/api/customer/appointments/${ids.appointment}`, headers: { [appointmentAccessHeader]: manage } }), 'appointment page');
  const track = page.trackToken as string;
  await eventually(() => jsonCall('backoffice', 'PUT', `/api/appointments/${ids.appointment}/assign`, { technicianId: ids.technician }, adminHeaders), 'assignment');
  await eventually(() => send('backoffice', { method: 'GET', path: `/api/tracking/${ids.appointment}`, headers: adminHeaders }), 'tracking record');
  ids.paymentIntent = (await ok(jsonCall('web', 'POST', '/api/create-payment-intent', { amount: 150 }), 'payment intent')).id as string;
  // A sent invoice for customer A's appointment, once payments has heard of it from booking.
  const invoice = JSON.parse((await eventually(() => jsonCall('backoffice', 'POST', '/api/payments/invoices', { appointmentId: ids.appointment, lines: [{ description: 'Diagnostic visit', quantity: 1, unitPriceCents: 8900, taxable: false }] }, adminHeaders), 'invoice')).text) as { id: number };
  ids.invoice = invoice.id;
  const { number } = await ok(jsonCall('backoffice', 'POST', `/api/payments/invoices/${ids.invoice}/send`, {}, adminHeaders), 'sending the invoice');
  // Sending emails the customer the invoice's link; its key is the invoice link's.
  const invoiceEmail = await waitForEmail('avery@example.com', new RegExp(`^Invoice ${String(number)} `));
  const invoiceKey = decodeURIComponent(new URL(linkIn(invoiceEmail, /\/invoices\/\d+#access=/)).hash.replace('#access=', ''));
  // An estimate the assigned technician made and presented (once payments has heard of the assignment).
  const estimate = JSON.parse((await eventually(() => jsonCall('backoffice', 'POST', '/api/payments/estimates', { appointmentId: ids.appointment, lines: [{ description: 'Replace drain pump', quantity: 1, unitPriceCents: 18900, taxable: true }] }, { authorization: `Bearer ${technician}` }), 'estimate')).text) as { id: number };
  ids.estimate = estimate.id;
  await ok(jsonCall('backoffice', 'POST', `/api/payments/estimates/${ids.estimate}/present`, {}, { authorization: `Bearer ${technician}` }), 'presenting the estimate');

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  actors = [
    { name: 'anonymous', app: 'web', headers: {} },
    { name: 'customer A', app: 'portal', headers: bearer(customerA) },
    { name: 'customer B', app: 'portal', headers: bearer(customerB) },
    { name: 'unproven customer', app: 'portal', headers: bearer(unprovenCustomer) },
    { name: 'manage link', app: 'portal', headers: { [appointmentAccessHeader]: manage } },
    { name: 'track link', app: 'portal', headers: { [appointmentAccessHeader]: track } },
    { name: 'invoice link', app: 'portal', headers: { [invoiceAccessHeader]: invoiceKey } },
    { name: 'technician', app: 'backoffice', headers: bearer(technician) },
    { name: 'staff', app: 'backoffice', headers: bearer(staff) },
    { name: 'admin', app: 'backoffice', headers: adminHeaders },
    // A peer's signature headers with a key nobody trusts: a service is no caller of the public API.
    {
      name: 'another service',
      app: 'web',
      headers: { [effectHeaders.service]: 'booking', [effectHeaders.timestamp]: String(Math.floor(Date.now() / 1000)), [effectHeaders.messageId]: randomUUID(), [effectHeaders.signature]: randomBytes(32).toString('hex') },
    },
  ];
}
afterAll(closeAgents);

describe.each(gatewayNames)('the access matrix through %s', (gateway) => {
  beforeAll(async () => {
    useGateway(gateway);
    await setUpCallers();
  }, 180_000);

  it('has a rule for every documented operation, and no rule for an operation that is gone', () => {
    const documented = operations.map(keyOf).filter((key) => !notInMatrix.has(key));
    expect(documented.filter((key) => !(key in rules)), 'operations without a rule').toEqual([]);
    expect(Object.keys(rules).filter((key) => !documented.includes(key)), 'rules without an operation').toEqual([]);
  });

  it('lets in exactly whom the table names, with authentication before validation and others’ objects not found', { timeout: 300_000 }, async () => {
    // State changes that need no valid body (cancelling) run last, so the calls before them see the appointment as set up.
    const ordered = [...operations].filter((op) => !notInMatrix.has(keyOf(op))).sort((a, b) => Number(a.path.endsWith('/cancel')) - Number(b.path.endsWith('/cancel')));
    const wrong: string[] = [];
    let checked = 0;
    for (const op of ordered) {
      const rule = rules[keyOf(op)]!;
      for (const actor of actors) {
        const path = concrete(op.path);
        const answer = await send(actor.app, {
          method: op.method,
          path,
          // A NUL key: no route takes it, so an allowed caller is refused at validation and nothing changes.
          ...(op.method === 'GET' ? {} : { body: '{"\\u0000":1}' }),
          headers: { ...actor.headers, ...(op.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
        });
        checked += 1;
        const allowed = rule.allow.includes(actor.name);
        const kept = answer.status === 401 || answer.status === 403 || (rule.owned === true && answer.status === 404);
        const notFoundForOthers = !(rule.owned && actor.name === 'customer B') || answer.status === 404;
        if (answer.status >= 500 || allowed === kept || !notFoundForOthers) wrong.push(`${actor.name}: ${op.method} ${path} → ${answer.status} (${allowed ? 'allowed' : 'kept out'} by the table) ${answer.text.slice(0, 120)}`);
      }
    }
    console.log(`access matrix: ${checked} calls, ${ordered.length} operations × ${actors.length} callers`);
    expect(wrong).toEqual([]);
  });

  it('reaches no service-to-service route through the gateway, whoever asks', async () => {
    for (const actor of actors) {
      for (const path of [sessionCheckPath, customerHistoryPath, fieldServiceSystemsPath, effectPath('appointment.dispatched'), '/internal/']) {
        const answer = await send(actor.app, { method: 'POST', path, headers: { ...actor.headers, 'content-type': 'application/json' }, body: '{}' });
        expect(answer.status, `${actor.name}: POST ${path}`).toBe(404);
      }
    }
  });
});
