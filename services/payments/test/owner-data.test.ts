import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { customerDeletionCompletedTopic, customerDeletionRequestedTopic, type CustomerDeletionCompleted, type CustomerDeletionRequested } from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { createTestService, expectApiError, injectEffect, type TestService } from '@repo/service-kit/test-service';
import type { PaymentsDatabase } from '../src/db/schema.ts';
import { paymentsService } from '../src/definition.ts';

let service: TestService<PaymentsDatabase>;
const as = (role: 'admin' | 'staff' | 'technician' | 'customer') => ({ authorization: service.bearer({ sub: `${role}:1`, role, email: `${role}@example.com` }) });

async function appointment(id: number, customerId: number | null, name: string, email: string) {
  await sql`
    insert into appointments (id, version, customer_id, customer_name, email, phone, address, city, state, zip_code, service_type, appliance, brand, status, confirmation_code, starts_at, ends_at)
    values (${id}, 1, ${customerId}, ${name}, ${email}, '(904) 555-0142', '12 King St', 'St Augustine', 'FL', '32084', 'Repair', 'Refrigerator', 'Sub-Zero', 'completed', ${`OD${id}`},
      '2026-11-03T14:00:00Z', '2026-11-03T15:00:00Z')`.execute(service.db);
}

beforeAll(async () => {
  service = await createTestService(paymentsService, { RATE_LIMIT_MAX: '100000' });
  await appointment(1, 7, 'Dana Whitfield', 'Dana@Example.com');
  await appointment(2, 8, '=HYPERLINK("http://evil")', 'other@example.com');
  await sql`
    insert into invoices (number, appointment_id, status, subtotal_cents, total_cents, amount_paid_cents, state_tax_bps, surtax_bps, surtax_cap_cents, sent_at, due_date)
    values ('INV-1', 1, 'paid', 15000, 15000, 15000, 600, 50, 500000, '2026-11-03T16:00:00Z', '2026-11-17'),
           ('INV-2', 2, 'sent', 9000, 9000, 0, 600, 50, 500000, '2026-11-03T16:00:00Z', '2026-11-17')`.execute(service.db);
  await sql`
    insert into payments (provider, payment_intent_id, amount_cents, currency, description, status, payer_email, reference, invoice_id)
    values ('demo', 'pi_dana', 15000, 'usd', 'Invoice INV-1', 'succeeded', 'dana@example.com', 'INV-1', 1),
           ('demo', 'pi_other', 500, 'usd', '@SUM(1+1)', 'succeeded', 'other@example.com', '-x', null)`.execute(service.db);
});
afterAll(async () => service?.close());

