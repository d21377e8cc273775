import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayInvoiceResponse } from '@repo/contracts';
import { chargeRefundedEvent, deliver, FakeStripe, intentEvent, startPayments, webhookSecret, type PaymentsTestService } from './helpers.ts';
import { call, customerOf, sentInvoice, staffOf } from './invoice-helpers.ts';

let fake: FakeStripe;
let service: PaymentsTestService;
beforeAll(async () => {
  fake = await new FakeStripe().start();
  service = await startPayments({ STRIPE_SECRET_KEY: 'sk_test_fake_key_for_tests', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: fake.url });
});
afterAll(async () => {
  await service?.close();
  await fake?.stop();
});
beforeEach(() => fake.reset());

let nextAppointment = 700;
const refundRequests = () => fake.requests.filter((request) => request.path === '/v1/refunds');

async function payable(customerId: number) {
  const invoice = await sentInvoice(service, ++nextAppointment, customerId, [
    { description: 'Diagnostic visit', quantity: 1, unitPriceCents: 8_900, taxable: false },
    { description: 'Whirlpool door gasket', quantity: 1, unitPriceCents: 11_850, taxable: true },
  ]);
  return { invoice, owner: customerOf(service, customerId) };
}

describe('invoices paid through Stripe', () => {
  it('makes the intent for exactly the balance and settles the invoice only on the verified webhook, once', async () => {
    const { invoice, owner } = await payable(51);
    const intent = await call<PayInvoiceResponse>(service, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {});
    expect(intent).toMatchObject({ provider: 'stripe', amountCents: 20_750 + 770 });
    const created = fake.requests.find((request) => request.path === '/v1/payment_intents')!;
    expect(created.form.get('amount')).toBe(String(20_750 + 770));
    expect(created.form.get('metadata[invoice_number]')).toBe(invoice.number);

    expect(await call(service, owner, 'GET', `/api/payments/invoices/${invoice.id}`)).toMatchObject({ status: 'sent', amountPaidCents: 0 });
    const succeeded = intentEvent('payment_intent.succeeded', intent.paymentIntentId);
    expect((await deliver(service, succeeded)).json().outcome).toBe('applied');
    const paid = await call(service, owner, 'GET', `/api/payments/invoices/${invoice.id}`);
    expect(paid).toMatchObject({ status: 'paid', amountPaidCents: 21_520, balanceCents: 0 });

    // The same event again (Stripe retries): nothing changes.
    expect((await deliver(service, succeeded)).json().outcome).toBe('duplicate');
    expect(await call(service, owner, 'GET', `/api/payments/invoices/${invoice.id}`)).toEqual(paid);
    expect(refundRequests()).toEqual([]);
  });

  it('refunds through Stripe what a second succeeded payment brought beyond the balance', async () => {
    const { invoice, owner } = await payable(52);
    const first = await call<PayInvoiceResponse>(service, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {});
    const second = await call<PayInvoiceResponse>(service, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {});
    await Promise.all([
      deliver(service, intentEvent('payment_intent.succeeded', first.paymentIntentId)),
      deliver(service, intentEvent('payment_intent.succeeded', second.paymentIntentId)),
    ]);
    await vi.waitFor(async () => {
      const refunds = (await call(service, staffOf(service), 'GET', `/api/payments/invoices/${invoice.id}`)).refunds;
      expect(refunds).toEqual([expect.objectContaining({ amountCents: 21_520, status: 'succeeded', reason: 'overpayment' })]);
    }, { timeout: 15_000, interval: 100 });
    const settled = await call(service, staffOf(service), 'GET', `/api/payments/invoices/${invoice.id}`);
    expect(settled).toMatchObject({ status: 'paid', amountPaidCents: 21_520, amountRefundedCents: 0 });
    const late = settled.payments.find((payment) => payment.appliedCents === 0)!;
    expect(refundRequests().map((request) => [request.form.get('payment_intent'), request.form.get('amount')])).toContainEqual([late.paymentIntentId, '21520']);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === late.paymentIntentId)).toHaveLength(1);
  });

  it('gives staff refunds through Stripe and records them on the invoice and in the ledger', async () => {
    const { invoice, owner } = await payable(53);
    const intent = await call<PayInvoiceResponse>(service, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {});
    await deliver(service, intentEvent('payment_intent.succeeded', intent.paymentIntentId));
    const refunded = await call(service, staffOf(service), 'POST', `/api/payments/invoices/${invoice.id}/refunds`, { paymentIntentId: intent.paymentIntentId, amountCents: 2_500 });
    expect(refunded).toMatchObject({ amountRefundedCents: 2_500, status: 'paid' });
    const [request] = refundRequests();
    expect(request!.form.get('payment_intent')).toBe(intent.paymentIntentId);
    expect(request!.form.get('amount')).toBe('2500');
    expect(request!.headers['idempotency-key']).toBe(`refund:${refunded.refunds[0]!.id}`);
    const ledger = await service.db.selectFrom('refunds').selectAll().where('id', '=', refunded.refunds[0]!.id).executeTakeFirstOrThrow();
    expect(ledger).toMatchObject({ status: 'succeeded', amount_cents: 2_500, provider_refund_id: expect.stringMatching(/^re_/) });
  });

  it("records a refund made in Stripe's dashboard from charge.refunded, once, beside the back office's own", async () => {
    const { invoice, owner } = await payable(55);
    const intent = await call<PayInvoiceResponse>(service, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {});
    await deliver(service, intentEvent('payment_intent.succeeded', intent.paymentIntentId));
    await call(service, staffOf(service), 'POST', `/api/payments/invoices/${invoice.id}/refunds`, { paymentIntentId: intent.paymentIntentId, amountCents: 2_500 });
    // Stripe's event about the back office's own refund: already counted.
    expect((await deliver(service, chargeRefundedEvent(intent.paymentIntentId, 2_500))).json().outcome).toBe('stale');

    // $50.00 more refunded in Stripe's dashboard: the charge now says $75.00 in all.
    const dashboard = chargeRefundedEvent(intent.paymentIntentId, 7_500);
    expect((await deliver(service, dashboard)).json().outcome).toBe('applied');
    const staffView = await call(service, staffOf(service), 'GET', `/api/payments/invoices/${invoice.id}`);
    expect(staffView).toMatchObject({ status: 'paid', amountPaidCents: 21_520, amountRefundedCents: 7_500 });
    expect(staffView.refunds).toEqual([
      expect.objectContaining({ amountCents: 2_500, status: 'succeeded' }),
      expect.objectContaining({ amountCents: 5_000, status: 'succeeded', reason: 'Refunded in Stripe', createdBy: 'stripe' }),
    ]);
    const payment = await service.db.selectFrom('payments').select('refunded_cents').where('payment_intent_id', '=', intent.paymentIntentId).executeTakeFirstOrThrow();
    expect(payment.refunded_cents).toBe(7_500);

    // Stripe retries the event, and an older one arrives late: nothing changes.
    expect((await deliver(service, dashboard)).json().outcome).toBe('duplicate');
    expect((await deliver(service, chargeRefundedEvent(intent.paymentIntentId, 2_500))).json().outcome).toBe('stale');
    expect(await call(service, staffOf(service), 'GET', `/api/payments/invoices/${invoice.id}`)).toEqual(staffView);
    // The back office can refund only what is left.
    const tooMuch = await service.app.inject({ method: 'POST', url: `/api/payments/invoices/${invoice.id}/refunds`, headers: staffOf(service), payload: { paymentIntentId: intent.paymentIntentId, amountCents: 14_021 } });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields.amountCents).toBe('At most $140.20 of this payment can still be refunded.');
    // A charge of an intent this service never made is acknowledged and ignored.
    expect((await deliver(service, chargeRefundedEvent('pi_not_ours_123', 1_000))).json().outcome).toBe('ignored');
    // Stripe holds the back office's refund alone: the dashboard's was not made again from here.
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === intent.paymentIntentId)).toHaveLength(1);
  });

  it('records a refund Stripe refuses as failed, and keeps its amount refundable', async () => {
    const { invoice, owner } = await payable(54);
    const intent = await call<PayInvoiceResponse>(service, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {});
    await deliver(service, intentEvent('payment_intent.succeeded', intent.paymentIntentId));
    fake.disputed.add(intent.paymentIntentId);
    const refused = await call(service, staffOf(service), 'POST', `/api/payments/invoices/${invoice.id}/refunds`, { paymentIntentId: intent.paymentIntentId, amountCents: 21_520 });
    expect(refused).toMatchObject({ amountRefundedCents: 0, refunds: [expect.objectContaining({ status: 'failed' })] });
    fake.disputed.delete(intent.paymentIntentId);
    const retried = await call(service, staffOf(service), 'POST', `/api/payments/invoices/${invoice.id}/refunds`, { paymentIntentId: intent.paymentIntentId, amountCents: 21_520 });
    expect(retried.amountRefundedCents).toBe(21_520);
  });
});
