import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { dataExportFiles, type AppointmentReport, type PaymentReport } from '@repo/contracts';
import { apiError, fakeApi, json, type Answer } from '@repo/ui/testing/api';
import { expectPageHeading } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { adminUser } from './support/back-office-examples.ts';
import { renderAppAt, signIn, staffUser, type } from './support/fixtures.ts';

const weeks = [
  { period: '2026-11-02', from: '2026-11-02', to: '2026-11-08' },
  { period: '2026-11-09', from: '2026-11-09', to: '2026-11-15' },
];
const visitReport: AppointmentReport = {
  from: '2026-11-02', to: '2026-11-15', by: 'week', firstVisitDays: 30,
  periods: [
    { ...weeks[0]!, booked: 4, completed: 3, cancelled: 1, noShows: 0, completedFirstVisit: 2 },
    { ...weeks[1]!, booked: 0, completed: 0, cancelled: 0, noShows: 1, completedFirstVisit: 0 },
  ],
  technicians: [{ technicianId: 'tech_a', name: '=Alex, "AC"', completed: [{ period: '2026-11-02', visits: 3 }, { period: '2026-11-09', visits: 0 }] }],
};
const moneyReport: PaymentReport = {
  from: '2026-11-02', to: '2026-11-15', by: 'week',
  periods: [
    { ...weeks[0]!, paymentsCents: 123_450, refundsCents: 0, revenueCents: 123_450, openInvoices: 2, openBalanceCents: 25_000, overdueBalanceCents: 15_000 },
    { ...weeks[1]!, paymentsCents: 0, refundsCents: 2_500, revenueCents: -2_500, openInvoices: 0, openBalanceCents: 0, overdueBalanceCents: 0 },
  ],
};
const zeroVisits: AppointmentReport = { ...visitReport, periods: visitReport.periods.map((period) => ({ ...period, booked: 0, completed: 0, cancelled: 0, noShows: 0, completedFirstVisit: 0 })), technicians: [] };
const zeroMoney: PaymentReport = { ...moneyReport, periods: moneyReport.periods.map((period) => ({ ...period, paymentsCents: 0, refundsCents: 0, revenueCents: 0, openInvoices: 0, openBalanceCents: 0, overdueBalanceCents: 0 })) };

const customRange = '/numbers?range=custom&from=2026-11-02&to=2026-11-15&by=week';

const csvFile = (text: string) => () => new Response(text, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
const exportAnswers = Object.fromEntries(dataExportFiles.map(({ file, path }) => [`GET ${path}`, csvFile(`file\r\n${file}\r\n`)]));

async function renderNumbers(path = customRange, { visits, money, ...others }: { visits?: Answer; money?: Answer; [key: `GET ${string}`]: Answer } = {}) {
  const api = fakeApi({
    ...signIn(adminUser),
    ...exportAnswers,
    ...others,
    'GET /api/appointments/reports/summary': visits ?? (() => json(200, visitReport)),
    'GET /api/payments/reports/summary': money ?? (() => json(200, moneyReport)),
  });
  await renderAppAt(<App />, path);
  await expectPageHeading('Numbers');
  return api;
}

function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('the Blob could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the Blob could not be read'));
    reader.readAsText(blob);
  });
}

