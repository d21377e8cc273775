import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerNoteSchema,
  customerNotesPath,
  customerRecordMessages,
  customerRecordPath,
  customerRecordSchema,
  customerServiceHistoryPath,
  localAppOrigin,
  staffAccountsPath,
} from '@repo/contracts';
import { admin, bearer, nonAdministrators, proveContact, registerCustomer, signInBackOffice, startAccounts, testClock, type AccountsTestService } from './support/accounts.ts';

/**
 * The customer record's accounts calls (issue 27): the record with the proven contacts and the notes staff write, each
 * with its author and time; staff and administrators only, checked before the input; 400 with field messages for bad
 * input and 404 for an id no customer has.
 */
let service: AccountsTestService;
const clock = testClock('2027-01-04T14:30:00Z');
let desk: Record<string, string>;
let owner: Record<string, string>;
let customer: Awaited<ReturnType<typeof registerCustomer>>['customer'];

const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  service.app.inject({ method, url, headers: { origin: localAppOrigin('backoffice'), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  service = await startAccounts({}, clock);
  owner = bearer((await signInBackOffice(service, admin)).token);
  const dispatcher = { name: 'Dana Dispatch', email: 'dana@example.com', role: 'staff', password: 'harbor-lantern-2026' };
  expect((await inject('POST', staffAccountsPath, owner, dispatcher)).statusCode).toBe(201);
  desk = bearer((await signInBackOffice(service, dispatcher)).token);
  ({ customer } = await registerCustomer(service, { firstName: 'Maria', lastName: 'Lopez', phone: '904.555.0142' }));
  await proveContact(service, customer.email, 'phone');
});
afterAll(async () => {
  await service?.close();
});

describe('the customer record', () => {
  it('shows the account with its proven contacts, and the notes staff add with author and time, newest first', async () => {
    const empty = await inject('GET', customerRecordPath(customer.id), desk);
    expect(empty.statusCode).toBe(200);
    expect(customerRecordSchema.parse(empty.json())).toMatchObject({
      customer: { id: customer.id, firstName: 'Maria', lastName: 'Lopez', phone: '904.555.0142', emailVerified: true, phoneVerified: true, isAdmin: false },
      importedCustomer: null,
      notes: [],
    });

    const first = await inject('POST', customerNotesPath(customer.id), desk, { text: '  Prefers a call after 3 pm.  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(customerNoteSchema.parse(first.json())).toEqual({
      id: expect.any(Number),
      text: 'Prefers a call after 3 pm.',
      authorName: 'Dana Dispatch',
      authorEmail: 'dana@example.com',
      createdAt: '2027-01-04T14:30:00.000Z',
    });
    clock.advance(60_000);
    const second = await inject('POST', customerNotesPath(customer.id), owner, { text: 'Gate code 4411.' });
    expect(second.statusCode).toBe(201);

    const record = customerRecordSchema.parse((await inject('GET', customerRecordPath(customer.id), desk)).json());
    expect(record.notes.map(({ text, authorEmail, createdAt }) => ({ text, authorEmail, createdAt }))).toEqual([
      { text: 'Gate code 4411.', authorEmail: admin.email, createdAt: '2027-01-04T14:31:00.000Z' },
      { text: 'Prefers a call after 3 pm.', authorEmail: 'dana@example.com', createdAt: '2027-01-04T14:30:00.000Z' },
    ]);
  });

  it('answers 400 with the field message for a blank, missing or over-long note and a malformed id', async () => {
    const refused = async (url: string, payload?: unknown) => {
      const response = await inject(payload === undefined ? 'GET' : 'POST', url, desk, payload);
      return { status: response.statusCode, body: response.json() };
    };
    const noteField = (message: string) => ({ status: 400, body: { error: { code: 'VALIDATION_ERROR', message, fields: { text: message } } } });
    expect(await refused(customerNotesPath(customer.id), { text: '   ' })).toEqual(noteField(customerRecordMessages.noteRequired));
    expect(await refused(customerNotesPath(customer.id), {})).toEqual(noteField(customerRecordMessages.noteRequired));
    expect(await refused(customerNotesPath(customer.id), { text: 'x'.repeat(2001) })).toEqual(noteField(customerRecordMessages.noteTooLong));
    const idMessage = 'Customer id must be a whole number from 1 to 2147483647';
    for (const id of ['abc', '0', '-1', '2147483648']) {
      expect({ id, ...(await refused(customerRecordPath(id))) }).toEqual({ id, status: 400, body: { error: { code: 'VALIDATION_ERROR', message: idMessage, fields: { 'params.id': idMessage } } } });
    }
    expect((await refused(customerNotesPath(customer.id), { text: 'x'.repeat(2000) })).status).toBe(201);
  });

  it('answers 404 for an id no customer has, and adds no note to it', async () => {
    const notFound = { error: { code: 'NOT_FOUND', message: customerRecordMessages.notFound } };
    for (const [method, url, payload] of [
      ['GET', customerRecordPath(999_999), undefined],
      ['POST', customerNotesPath(999_999), { text: 'Lost note' }],
      ['GET', customerServiceHistoryPath(999_999), undefined],
    ] as const) {
      const response = await inject(method, url, desk, payload);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 404, body: notFound });
    }
    expect(await service.db.selectFrom('customer_notes').select('id').where('text', '=', 'Lost note').execute()).toEqual([]);
  });

  it('shows the imported customer the account is linked to, and the imported list links that row to the record', async () => {
    const other = (await registerCustomer(service, { firstName: 'Omar', lastName: 'Nash', phone: '(386) 210-0042' })).customer;
    await service.db
      .insertInto('service_pro_customers')
      .values([
        { service_pro_id: 'SP-LOPEZ', first_name: 'Maria', last_name: 'Lopez', email: null, phone: '1-904-555-0142', address: '9 Bay St', city: 'St Augustine', state: 'FL', zip_code: '32084', last_service_date: '05/17/2024', preferred_technician: 'Mike', notes: 'Side gate' },
        { service_pro_id: 'SP-NASH', first_name: 'Omar', last_name: 'Nash', email: null, phone: '386 210 0042', address: '', city: '', state: '', zip_code: '', last_service_date: null, preferred_technician: null, notes: null },
      ])
      .execute();
    // As the import links an account through a proven contact (customer-import.test.ts); Omar's account stays unlinked.
    await service.db.updateTable('customers').set({ service_pro_customer_id: 'SP-LOPEZ' }).where('id', '=', customer.id).execute();

    const record = customerRecordSchema.parse((await inject('GET', customerRecordPath(customer.id), desk)).json());
    expect(record.importedCustomer).toMatchObject({ serviceProId: 'SP-LOPEZ', phone: '1-904-555-0142', lastServiceDate: '2024-05-17', preferredTechnician: 'Mike' });
    expect(customerRecordSchema.parse((await inject('GET', customerRecordPath(other.id), desk)).json()).importedCustomer).toBeNull();

    const list = await inject('GET', '/api/admin/servicepro-customers?q=555-01', desk);
    expect(list.json().items.map((item: { serviceProId: string; customerId: number | null }) => [item.serviceProId, item.customerId])).toEqual([['SP-LOPEZ', customer.id]]);
    const unlinked = await inject('GET', '/api/admin/servicepro-customers?q=nash', desk);
    expect(unlinked.json().items.map((item: { serviceProId: string; customerId: number | null }) => [item.serviceProId, item.customerId])).toEqual([['SP-NASH', null]]);
    // Linked, with no connection to the system configured: the visits cannot be read, and staff are told why (never a 500).
    const history = await inject('GET', customerServiceHistoryPath(customer.id), desk);
    expect({ status: history.statusCode, code: history.json().error.code }).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(history.json().error.message).toContain('connection is not configured');
    await service.db.updateTable('customers').set({ service_pro_customer_id: null }).where('id', '=', customer.id).execute();
  });

  it('answers null service history for a customer linked to no imported customer', async () => {
    const response = await inject('GET', customerServiceHistoryPath(customer.id), desk);
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 200, body: { customer: null } });
  });

  it('is for staff and administrators only, checked before the id or the note is read', async () => {
    // Staff pass here; the list names staff only as refused from administrators' calls.
    const refused = (await nonAdministrators(service)).filter(([who]) => who !== 'staff');
    expect(refused.map(([who]) => who)).toEqual(['anonymous', 'customer', 'technician']);
    for (const [who, headers, status] of refused) {
      for (const [method, url, payload] of [
        ['GET', customerRecordPath('not-an-id'), undefined],
        ['POST', customerNotesPath('not-an-id'), { text: 1 }],
        ['GET', customerServiceHistoryPath(customer.id), undefined],
        ['POST', customerNotesPath(customer.id), { text: 'Not theirs to write' }],
      ] as const) {
        const response = await inject(method, url, headers, payload);
        expect({ who, url, status: response.statusCode, code: response.json().error.code }).toEqual({ who, url, status, code: status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN' });
      }
    }
    expect(await service.db.selectFrom('customer_notes').select('id').where('text', '=', 'Not theirs to write').execute()).toEqual([]);
  });
});
