import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { PaymentReport } from '@repo/contracts';
import { createTestService, expectApiError, type TestService } from '@repo/service-kit/test-service';
import type { PaymentsDatabase } from '../src/db/schema.ts';
import { paymentsService } from '../src/definition.ts';

// Wednesday 2 December 2026, 10:00 in New York (EST, UTC-5 since 1 November).
const now = () => new Date('2026-12-02T15:00:00Z');
let service: TestService<PaymentsDatabase>;
const admin = () => ({ authorization: service.bearer({ sub: 'admin:1', role: 'admin', email: 'owner@example.com' }) });
const report = (query: string, headers: Record<string, string> = admin()) => service.app.inject({ method: 'GET', url: `/api/payments/reports/summary?${query}`, headers });

async function payment(id: number, amountCents: number, status: string, at: { statusChangedAt?: string; updatedAt: string }) {
  await sql`
    insert into payments (id, provider, payment_intent_id, amount_cents, currency, description, status, status_changed_at, updated_at)
    values (${id}, 'demo', ${`pi_report_${id}`}, ${amountCents}, 'usd', 'Repair', ${status}, ${at.statusChangedAt ?? null}, ${at.updatedAt})`.execute(service.db);
}
async function refund(paymentId: number, amountCents: number, status: string, updatedAt: string) {
  await sql`insert into refunds (payment_id, amount_cents, status, created_by, updated_at) values (${paymentId}, ${amountCents}, ${status}, 'office@example.com', ${updatedAt})`.execute(service.db);
}
async function invoice(number: string, status: string, cents: { total: number; paid: number }, sentAt: string | null, dueDate: string | null) {
  await sql`
    insert into invoices (number, appointment_id, status, subtotal_cents, total_cents, amount_paid_cents, state_tax_bps, surtax_bps, surtax_cap_cents, sent_at, due_date)
    values (${number}, 1, ${status}, ${cents.total}, ${cents.total}, ${cents.paid}, 600, 50, 500000, ${sentAt}, ${dueDate})`.execute(service.db);
}

beforeAll(async () => {
  service = await createTestService(paymentsService, { PAYMENT_RATE_LIMIT_MAX: '100000', RATE_LIMIT_MAX: '100000' }, { now });
  await sql`
    insert into appointments (id, version, customer_name, email, phone, address, city, state, zip_code, service_type, appliance, brand, status, confirmation_code, starts_at, ends_at)
    values (1, 1, 'Dana Whitfield', 'dana@example.com', '(904) 555-0100', '12 King St', 'St Augustine', 'FL', '32084', 'Repair', 'Refrigerator', 'Sub-Zero', 'completed', 'RPT1',
      '2026-11-03T14:00:00Z', '2026-11-03T15:00:00Z')`.execute(service.db);
  // Sunday 8 November, 23:30 in New York (04:30 UTC on Monday): that week's money.
  await payment(1, 15_000, 'succeeded', { statusChangedAt: '2026-11-09T04:30:00Z', updatedAt: '2026-11-09T04:30:01Z' });
  // Monday 9 November, 00:30 in New York; no status time recorded, so when the row last changed.
  await payment(2, 8_900, 'succeeded', { updatedAt: '2026-11-09T05:30:00Z' });
  await payment(3, 5_000, 'failed', { statusChangedAt: '2026-11-10T15:00:00Z', updatedAt: '2026-11-10T15:00:00Z' });
  await payment(4, 7_000, 'pending', { updatedAt: '2026-11-10T15:00:00Z' });
  await refund(1, 2_500, 'succeeded', '2026-11-10T15:00:00Z');
  await refund(1, 1_000, 'pending', '2026-11-10T15:00:00Z');
  await refund(2, 900, 'failed', '2026-11-10T15:00:00Z');
  // Open: part-paid and overdue today; sent and due after today. Paid, draft and void invoices owe nothing.
  await invoice('INV-9001', 'partially_paid', { total: 20_000, paid: 5_000 }, '2026-11-03T15:00:00Z', '2026-11-17');
  await invoice('INV-9002', 'sent', { total: 10_000, paid: 0 }, '2026-11-20T15:00:00Z', '2026-12-04');
  await invoice('INV-9003', 'paid', { total: 8_900, paid: 8_900 }, '2026-11-20T15:00:00Z', '2026-12-04');
  await invoice('INV-9004', 'draft', { total: 4_000, paid: 0 }, null, null);
  await invoice('INV-9005', 'void', { total: 3_000, paid: 0 }, '2026-11-20T15:00:00Z', '2026-12-04');
});
afterAll(async () => {
  await service?.close();
});