describe("the owner's export (payments and invoices)", () => {
  it('answers the payments as CSV, formula-escaped, to an administrator only', async () => {
    for (const role of ['staff', 'technician', 'customer'] as const) {
      const refused = await service.app.inject({ method: 'GET', url: '/api/payments/export/payments.csv', headers: as(role) });
      expectApiError(refused, 403, 'FORBIDDEN');
    }
    expectApiError(await service.app.inject({ method: 'GET', url: '/api/payments/export/payments.csv' }), 401, 'UNAUTHORIZED');
    const response = await service.app.inject({ method: 'GET', url: '/api/payments/export/payments.csv', headers: as('admin') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="payments.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('id,provider,payment_intent_id,amount_cents,currency,description,status,status_changed_at,payer_email,reference,invoice_id,applied_cents,refunded_cents,created_at');
    expect(lines[1]).toMatch(/^\d+,demo,pi_dana,15000,usd,Invoice INV-1,succeeded,,dana@example.com,INV-1,1,0,0,/);
    expect(lines[2]).toMatch(/^\d+,demo,pi_other,500,usd,'@SUM\(1\+1\),succeeded,,other@example.com,'-x,,0,0,/);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it("answers the invoices with their customer's name as CSV, formula-escaped, to an administrator only", async () => {
    expectApiError(await service.app.inject({ method: 'GET', url: '/api/payments/export/invoices.csv', headers: as('staff') }), 403, 'FORBIDDEN');
    const response = await service.app.inject({ method: 'GET', url: '/api/payments/export/invoices.csv', headers: as('admin') });
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('id,number,appointment_id,customer_name,email,status,subtotal_cents,tax_cents,total_cents,amount_paid_cents,amount_refunded_cents,due_date,sent_at,voided_at,created_at');
    expect(lines[1]).toMatch(/^\d+,INV-1,1,Dana Whitfield,Dana@Example.com,paid,15000,0,15000,15000,0,2026-11-17,2026-11-03T16:00:00.000Z,,/);
    expect(lines[2]).toMatch(/^\d+,INV-2,2,"'=HYPERLINK\(""http:\/\/evil""\)",other@example.com,sent,/);
  });
});

describe("a customer's deletion request", () => {
  const request: CustomerDeletionRequested = { requestId: randomUUID(), customerId: 7, email: 'dana@example.com', phoneDigits: '9045550142', requestedAt: '2026-11-20T15:00:00.000Z' };

  it('removes the contact details and keeps the invoices with the name and the payments, once however often delivered', async () => {
    for (const messageId of [randomUUID(), randomUUID()]) {
      const response = await injectEffect(service.app, { from: 'accounts', topic: customerDeletionRequestedTopic, payload: request, messageId });
      expect(response.statusCode).toBe(200);
    }
    const visit = await service.db.selectFrom('appointments').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect({ name: visit.customer_name, customerId: visit.customer_id, email: visit.email, phone: visit.phone, address: visit.address, zip: visit.zip_code }).toEqual({
      name: 'Dana Whitfield', customerId: null, email: '', phone: '', address: '', zip: '',
    });
    const other = await service.db.selectFrom('appointments').select(['email', 'phone']).where('id', '=', 2).executeTakeFirstOrThrow();
    expect(other).toEqual({ email: 'other@example.com', phone: '(904) 555-0142' });
    const invoice = await service.db.selectFrom('invoices').select(['number', 'total_cents', 'amount_paid_cents']).where('number', '=', 'INV-1').executeTakeFirstOrThrow();
    expect(invoice).toEqual({ number: 'INV-1', total_cents: 15000, amount_paid_cents: 15000 });
    const payments = await service.db.selectFrom('payments').select(['payment_intent_id', 'payer_email', 'amount_cents']).orderBy('id').execute();
    expect(payments).toEqual([
      { payment_intent_id: 'pi_dana', payer_email: null, amount_cents: 15000 },
      { payment_intent_id: 'pi_other', payer_email: 'other@example.com', amount_cents: 500 },
    ]);
    const exported = await service.app.inject({ method: 'GET', url: '/api/payments/export/invoices.csv', headers: as('admin') });
    expect(exported.body.split('\r\n')[1]).toMatch(/^\d+,INV-1,1,Dana Whitfield,,paid,/);

    const reports = (await publishedEffects<CustomerDeletionCompleted>(service.database, customerDeletionCompletedTopic)).filter((report) => report.requestId === request.requestId);
    expect(reports).toHaveLength(2);
    expect(reports[0]!.summary).toBe('Contact details removed from 1 visit(s) and 1 payment(s). Kept for 7 years (tax and accounting): invoices with the customer\'s name, payments, refunds and signed estimates.');
    expect(reports[1]!.summary).toBe('Contact details removed from 0 visit(s) and 0 payment(s). Kept for 7 years (tax and accounting): invoices with the customer\'s name, payments, refunds and signed estimates.');
  });

  it('is taken from accounts only', async () => {
    const response = await injectEffect(service.app, { from: 'booking', topic: customerDeletionRequestedTopic, payload: { ...request, requestId: randomUUID() } });
    expect(response.statusCode).toBe(403);
  });
});

describe('a large export', () => {
  it('reads the table a page at a time and writes every row once, in order, across the pages', async () => {
    await sql`
      insert into payments (provider, payment_intent_id, amount_cents, currency, description, status)
      select 'demo', 'pi_bulk_' || n, n, 'usd', 'Bulk ' || n, 'succeeded' from generate_series(1, 1234) as n`.execute(service.db);
    const response = await service.app.inject({ method: 'GET', url: '/api/payments/export/payments.csv', headers: as('admin') });
    expect(response.statusCode).toBe(200);
    const ids = response.body.split('\r\n').slice(1, -1).map((line) => Number(line.split(',')[0]));
    expect(ids).toHaveLength(1236);
    expect(ids.every((id, index) => index === 0 || id > ids[index - 1]!)).toBe(true);
  });
});
