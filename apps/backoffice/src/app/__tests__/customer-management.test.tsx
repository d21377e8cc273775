import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deletionRequestMessages, deletionRetentionRule, importJobMessages, type DeletionRequest, type ImportJob } from '@repo/contracts';
import { apiError, fakeApi, json, type Answer } from '@repo/ui/testing/api';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import {
  adminUser,
  externalCustomer,
  importJob,
  pagedList,
  portalCustomer,
  sandboxSource,
  serviceProCustomer,
} from './support/back-office-examples.ts';
import { renderAppAt, signIn, staffUser, type } from './support/fixtures.ts';

async function renderCustomers(path: string, answers: Record<string, Answer>, user = adminUser) {
  const api = fakeApi({ ...signIn(user), 'GET /api/admin/import-source': () => json(200, sandboxSource), ...answers });
  await renderAppAt(<App />, path);
  await expectPageHeading('Customer Management');
  return api;
}

const tab = (name: string) => screen.getByRole('tab', { name });
const progressBar = () => screen.getByRole('progressbar', { name: 'Import progress' });
const counts = () =>
  Object.fromEntries(
    within(screen.getByLabelText('Import counts'))
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

/** The latest job answers each of `states` in turn, then keeps the last one. */
function jobsInTurn(states: ImportJob[]): Answer {
  let asked = 0;
  return () => json(200, states[Math.min(asked++, states.length - 1)]);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('customer management: tabs', () => {
  it("has four tabs and, for an administrator, Connection Settings; the open one kept in the address", async () => {
    await renderCustomers('/admin-customer-management', { 'GET /api/admin/import-jobs/latest': () => json(200, null) });
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual(['Import Customers', 'Phone Lookup', 'ServicePro Customers', 'Portal Customers', 'Connection Settings']);
    expect(tab('Import Customers').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tab('Phone Lookup'));
    await waitFor(() => expect(window.location.search).toBe('?tab=lookup'));
    expect(await screen.findByLabelText('Phone number')).toBeTruthy();
  });
});

describe('customer management: Import Customers', () => {
  it('shows the system and company with the Sandbox badge, and no credential field at all', async () => {
    await renderCustomers('/admin-customer-management', { 'GET /api/admin/import-jobs/latest': () => json(200, null) });
    const source = within(await screen.findByRole('region', { name: 'Import source' }));
    expect(await source.findByText('ServicePro')).toBeTruthy();
    expect(source.getByText('Sandbox')).toBeTruthy();
    expect(source.getByText('St Augustine Appliance Repair (demo)')).toBeTruthy();
    expect(source.getByText(/comes from the server's configuration: it is never typed, stored in the browser or shown here/)).toBeTruthy();
    expect(await screen.findByText('No import has been run yet.')).toBeTruthy();
    expect(document.querySelectorAll('input').length).toBe(0);
    expect(screen.queryByLabelText(/username|password|company|client|key|token/i)).toBeNull();
  });

  it('reads an empty answer as no import yet, as a 404 is', async () => {
    await renderCustomers('/admin-customer-management', { 'GET /api/admin/import-jobs/latest': () => new Response(null, { status: 200 }) });
    expect(await screen.findByText('No import has been run yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Import' })).toHaveProperty('disabled', false);
  });

  it('starts an import, follows its progress every second to the end, and gives totalImported', async () => {
    const running = importJob({ fetched: 0 });
    const api = await renderCustomers('/admin-customer-management', {
      'GET /api/admin/import-jobs/latest': () => json(200, null),
      'POST /api/admin/import-all-customers': () => json(202, running),
    });
    await screen.findByText('No import has been run yet.');
    api.answer(
      'GET /api/admin/import-jobs/latest',
      jobsInTurn([
        importJob({ fetched: 40, created: 38, updated: 2, totalImported: 40 }),
        importJob({ fetched: 90, created: 85, updated: 4, failed: 1, totalImported: 89, failures: [{ externalId: 'SP-77', message: 'Phone number is missing' }] }),
        importJob({
          status: 'succeeded',
          fetched: 120,
          created: 113,
          updated: 6,
          failed: 1,
          totalImported: 119,
          failures: [{ externalId: 'SP-77', message: 'Phone number is missing' }],
          finishedAt: '2026-03-10T18:01:00.000Z',
        }),
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start Import' }));

    expect(await screen.findByRole('heading', { name: 'Import running' })).toBeTruthy();
    expect(api.sent('POST /api/admin/import-all-customers')).toEqual([expect.objectContaining({ body: undefined })]);
    expect(screen.getByRole('button', { name: 'Import running...' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(progressBar().getAttribute('aria-valuenow')).toBe('33'));
    expect(progressBar().getAttribute('aria-valuetext')).toBe('40 of 120 customers read');
    expect(counts()).toEqual({ Fetched: '40', Created: '38', Updated: '2', Failed: '0' });
    await waitFor(() => expect(progressBar().getAttribute('aria-valuenow')).toBe('75'));

    expect(await screen.findByRole('heading', { name: 'Import complete' }, { timeout: 15_000 })).toBeTruthy();
    await expectToast('Import Complete', '119 customers imported from St Augustine Appliance Repair (demo).');
    expect(screen.getByText(/Total imported: 119\. 113 customers added and 6 customers updated/)).toBeTruthy();
    expect(counts()).toEqual({ Fetched: '120', Created: '113', Updated: '6', Failed: '1' });
    expect(progressBar().getAttribute('aria-valuenow')).toBe('100');
    const failures = within(screen.getByRole('list', { name: 'Customers that could not be imported' }));
    expect(failures.getByRole('listitem').textContent).toBe('SP-77: Phone number is missing');
    expect(screen.getByRole('button', { name: 'Start Import' })).toHaveProperty('disabled', false);
  });

  it('shows a running import after a reload, with an indeterminate bar when the system gives no total, and follows it to a failure', async () => {
    await renderCustomers('/admin-customer-management', {
      'GET /api/admin/import-jobs/latest': jobsInTurn([
        importJob({ expectedTotal: null, fetched: 40, created: 40, totalImported: 40 }),
        importJob({ status: 'failed', expectedTotal: null, fetched: 60, created: 60, totalImported: 60, error: 'ServicePro stopped answering after 3 tries.', finishedAt: '2026-03-10T18:02:00.000Z' }),
      ]),
    });
    expect(await screen.findByRole('heading', { name: 'Import running' })).toBeTruthy();
    expect(progressBar().hasAttribute('aria-valuenow')).toBe(false);
    expect(progressBar().getAttribute('aria-valuetext')).toBe('40 customers read so far');

    expect(await screen.findByRole('heading', { name: 'Import failed' }, { timeout: 15_000 })).toBeTruthy();
    await expectToast('Import Failed', 'ServicePro stopped answering after 3 tries.');
    expect(screen.getByText(/ServicePro stopped answering after 3 tries\. The 60 customers imported before it stopped are kept/)).toBeTruthy();
  });

  it('shows the result of a job that ended before the page opened', async () => {
    await renderCustomers('/admin-customer-management', {
      'GET /api/admin/import-jobs/latest': () => json(200, importJob({ status: 'succeeded', expectedTotal: null, fetched: 5, created: 3, updated: 2, totalImported: 5, finishedAt: '2026-03-10T18:01:00.000Z' })),
    });
    expect(await screen.findByRole('heading', { name: 'Import complete' })).toBeTruthy();
    expect(screen.getByText('Started Mar 10, 2026, 2:00 PM EDT by owner@example.com, ended Mar 10, 2026, 2:01 PM EDT')).toBeTruthy();
    expect(progressBar().getAttribute('aria-valuetext')).toBe('5 customers read');
    expect(screen.getByText(/Total imported: 5\. 3 customers added and 2 customers updated/)).toBeTruthy();
  });

  it("says Import Failed with 'Failed to import customers' when the start fails, and the server's words when one is running", async () => {
    const api = await renderCustomers('/admin-customer-management', {
      'GET /api/admin/import-jobs/latest': () => json(200, null),
      'POST /api/admin/import-all-customers': () => new Response('', { status: 500 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start Import' }));
    await expectToast('Import Failed', 'Failed to import customers');

    api.answer('POST /api/admin/import-all-customers', () => apiError(409, 'CONFLICT', importJobMessages.alreadyRunning));
    api.answer('GET /api/admin/import-jobs/latest', () => json(200, importJob({ fetched: 10 })));
    fireEvent.click(screen.getByRole('button', { name: 'Start Import' }));
    await expectToast('Import Failed', importJobMessages.alreadyRunning);
    expect(await screen.findByRole('heading', { name: 'Import running' })).toBeTruthy();
  });

  it('follows the import it started when a question about the latest job, asked before the start, answers after it', async () => {
    const previous = importJob({ id: 7, status: 'succeeded', fetched: 120, updated: 120, totalImported: 120, finishedAt: '2026-03-10T17:00:00.000Z' });
    const api = await renderCustomers('/admin-customer-management', { 'GET /api/admin/import-jobs/latest': () => json(200, previous) });
    await screen.findByRole('heading', { name: 'Import complete' });
    // The connection comes back (the page asks for the latest job again; that answer is held) and the owner starts an import at once.
    let answerLate: (response: Response) => void = () => undefined;
    api.answer('GET /api/admin/import-jobs/latest', () => new Promise<Response>((resolve) => (answerLate = resolve)));
    act(() => {
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
    });
    await waitFor(() => expect(api.sent('GET /api/admin/import-jobs/latest')).toHaveLength(2));
    api.answer('POST /api/admin/import-all-customers', () => json(202, importJob({ id: 8, fetched: 0 })));
    fireEvent.click(screen.getByRole('button', { name: 'Start Import' }));
    expect(await screen.findByRole('heading', { name: 'Import running' })).toBeTruthy();

    api.answer('GET /api/admin/import-jobs/latest', jobsInTurn([importJob({ id: 8, fetched: 60 }), importJob({ id: 8, status: 'succeeded', fetched: 120, updated: 120, totalImported: 120, finishedAt: '2026-03-10T18:01:00.000Z' })]));
    // The held answer, the import before, arrives last: it does not replace the running one.
    answerLate(json(200, previous));
    await expectToast('Import Complete', '120 customers imported from St Augustine Appliance Repair (demo).');
    expect(screen.getByRole('heading', { name: 'Import complete' })).toBeTruthy();
  });

  it("explains in the server's words why the source cannot be read", async () => {
    const api = await renderCustomers('/admin-customer-management', {
      'GET /api/admin/import-source': () => apiError(503, 'UNAVAILABLE', 'The customer import is not configured: set SERVICEPRO_COMPANY, SERVICEPRO_USERNAME and SERVICEPRO_PASSWORD.'),
      'GET /api/admin/import-jobs/latest': () => json(200, null),
    });
    const source = within(await screen.findByRole('region', { name: 'Import source' }));
    expect((await source.findByRole('alert')).textContent).toContain(
      'The import source could not be read. The customer import is not configured: set SERVICEPRO_COMPANY, SERVICEPRO_USERNAME and SERVICEPRO_PASSWORD.',
    );
    api.answer('GET /api/admin/import-source', () => json(200, sandboxSource));
    fireEvent.click(source.getByRole('button', { name: 'Try Again' }));
    expect(await source.findByText('Sandbox')).toBeTruthy();
  });

  it('tells staff that an administrator runs imports, asking nothing only administrators may ask', async () => {
    const api = await renderCustomers('/admin-customer-management', {}, staffUser);
    expect(await screen.findByText('An administrator runs imports')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Import' })).toBeNull();
    fireEvent.click(tab('Phone Lookup'));
    expect(await screen.findByLabelText('Phone number')).toBeTruthy();
    expect(api.requests.map((request) => request.path).filter((path) => path !== '/api/admin/session')).toEqual([]);
  });
});

describe('customer management: Phone Lookup', () => {
  const lookupPage = async (answer: Answer) => {
    const api = await renderCustomers('/admin-customer-management?tab=lookup', { 'POST /api/admin/lookup-customer-phone': answer });
    return { api, phone: (await screen.findByLabelText('Phone number')) as HTMLInputElement, submit: screen.getByRole('button', { name: 'Look Up Customer' }) };
  };
  const digits = (text: string) => text.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  const byPhone: Answer = ({ body }) => {
    // Maria Lopez has a portal account linked to her record in the system: account 12.
    const found = digits((body as { phone: string }).phone) === '9048021998';
    return json(200, { customer: found ? externalCustomer() : null, customerId: found ? 12 : null });
  };

  it('says Phone Required beside the field and in a toast when the phone is blank, and asks nothing', async () => {
    const { api, phone, submit } = await lookupPage(byPhone);
    type(phone, '   ');
    fireEvent.click(submit);
    await expectFieldError(phone, 'Phone Required: Please enter a phone number to search');
    await expectToast('Phone Required', 'Please enter a phone number to search');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(api.sent('POST /api/admin/lookup-customer-phone')).toEqual([]);
  });

  it.each(['(904) 802-1998', '904.802.1998', '+1 904 802 1998'])('finds the customer by %s and shows the details with the first 3 history entries', async (typed) => {
    const { api, phone, submit } = await lookupPage(byPhone);
    type(phone, typed);
    fireEvent.click(submit);
    await expectToast('Customer Found', 'Maria Lopez, 5 services');
    const details = within(await screen.findByRole('region', { name: 'Maria Lopez' }));
    expect(api.sent('POST /api/admin/lookup-customer-phone').map((request) => request.body)).toEqual([{ phone: typed }]);
    const facts = Object.fromEntries(details.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({
      Phone: '(904) 802-1998',
      Email: 'maria.lopez@example.com',
      Address: '12 Aviles Street, St Augustine, FL 32084',
      'Total services': '5',
      'Total spent': '$1,234.50',
    });
    expect(details.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Refrigerator repair · 2026-02-11 · $289.00',
      'Dishwasher install · 2025-11-02 · $450.00',
      'Oven diagnosis · 2025-06-20 · $89.00',
    ]);
    expect(details.getByText('The first 3 of 4:')).toBeTruthy();
    expect(details.getByRole('link', { name: "Open Maria Lopez's customer record" }).getAttribute('href')).toBe('/customers/12');
  });

  it('says No Customer Found with the number, in a toast and on the page', async () => {
    const { phone, submit } = await lookupPage(byPhone);
    type(phone, '(904) 555-0000');
    fireEvent.click(submit);
    await expectToast('No Customer Found', 'No customer found with phone number (904) 555-0000');
    // On the page: the toast says the same until it closes.
    expect(await within(screen.getByRole('main')).findByText('No customer found with phone number (904) 555-0000')).toBeTruthy();
  });

  it("says Lookup Failed with 'Failed to lookup customer', or the server's message", async () => {
    const { api, phone, submit } = await lookupPage(() => new Response('', { status: 502 }));
    type(phone, '904.802.1998');
    fireEvent.click(submit);
    await expectToast('Lookup Failed', 'Failed to lookup customer');

    api.answer('POST /api/admin/lookup-customer-phone', () => apiError(503, 'UNAVAILABLE', 'ServicePro is not answering right now. Try again in a minute.'));
    fireEvent.click(submit);
    await expectToast('Lookup Failed', 'ServicePro is not answering right now. Try again in a minute.');
    expect(screen.queryByRole('region', { name: 'Maria Lopez' })).toBeNull();
  });

  it('refuses a phone with no digits beside the field', async () => {
    const { api, phone, submit } = await lookupPage(byPhone);
    type(phone, 'call me');
    fireEvent.click(submit);
    await expectFieldError(phone, 'Enter a phone number with digits, like (904) 802-1998');
    expect(api.sent('POST /api/admin/lookup-customer-phone')).toEqual([]);
  });

  it('takes the last customer away when a new search is refused, before it is sent or by the server', async () => {
    const { api, phone, submit } = await lookupPage(byPhone);
    type(phone, '(904) 802-1998');
    fireEvent.click(submit);
    expect(await screen.findByRole('region', { name: 'Maria Lopez' })).toBeTruthy();
    type(phone, 'call me');
    fireEvent.click(submit);
    await expectFieldError(phone, 'Enter a phone number with digits, like (904) 802-1998');
    expect(screen.queryByRole('region', { name: 'Maria Lopez' })).toBeNull();

    type(phone, '(904) 802-1998');
    fireEvent.click(submit);
    expect(await screen.findByRole('region', { name: 'Maria Lopez' })).toBeTruthy();
    api.answer('POST /api/admin/lookup-customer-phone', () => apiError(503, 'UNAVAILABLE', 'ServicePro is not answering right now. Try again in a minute.'));
    type(phone, '(904) 555-0100');
    fireEvent.click(submit);
    await expectToast('Lookup Failed', 'ServicePro is not answering right now. Try again in a minute.');
    expect(screen.queryByRole('region', { name: 'Maria Lopez' })).toBeNull();
  });
});

describe('customer management: ServicePro Customers', () => {
  const imported = Array.from({ length: 45 }, (_, index) => serviceProCustomer(index + 1));
  // Ann Smith has a portal account linked to her: her name opens its record.
  const smiths = [serviceProCustomer(101, { firstName: 'Ann', lastName: 'Smith', customerId: 64 }), serviceProCustomer(102, { firstName: 'Bob', lastName: 'Smithers', email: null })];
  const all = [...imported, ...smiths];
  const matches = (customer: (typeof all)[number], q: string) =>
    [customer.firstName, customer.lastName, customer.email ?? ''].some((text) => text.toLowerCase().startsWith(q.toLowerCase()));
  const rows = () => within(screen.getByRole('table', { name: 'Imported customers' })).getAllByRole('row').slice(1);

  it('lists the imported customers with the total, and pages through them (the page in the address)', async () => {
    const api = await renderCustomers('/admin-customer-management?tab=servicepro', { 'GET /api/admin/servicepro-customers': pagedList(all, matches) });
    expect(await screen.findByText('47 customers in all')).toBeTruthy();
    expect(rows()).toHaveLength(20);
    expect(within(rows()[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '(904) 555-0001',
      'customer1@example.com',
      '1 King St, St Augustine, FL 32084',
      '2',
      '$310.00',
      'Jan 15, 2026',
      'SP-1001',
    ]);
    expect(within(rows()[0]!).getByRole('rowheader').textContent).toBe('First1 Last1');
    const pager = within(screen.getByRole('navigation', { name: 'Pages of imported customers' }));
    expect(pager.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(pager.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(window.location.search).toBe('?tab=servicepro&page=2'));
    await waitFor(() => expect(within(rows()[0]!).getByRole('rowheader').textContent).toBe('First21 Last21'));
    expect(api.sent('GET /api/admin/servicepro-customers').at(-1)?.query.toString()).toBe('page=2&pageSize=20');
  });

  it('searches on the server once typing pauses, keeps the search in the address, and says when nothing matches', async () => {
    const api = await renderCustomers('/admin-customer-management?tab=servicepro&page=2', { 'GET /api/admin/servicepro-customers': pagedList(all, matches) });
    await screen.findByText('47 customers in all');
    const box = screen.getByRole('searchbox', { name: 'Search imported customers' });
    type(box, 's');
    type(box, 'sm');
    type(box, 'smi');
    expect(await screen.findByText('2 customers match “smi”')).toBeTruthy();
    expect(window.location.search).toBe('?tab=servicepro&q=smi');
    const searches = api.sent('GET /api/admin/servicepro-customers').filter((request) => request.query.has('q'));
    expect(searches.map((request) => request.query.toString())).toEqual(['q=smi&page=1&pageSize=20']);
    expect(rows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Ann Smith', 'Bob Smithers']);
    expect(within(rows()[1]!).getAllByRole('cell')[1]?.textContent).toBe('—');
    expect(within(rows()[0]!).getByRole('link', { name: 'Ann Smith' }).getAttribute('href')).toBe('/customers/64');
    expect(within(rows()[1]!).queryByRole('link', { name: 'Bob Smithers' })).toBeNull();

    type(box, 'zzz');
    expect(await screen.findByText('No imported customers match “zzz”.')).toBeTruthy();
  });

  it('downloads every customer the search matches as CSV, all pages, a formula-like name kept as text', async () => {
    const many = [
      ...Array.from({ length: 130 }, (_, index) => serviceProCustomer(200 + index, { lastName: 'Smith', phone: `904.555.${String(index).padStart(4, '0')}`, lastServiceDate: '2026-01-15' })),
      serviceProCustomer(400, { firstName: '=HYPERLINK("x")', lastName: 'Smith' }),
    ];
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:customers';
    };
    URL.revokeObjectURL = () => {};
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('imported-customers.csv');
    });
    const api = await renderCustomers('/admin-customer-management?tab=servicepro&q=smith', { 'GET /api/admin/servicepro-customers': pagedList([...all, ...many], matches) });
    expect(await screen.findByText('133 customers match “smith”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV of the imported customers matching “smith”' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const lines = (
      await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error ?? new Error('the Blob could not be read'));
        reader.readAsText(created[0]!);
      })
    ).split('\r\n');
    expect(lines[0]).toBe('First name,Last name,Phone,Email,Address,City,State,ZIP code,Services,Total spent,Last service,Preferred technician,Notes,System,Id there');
    // The heading, 133 customers (two pages of 100 asked for), and the empty line after the last CRLF.
    expect(lines).toHaveLength(135);
    expect(lines).toContain('First200,Smith,(904) 555-0000,customer200@example.com,200 King St,St Augustine,FL,32084,2,310.00,"Jan 15, 2026",,,servicepro,SP-1200');
    expect(lines).toContain(`"'=HYPERLINK(""x"")",Smith,(904) 555-0400,customer400@example.com,400 King St,St Augustine,FL,32084,2,310.00,"Jan 15, 2026",,,servicepro,SP-1400`);
    const exports = api.sent('GET /api/admin/servicepro-customers').filter((request) => request.query.get('pageSize') === '100');
    expect(exports.map((request) => request.query.toString())).toEqual(['q=smith&page=1&pageSize=100', 'q=smith&page=2&pageSize=100']);
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('opens a shared address at its search and page', async () => {
    const api = await renderCustomers('/admin-customer-management?tab=servicepro&q=First&page=2', { 'GET /api/admin/servicepro-customers': pagedList(all, matches) });
    expect(await screen.findByText('45 customers match “First”')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search imported customers' }) as HTMLInputElement).value).toBe('First');
    expect(api.sent('GET /api/admin/servicepro-customers')[0]?.query.toString()).toBe('q=First&page=2&pageSize=20');
  });

  it('says when nothing has been imported, and offers Try Again when the list cannot load', async () => {
    const api = await renderCustomers('/admin-customer-management?tab=servicepro', { 'GET /api/admin/servicepro-customers': () => new Response('', { status: 503 }) });
    expect(await screen.findByText('Unable to load imported customers')).toBeTruthy();
    api.answer('GET /api/admin/servicepro-customers', pagedList([]));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No customers have been imported yet. An administrator imports them in the Import Customers tab.')).toBeTruthy();
  });
});

describe('customer management: Portal Customers', () => {
  it('lists registered customers with the Administrator badge and the linked ServicePro id', async () => {
    const customers = [
      portalCustomer(1, { firstName: 'Pat', lastName: 'Rivera', isAdmin: true, lastLogin: '2026-03-10T18:00:00.000Z' }),
      portalCustomer(2, { firstName: 'Maria', lastName: 'Lopez', serviceProCustomerId: 'SP-1001', address: null }),
    ];
    await renderCustomers('/admin-customer-management?tab=portal', { 'GET /api/admin/customers': pagedList(customers) });
    expect(await screen.findByText('2 customers in all')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Portal customers' })).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Pat RiveraAdministrator');
    expect(within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'portal1@example.com',
      '(904) 555-0134',
      '48 Charlotte St',
      'Not linked',
      'Jan 2026',
      'Mar 10, 2026, 2:00 PM EDT',
      'Messages',
      'Delete data…',
    ]);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Maria Lopez');
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['portal2@example.com', '(904) 555-0134', '—', 'SP-1001', 'Jan 2026', 'Never', 'Messages', 'Delete data…']);
    // Each name opens the customer's record.
    expect(within(rows[1]!).getByRole('link', { name: 'Maria Lopez' }).getAttribute('href')).toBe('/customers/2');
    // Each customer's messages are the delivery log filtered to their email.
    expect(within(rows[1]!).getByRole('link', { name: 'Messages to portal2@example.com' }).getAttribute('href')).toBe('/admin-notifications?recipient=portal2%40example.com');
  });

  it("carries out a customer's deletion request for an administrator: what is kept by law, the reason asked for, each service's progress", async () => {
    const requested: DeletionRequest = {
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      customerId: 2,
      reason: 'Email of 20 Nov',
      requestedBy: 'owner@example.com',
      requestedAt: '2026-11-20T15:00:00.000Z',
      done: false,
      progress: [
        { service: 'accounts', doneAt: '2026-11-20T15:00:00.000Z', summary: 'Account deleted.' },
        ...(['booking', 'tracking', 'payments', 'notifications'] as const).map((service) => ({ service, doneAt: null, summary: null })),
      ],
      retention: deletionRetentionRule,
    };
    const finished: DeletionRequest = { ...requested, done: true, progress: requested.progress.map((step) => ({ ...step, doneAt: '2026-11-20T15:00:02.000Z', summary: `${step.service} erased.` })) };
    const api = await renderCustomers('/admin-customer-management?tab=portal', {
      'GET /api/admin/customers': pagedList([portalCustomer(2, { firstName: 'Maria', lastName: 'Lopez' })]),
      'POST /api/admin/customers/2/deletion': () => json(202, requested),
      'GET /api/admin/customers/2/deletion': () => json(200, finished),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete data… of Maria Lopez' }));
    const dialog = within(await screen.findByRole('dialog', { name: "Delete Maria Lopez's data?" }));
    expect(dialog.getByText(deletionRetentionRule)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: "Delete customer's data" }));
    await expectFieldError(dialog.getByRole('textbox', { name: 'How the customer asked' }), deletionRequestMessages.reasonRequired);
    expect(api.sent('POST /api/admin/customers/2/deletion')).toHaveLength(0);
    fireEvent.change(dialog.getByRole('textbox', { name: 'How the customer asked' }), { target: { value: 'Email of 20 Nov' } });
    fireEvent.click(dialog.getByRole('button', { name: "Delete customer's data" }));
    const progress = within(await screen.findByRole('dialog', { name: 'Deletion of Maria Lopez' }));
    expect(api.sent('POST /api/admin/customers/2/deletion')[0]!.body).toEqual({ reason: 'Email of 20 Nov' });
    expect(await progress.findByText('Done: every service has erased the customer.')).toBeTruthy();
    const steps = within(progress.getByRole('list', { name: 'Progress by service' })).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByText(/^(Done|Waiting)$/).textContent)).toEqual(['Done', 'Done', 'Done', 'Done', 'Done']);
    expect(progress.getByText('payments erased.')).toBeTruthy();
    expect(progress.getByText(deletionRetentionRule)).toBeTruthy();
  });

  it('offers staff no deletion', async () => {
    await renderCustomers('/admin-customer-management?tab=portal', { 'GET /api/admin/customers': pagedList([portalCustomer(2)]) }, staffUser);
    expect(await screen.findByText('1 customer in all')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Delete data… of / })).toBeNull();
  });

  it('shows the list as stacked cards on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {} }));
    await renderCustomers('/admin-customer-management?tab=portal', { 'GET /api/admin/customers': pagedList([portalCustomer(1, { isAdmin: true })]) });
    const list = within(await screen.findByRole('list', { name: 'Portal customers' }));
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list.getByRole('listitem'));
    expect(card.getByText('Administrator')).toBeTruthy();
    const facts = Object.fromEntries(card.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({ Email: 'portal1@example.com', 'Linked ServicePro id': 'Not linked', 'Member since': 'Jan 2026' });
  });
});