const zeros = { paymentsCents: 0, refundsCents: 0, revenueCents: 0, openInvoices: 0, openBalanceCents: 0, overdueBalanceCents: 0 };

describe("the owner's money figures", () => {
  it('are for administrators only (as the ledger), checked before the query', async () => {
    expectApiError(await report('from=nope', {}), 401, 'UNAUTHORIZED');
    expectApiError(await report('from=nope', { authorization: service.bearer({ sub: 'customer:1', role: 'customer', customerId: 1 }) }), 403, 'FORBIDDEN');
    expectApiError(await report('from=nope', { authorization: service.bearer({ sub: 'tech-1', role: 'technician', technicianId: 'tech_mike' }) }), 403, 'FORBIDDEN');
    expectApiError(await report('from=nope', { authorization: service.bearer({ sub: 'staff-1', role: 'staff', email: 'office@example.com' }) }), 403, 'FORBIDDEN');
    expect((await report('from=2026-11-01&to=2026-11-30')).statusCode).toBe(200);
  });

  it('refuse a bad range with a message beside each field', async () => {
    expectApiError(await report('to=2026-11-30'), 400, 'VALIDATION_ERROR', { 'querystring.from': 'Date is required' });
    expectApiError(await report('from=2026-11-30&to=2026-11-01'), 400, 'VALIDATION_ERROR', { 'querystring.to': 'The end date must not be before the start date' });
    expectApiError(await report('from=2020-01-01&to=2026-11-30'), 400, 'VALIDATION_ERROR', { 'querystring.to': 'Choose a range of at most 731 days (two years)' });
    expectApiError(await report('from=2026-11-01&to=2026-11-30&by=year'), 400, 'VALIDATION_ERROR', { 'querystring.by': 'Group by week or month' });
  });

  it('sum integer cents by week (Monday to Sunday) in New York time', async () => {
    const response = await report('from=2026-11-02&to=2026-11-22&by=week');
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as PaymentReport).periods).toEqual([
      { period: '2026-11-02', from: '2026-11-02', to: '2026-11-08', ...zeros, paymentsCents: 15_000, revenueCents: 15_000, openInvoices: 1, openBalanceCents: 15_000, overdueBalanceCents: 15_000 },
      { period: '2026-11-09', from: '2026-11-09', to: '2026-11-15', ...zeros, paymentsCents: 8_900, refundsCents: 2_500, revenueCents: 6_400 },
      { period: '2026-11-16', from: '2026-11-16', to: '2026-11-22', ...zeros, openInvoices: 1, openBalanceCents: 10_000 },
    ]);
  });

  it('sum by month, and answer zeros for a range with nothing in it', async () => {
    const months = (await report('from=2026-10-01&to=2026-11-30&by=month')).json() as PaymentReport;
    expect(months.periods).toEqual([
      { period: '2026-10-01', from: '2026-10-01', to: '2026-10-31', ...zeros },
      { period: '2026-11-01', from: '2026-11-01', to: '2026-11-30', paymentsCents: 23_900, refundsCents: 2_500, revenueCents: 21_400, openInvoices: 2, openBalanceCents: 25_000, overdueBalanceCents: 15_000 },
    ]);
  });
});