const figuresTable = () => screen.findByRole('table', { name: 'Figures by week, Nov 2 – Nov 15, 2026' });
const rowCells = (row: HTMLElement) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)];

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('Numbers (administrators)', () => {
  it('shows each week of the range with its figures and units, per technician, and the definitions', async () => {
    const api = await renderNumbers();
    const table = await figuresTable();
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Period', 'Booked (visits)', 'Completed (visits)', 'Cancelled (visits)', 'No-shows (visits)', 'First-visit completion (%)', 'Completed on the first visit (visits)',
      'Payments received (USD)', 'Refunds (USD)', 'Revenue (USD)', 'Open invoices (count)', 'Open balance (USD)', 'Of which overdue (USD)',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rowCells(rows[0]!)).toEqual(['Nov 2 – Nov 8, 2026', '4', '3', '1', '0', '67%', '2', '$1,234.50', '$0.00', '$1,234.50', '2', '$250.00', '$150.00']);
    expect(rowCells(rows[1]!)).toEqual(['Nov 9 – Nov 15, 2026', '0', '0', '0', '1', '—', '0', '$0.00', '$25.00', '-$25.00', '0', '$0.00', '$0.00']);
    const technicians = screen.getByRole('table', { name: 'Completed visits per technician and week (visits)' });
    expect(within(technicians).getAllByRole('row').map((row) => row.textContent)).toEqual(['TechnicianNov 2 – Nov 8, 2026Nov 9 – Nov 15, 2026', '=Alex, "AC"30']);
    expect(screen.getByText(/of the visits completed in the period, the share that needed no return visit/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Numbers' }).getAttribute('aria-current')).toBe('page');
    expect(api.sent('GET /api/appointments/reports/summary')[0]?.query.toString()).toBe('from=2026-11-02&to=2026-11-15&by=week');
    expect(api.sent('GET /api/payments/reports/summary')[0]?.query.toString()).toBe('from=2026-11-02&to=2026-11-15&by=week');
  });

  it('downloads the same figures as CSV, one row per period, headings with units, formula-like text escaped', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:numbers';
    };
    URL.revokeObjectURL = () => {};
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('numbers-2026-11-02-to-2026-11-15-by-week.csv');
    });
    await renderNumbers();
    await figuresTable();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(await blobText(created[0]!)).toBe(
      'Period,From (date),To (date),Booked (visits),Completed (visits),Cancelled (visits),No-shows (visits),First-visit completion (%),Completed on the first visit (visits),' +
        'Payments received (USD),Refunds (USD),Revenue (USD),Open invoices (count),Open balance (USD),Of which overdue (USD),"\'=Alex, ""AC"": completed (visits)"\r\n' +
        '"Nov 2 – Nov 8, 2026",2026-11-02,2026-11-08,4,3,1,0,67,2,1234.50,0.00,1234.50,2,250.00,150.00,3\r\n' +
        '"Nov 9 – Nov 15, 2026",2026-11-09,2026-11-15,0,0,0,1,,0,0.00,25.00,-25.00,0,0.00,0.00,0\r\n',
    );
  });

  it("downloads all of the business's data as one zip of each service's CSV, saying so while it works", async () => {
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:archive';
    };
    URL.revokeObjectURL = () => {};
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const last = dataExportFiles.at(-1)!;
    await renderNumbers(customRange, { [`GET ${last.path}`]: async () => (await held, csvFile('file\r\nmessages.csv\r\n')()) });
    fireEvent.click(screen.getByRole('button', { name: 'Download all data (zip)' }));
    expect(await screen.findByText('Preparing the archive…')).toBeTruthy();
    release();
    expect(await screen.findByText(/^Downloaded business-data-\d{4}-\d{2}-\d{2}\.zip\.$/)).toBeTruthy();
    expect(names).toEqual([expect.stringMatching(/^business-data-\d{4}-\d{2}-\d{2}\.zip$/)]);
    const files = unzipSync(await blobBytes(created[0]!));
    expect(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]))).toEqual(
      Object.fromEntries(dataExportFiles.map(({ file }) => [file, `file\r\n${file}\r\n`])),
    );
  });

  it('says which failure stopped the archive, and saves nothing', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderNumbers(customRange, { 'GET /api/payments/export/invoices.csv': () => apiError(503, 'UNAVAILABLE', 'Payments is not answering. Try again in a minute.') });
    fireEvent.click(screen.getByRole('button', { name: 'Download all data (zip)' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The archive could not be madePayments is not answering. Try again in a minute.');
    expect(clicked).not.toHaveBeenCalled();
  });

  it('says so when nothing happened in the range, and offers no download', async () => {
    await renderNumbers(customRange, { visits: () => json(200, zeroVisits), money: () => json(200, zeroMoney) });
    expect(await screen.findByText('No visits, payments or open invoices in this range.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('shows loading, then an error with Try Again that asks again', async () => {
    let failing = true;
    const api = await renderNumbers(customRange, { money: () => (failing ? apiError(503, 'SERVICE_UNAVAILABLE', 'Down') : json(200, moneyReport)) });
    expect(await screen.findByText('Unable to load the numbers')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await figuresTable();
    expect(api.sent('GET /api/payments/reports/summary').length).toBeGreaterThanOrEqual(2);
  });

  it('checks a custom range before asking, and keeps the chosen period and grouping in the address', async () => {
    const api = await renderNumbers('/numbers?range=custom&by=month');
    expect(screen.getByText('Choose the first and last day of the range, then Show.')).toBeTruthy();
    type(screen.getByLabelText('From'), '2026-11-30');
    type(screen.getByLabelText('To'), '2026-11-01');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The end date must not be before the start date')).toBeTruthy();
    expect(api.sent('GET /api/appointments/reports/summary')).toHaveLength(0);

    type(screen.getByLabelText('Period'), 'last-month');
    await waitFor(() => expect(window.location.search).toBe('?range=last-month&by=month'));
    await waitFor(() => expect(api.sent('GET /api/appointments/reports/summary')).toHaveLength(1));
    expect(api.sent('GET /api/appointments/reports/summary')[0]?.query.get('by')).toBe('month');
  });

  it('is not offered to staff: the page says Administrators only and asks nothing', async () => {
    const api = fakeApi({ ...signIn(staffUser) });
    await renderAppAt(<App />, '/numbers');
    await expectPageHeading('Administrators only');
    expect(screen.queryByRole('link', { name: 'Numbers' })).toBeNull();
    expect(api.sent('GET /api/appointments/reports/summary')).toHaveLength(0);
  });
});
