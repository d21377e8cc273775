import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, businessDate, demoTestCards, formatCents, invoiceAccessHeader, invoiceLinkMessages, invoiceLinkValidDays, invoiceMessages, invoiceSentTopic, type InvoiceListResponse, type InvoiceSent, type PayInvoiceResponse, type PriceBookItem, type PriceBookListResponse } from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { startPayments, type PaymentsTestService } from './helpers.ts';
import { pdfPages, pdfText } from './pdf-text.ts';
import { appointmentEvent, call, customerOf, type Caller, hearAppointment, sentInvoice, staffOf, technicianOf } from './invoice-helpers.ts';

let service: PaymentsTestService;
beforeAll(async () => {
  service = await startPayments();
});
afterAll(async () => {
  await service?.close();
});

const staff = () => staffOf(service);
let nextAppointment = 500;
const newAppointmentId = () => ++nextAppointment;

async function priceBookItem(input: Partial<PriceBookItem> = {}): Promise<PriceBookItem> {
  return call<PriceBookItem>(service, staff(), 'POST', '/api/payments/price-book', { kind: 'part', name: 'Whirlpool door gasket', unitPriceCents: 11_850, taxable: true, ...input }, 201);
}

const download = (url: string, caller?: Caller) => service.app.inject({ method: 'GET', url, headers: caller ?? {} });

/** Pays with the demo provider's test card, as the payment form does. */
async function payWithTestCard(intent: PayInvoiceResponse): Promise<void> {
  await call(service, undefined, 'POST', '/api/payments/demo/confirm', { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber: demoTestCards.succeeds });
}

describe('price book', () => {
  it('adds, lists, changes and removes items for staff', async () => {
    const gasket = await priceBookItem({ name: '  Sub-Zero evaporator fan motor ', unitPriceCents: 28_975 });
    expect(gasket).toMatchObject({ kind: 'part', name: 'Sub-Zero evaporator fan motor', unitPriceCents: 28_975, taxable: true, active: true });
    const changed = await call<PriceBookItem>(service, staff(), 'PUT', `/api/payments/price-book/${gasket.id}`, { kind: 'part', name: 'Sub-Zero evaporator fan motor', unitPriceCents: 29_500, taxable: true, active: false });
    expect(changed).toMatchObject({ unitPriceCents: 29_500, active: false });
    const all = await call<PriceBookListResponse>(service, staff(), 'GET', '/api/payments/price-book');
    expect(all.items.find((item) => item.id === gasket.id)).toMatchObject({ unitPriceCents: 29_500 });
    const active = await call<PriceBookListResponse>(service, staff(), 'GET', '/api/payments/price-book?active=true');
    expect(active.items.some((item) => item.id === gasket.id)).toBe(false);
    await call(service, staff(), 'DELETE', `/api/payments/price-book/${gasket.id}`, undefined, 204);
    await call(service, staff(), 'DELETE', `/api/payments/price-book/${gasket.id}`, undefined, 404);
  });

  it('explains negative, fractional and missing prices field by field', async () => {
    const cases: [object, string, string][] = [
      [{ kind: 'part', name: 'Gasket', unitPriceCents: -1, taxable: true }, 'unitPriceCents', invoiceMessages.unitPriceCents],
      [{ kind: 'part', name: 'Gasket', unitPriceCents: 10.5, taxable: true }, 'unitPriceCents', invoiceMessages.unitPriceCents],
      [{ kind: 'part', name: 'Gasket', unitPriceCents: '100', taxable: true }, 'unitPriceCents', invoiceMessages.unitPriceCents],
      [{ kind: 'labour', name: 'Gasket', unitPriceCents: 100, taxable: true }, 'kind', invoiceMessages.kind],
      [{ kind: 'part', name: '   ', unitPriceCents: 100, taxable: true }, 'name', invoiceMessages.name],
      [{ kind: 'part', name: 'Gasket', unitPriceCents: 100 }, 'taxable', invoiceMessages.taxable],
    ];
    for (const [payload, field, message] of cases) {
      const error = await call<{ error: { fields: Record<string, string> } }>(service, staff(), 'POST', '/api/payments/price-book', payload, 400);
      expect(error.error.fields[field], JSON.stringify(payload)).toBe(message);
    }
  });

  it('is changed by staff and administrators only, checked before the body; technicians read it for estimates', async () => {
    await call(service, undefined, 'POST', '/api/payments/price-book', { nonsense: true }, 401);
    await call(service, technicianOf(service), 'POST', '/api/payments/price-book', { nonsense: true }, 403);
    await call(service, customerOf(service, 7), 'GET', '/api/payments/price-book', undefined, 403);
    await call(service, technicianOf(service), 'GET', '/api/payments/price-book?active=true', undefined, 200);
  });
});

describe('appointments heard from booking', () => {
  it('keeps the newest version of each appointment', async () => {
    const id = newAppointmentId();
    await hearAppointment(service, appointmentEvent(id, null, { version: 2, customerName: 'Second' }));
    await hearAppointment(service, appointmentEvent(id, null, { version: 1, customerName: 'First' }));
    await hearAppointment(service, appointmentEvent(id, 42, { version: 3, customerName: 'Third', change: 'customer-linked' }));
    const stored = await service.db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ version: 3, customer_name: 'Third', customer_id: 42 });
  });
});

describe('invoices', () => {
  it('makes a numbered draft from price-book snapshots and free lines, with Florida tax', async () => {
    const id = newAppointmentId();
    await hearAppointment(service, appointmentEvent(id, 11));
    const gasket = await priceBookItem();
    const visit = await priceBookItem({ kind: 'service', name: 'Diagnostic visit', unitPriceCents: 8_900, taxable: false });
    const invoice = await call(service, staff(), 'POST', '/api/payments/invoices', {
      appointmentId: id,
      lines: [{ priceBookItemId: visit.id, quantity: 1 }, { priceBookItemId: gasket.id, quantity: 2 }, { description: 'Haul-away', quantity: 1, unitPriceCents: 2_500, taxable: false }],
    }, 201);
    expect(invoice.number).toMatch(/^INV-1\d{3,}$/);
    expect(invoice).toMatchObject({
      status: 'draft',
      appointmentId: id,
      customer: { name: 'Pat Homeowner', email: 'pat@example.com', address: '12 Cordova St, St Augustine, FL 32084' },
      subtotalCents: 8_900 + 23_700 + 2_500,
      // 6.5% of $237.00 = $15.405 → $15.41 (half-up, once).
      taxCents: 1_541,
      totalCents: 8_900 + 23_700 + 2_500 + 1_541,
      balanceCents: 8_900 + 23_700 + 2_500 + 1_541,
      amountPaidCents: 0,
      editable: true,
      payable: false,
      tax: { stateBps: 600, surtaxBps: 50, surtaxCapCents: 500_000 },
    });
    expect(invoice.lines.map((line) => [line.description, line.quantity, line.unitPriceCents, line.taxable, line.amountCents])).toEqual([
      ['Diagnostic visit', 1, 8_900, false, 8_900],
      ['Whirlpool door gasket', 2, 11_850, true, 23_700],
      ['Haul-away', 1, 2_500, false, 2_500],
    ]);
    // The invoice keeps its snapshot when the price book changes.
    await call(service, staff(), 'PUT', `/api/payments/price-book/${gasket.id}`, { kind: 'part', name: 'Gasket (new price)', unitPriceCents: 15_000, taxable: true, active: true });
    expect((await call(service, staff(), 'GET', `/api/payments/invoices/${invoice.id}`)).lines[1]).toMatchObject({ description: 'Whirlpool door gasket', unitPriceCents: 11_850 });
    const next = await call(service, staff(), 'POST', '/api/payments/invoices', { appointmentId: id }, 201);
    expect(Number(next.number.slice(4))).toBe(Number(invoice.number.slice(4)) + 1);
  });

  it('refuses bad lines with a message per field, and an unknown appointment with 404', async () => {
    const id = newAppointmentId();
    await hearAppointment(service, appointmentEvent(id, 11));
    const cases: [object, string, string][] = [
      [{ description: 'Part', quantity: 1, unitPriceCents: -500, taxable: true }, 'lines.0.unitPriceCents', invoiceMessages.unitPriceCents],
      [{ description: 'Part', quantity: 1, unitPriceCents: 12.5, taxable: true }, 'lines.0.unitPriceCents', invoiceMessages.unitPriceCents],
      [{ description: 'Part', quantity: 0, unitPriceCents: 100, taxable: true }, 'lines.0.quantity', invoiceMessages.quantity],
      [{ description: 'Part', quantity: -2, unitPriceCents: 100, taxable: true }, 'lines.0.quantity', invoiceMessages.quantity],
      [{ description: 'Labour', quantity: 1.5, unitPriceCents: 100, taxable: false }, 'lines.0.quantity', invoiceMessages.quantity],
      [{ quantity: 1, unitPriceCents: 100, taxable: true }, 'lines.0.description', invoiceMessages.description],
      [{ description: 'Part', quantity: 999, unitPriceCents: 10_000_000, taxable: true }, 'lines.0.unitPriceCents', invoiceMessages.lineAmount],
      [{ priceBookItemId: 999_999, quantity: 1 }, 'lines.0.priceBookItemId', invoiceMessages.priceBookItemId],
    ];
    const before = await service.db.selectFrom('invoices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [line, field, message] of cases) {
      const error = await call<{ error: { fields: Record<string, string> } }>(service, staff(), 'POST', '/api/payments/invoices', { appointmentId: id, lines: [line] }, 400);
      expect(error.error.fields[field], JSON.stringify(line)).toBe(message);
    }
    const after = await service.db.selectFrom('invoices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const missing = await call<{ error: { message: string } }>(service, staff(), 'POST', '/api/payments/invoices', { appointmentId: 987_654 }, 404);
    expect(missing.error.message).toMatch(/no record of that appointment/);
    // Authentication comes before validation: an anonymous caller learns nothing from a bad body.
    await call(service, undefined, 'POST', '/api/payments/invoices', { appointmentId: -1 }, 401);
    await call(service, technicianOf(service), 'POST', '/api/payments/invoices', { appointmentId: -1 }, 403);
    await call(service, customerOf(service, 11), 'POST', '/api/payments/invoices', { appointmentId: id }, 403);
  });

  it('is sent with a due date, edited until paid, overdue past its due date, and voided with a reason', async () => {
    const id = newAppointmentId();
    await hearAppointment(service, appointmentEvent(id, 12));
    const draft = await call(service, staff(), 'POST', '/api/payments/invoices', { appointmentId: id }, 201);
    const empty = await call<{ error: { message: string } }>(service, staff(), 'POST', `/api/payments/invoices/${draft.id}/send`, undefined, 409);
    expect(empty.error.message).toMatch(/Add at least one line/);
    await call(service, staff(), 'PUT', `/api/payments/invoices/${draft.id}/lines`, { lines: [{ description: 'Diagnostic visit', quantity: 1, unitPriceCents: 8_900, taxable: false }] });
    // Only the id as the server writes it, and no body with anything in it: a stray call sends nothing.
    await call(service, staff(), 'POST', `/api/payments/invoices/0${draft.id}/send`, undefined, 400);
    await call(service, staff(), 'POST', `/api/payments/invoices/${draft.id}/send`, { now: true }, 400);
    expect((await call(service, staff(), 'GET', `/api/payments/invoices/${draft.id}`)).status).toBe('draft');
    const sent = await call(service, staff(), 'POST', `/api/payments/invoices/${draft.id}/send`);
    expect(sent).toMatchObject({ status: 'sent', dueDate: addDays(businessDate(), 14), payable: true, editable: true });
    // Sent and unpaid: still editable.
    const edited = await call(service, staff(), 'PUT', `/api/payments/invoices/${draft.id}/lines`, { lines: [{ description: 'Diagnostic visit', quantity: 1, unitPriceCents: 9_900, taxable: false }] });
    expect(edited).toMatchObject({ status: 'sent', totalCents: 9_900, balanceCents: 9_900 });

    await service.db.updateTable('invoices').set({ due_date: addDays(businessDate(), -1) }).where('id', '=', draft.id).execute();
    expect(await call(service, staff(), 'GET', `/api/payments/invoices/${draft.id}`)).toMatchObject({ status: 'overdue', payable: true });
    const overdue = await call<InvoiceListResponse>(service, staff(), 'GET', '/api/payments/invoices?status=overdue');
    expect(overdue.items.map((item) => item.id)).toContain(draft.id);
    const sentOnly = await call<InvoiceListResponse>(service, staff(), 'GET', '/api/payments/invoices?status=sent');
    expect(sentOnly.items.map((item) => item.id)).not.toContain(draft.id);

    const badReason = await call<{ error: { fields: Record<string, string> } }>(service, staff(), 'POST', `/api/payments/invoices/${draft.id}/void`, { reason: ' x ' }, 400);
    expect(badReason.error.fields.reason).toBe(invoiceMessages.voidReason);
    const voided = await call(service, staff(), 'POST', `/api/payments/invoices/${draft.id}/void`, { reason: 'Customer declined the repair' });
    expect(voided).toMatchObject({ status: 'void', voidReason: 'Customer declined the repair', payable: false, editable: false, balanceCents: 0 });
    await call(service, staff(), 'PUT', `/api/payments/invoices/${draft.id}/lines`, { lines: [] }, 409);
    await call(service, staff(), 'POST', `/api/payments/invoices/${draft.id}/void`, { reason: 'Again' }, 409);
  });

  it('lists with search by number, name or email', async () => {
    const id = newAppointmentId();
    await hearAppointment(service, appointmentEvent(id, 13, { customerName: 'Zelda Quintana', email: 'zelda@example.com' }));
    const invoice = await call(service, staff(), 'POST', '/api/payments/invoices', { appointmentId: id }, 201);
    for (const search of ['zelda', 'QUINTANA', 'zelda@example', invoice.number]) {
      const found = await call<InvoiceListResponse>(service, staff(), 'GET', `/api/payments/invoices?search=${encodeURIComponent(search)}`);
      expect(found.items.map((item) => item.id), search).toEqual([invoice.id]);
    }
    const byAppointment = await call<InvoiceListResponse>(service, staff(), 'GET', `/api/payments/invoices?appointmentId=${id}`);
    expect(byAppointment.items.map((item) => item.number)).toEqual([invoice.number]);
    await call(service, staff(), 'GET', '/api/payments/invoices?status=lost', undefined, 400);
  });

  it("lists one customer account's invoices for staff (the customer record); a customer's list stays their own", async () => {
    const [first, second, others] = [newAppointmentId(), newAppointmentId(), newAppointmentId()];
    await hearAppointment(service, appointmentEvent(first, 31));
    await hearAppointment(service, appointmentEvent(second, 31));
    await hearAppointment(service, appointmentEvent(others, 32));
    const older = await call(service, staff(), 'POST', '/api/payments/invoices', { appointmentId: first }, 201);
    const newer = await call(service, staff(), 'POST', '/api/payments/invoices', { appointmentId: second }, 201);
    await call(service, staff(), 'POST', '/api/payments/invoices', { appointmentId: others }, 201);
    const theirs = await call<InvoiceListResponse>(service, staff(), 'GET', '/api/payments/invoices?customerId=31');
    expect({ ids: theirs.items.map((item) => item.id), total: theirs.total }).toEqual({ ids: [newer.id, older.id], total: 2 });
    expect((await call<InvoiceListResponse>(service, staff(), 'GET', '/api/payments/invoices?customerId=33')).items).toEqual([]);
    // Customer 32 asking for 31's gets their own sent invoices (none: theirs is a draft), never 31's.
    expect((await call<InvoiceListResponse>(service, customerOf(service, 32), 'GET', '/api/payments/invoices?customerId=31')).items).toEqual([]);
    const refused = await call<{ error: { fields: Record<string, string> } }>(service, staff(), 'GET', '/api/payments/invoices?customerId=abc', undefined, 400);
    expect(refused.error.fields).toEqual({ 'querystring.customerId': invoiceMessages.customerId });
  });
});

describe('the customer and their invoice', () => {
  it('shows a sent invoice to its customer only; drafts, other customers and strangers get nothing', async () => {
    const invoice = await sentInvoice(service, newAppointmentId(), 21, [{ description: 'Diagnostic visit', quantity: 1, unitPriceCents: 8_900, taxable: false }]);
    const owner = customerOf(service, 21);
    expect(await call(service, owner, 'GET', `/api/payments/invoices/${invoice.id}`)).toMatchObject({ number: invoice.number, totalCents: 8_900, payable: true });
    const mine = await call<InvoiceListResponse>(service, owner, 'GET', '/api/payments/invoices');
    expect(mine.items.map((item) => item.id)).toEqual([invoice.id]);

    const other = customerOf(service, 22);
    const hidden = await call<{ error: { message: string } }>(service, other, 'GET', `/api/payments/invoices/${invoice.id}`, undefined, 404);
    expect(hidden.error.message).toBe('We could not find that invoice.');
    await call(service, other, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {}, 404);
    expect((await call<InvoiceListResponse>(service, other, 'GET', '/api/payments/invoices')).items).toEqual([]);
    await call(service, undefined, 'GET', `/api/payments/invoices/${invoice.id}`, undefined, 401);
    await call(service, undefined, 'POST', `/api/payments/invoices/${invoice.id}/pay`, { amountCents: -1 }, 401);
    await call(service, technicianOf(service), 'GET', `/api/payments/invoices/${invoice.id}`, undefined, 403);
    await call(service, staff(), 'POST', `/api/payments/invoices/${invoice.id}/pay`, {}, 403);

    const draftAppointment = newAppointmentId();
    await hearAppointment(service, appointmentEvent(draftAppointment, 21));
    const draft = await call(service, staff(), 'POST', '/api/payments/invoices', { appointmentId: draftAppointment }, 201);
    await call(service, owner, 'GET', `/api/payments/invoices/${draft.id}`, undefined, 404);
  });

  it('emails its customer a link on sending, whose key opens that invoice alone, to see, pay and download, until it expires', async () => {
    const appointmentId = newAppointmentId();
    const invoice = await sentInvoice(service, appointmentId, 24, [{ description: 'Diagnostic visit', quantity: 1, unitPriceCents: 8_900, taxable: false }]);
    const sent = (await publishedEffects<InvoiceSent>(service.database, invoiceSentTopic)).filter((event) => event.invoiceId === invoice.id);
    expect(sent).toEqual([{
      invoiceId: invoice.id,
      number: invoice.number,
      appointmentId,
      customerName: 'Pat Homeowner',
      email: 'pat@example.com',
      totalCents: 8_900,
      balanceCents: 8_900,
      dueDate: invoice.dueDate,
      accessKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      visit: 'Sub-Zero refrigerator (repair)',
      sentAt: invoice.sentAt,
    }]);
    const key = sent[0]!.accessKey;
    // Payments keeps only the key's hash; sending again sends no second email.
    const stored = await service.db.selectFrom('invoices').select('access_key_hash').where('id', '=', invoice.id).executeTakeFirstOrThrow();
    expect(stored.access_key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.access_key_hash).not.toContain(key);
    await call(service, staff(), 'POST', `/api/payments/invoices/${invoice.id}/send`);
    expect((await publishedEffects<InvoiceSent>(service.database, invoiceSentTopic)).filter((event) => event.invoiceId === invoice.id)).toHaveLength(1);

    // The key opens the invoice with no session, and decides over a session beside it (another customer's).
    const link = { [invoiceAccessHeader]: key };
    expect(await call(service, link, 'GET', `/api/payments/invoices/${invoice.id}`)).toMatchObject({ number: invoice.number, balanceCents: 8_900, payable: true });
    await call(service, { ...customerOf(service, 99), ...link }, 'GET', `/api/payments/invoices/${invoice.id}`);
    const pdf = await download(`/api/payments/invoices/${invoice.id}/pdf`, link);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // It opens nothing else: another invoice, the list, a wrong key; and it is no staff pass.
    const other = await sentInvoice(service, newAppointmentId(), 24, [{ description: 'Diagnostic visit', quantity: 1, unitPriceCents: 8_900, taxable: false }]);
    await call(service, link, 'GET', `/api/payments/invoices/${other.id}`, undefined, 404);
    await call(service, { [invoiceAccessHeader]: 'A'.repeat(43) }, 'GET', `/api/payments/invoices/${invoice.id}`, undefined, 404);
    await call(service, { [invoiceAccessHeader]: 'not a key' }, 'GET', `/api/payments/invoices/${invoice.id}`, undefined, 404);
    await call(service, link, 'GET', '/api/payments/invoices', undefined, 401);
    await call(service, link, 'POST', `/api/payments/invoices/${invoice.id}/void`, { reason: 'Not mine' }, 401);

    // The link pays exactly the balance, and the receipt follows.
    const intent = await call<PayInvoiceResponse>(service, link, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {});
    expect(intent).toMatchObject({ provider: 'demo', amountCents: 8_900 });
    await payWithTestCard(intent);
    expect(await call(service, link, 'GET', `/api/payments/invoices/${invoice.id}`)).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect((await download(`/api/payments/invoices/${invoice.id}/receipt`, link)).statusCode).toBe(200);

    // A link works for its days after sending, then asks the holder to log in or call.
    const sentAt = new Date(invoice.sentAt!);
    await service.db.updateTable('invoices').set({ sent_at: new Date(sentAt.getTime() - (invoiceLinkValidDays * 24 - 1) * 3_600_000) }).where('id', '=', invoice.id).execute();
    await call(service, link, 'GET', `/api/payments/invoices/${invoice.id}`);
    await service.db.updateTable('invoices').set({ sent_at: new Date(sentAt.getTime() - invoiceLinkValidDays * 24 * 3_600_000) }).where('id', '=', invoice.id).execute();
    const expired = await call<{ error: { message: string } }>(service, link, 'GET', `/api/payments/invoices/${invoice.id}`, undefined, 401);
    expect(expired.error.message).toBe(invoiceLinkMessages.expired);
    await call(service, link, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {}, 401);
  });

  it('pays exactly the balance, which the payer cannot change, and the demo confirmation settles the invoice', async () => {
    const invoice = await sentInvoice(service, newAppointmentId(), 23, [{ description: 'Whirlpool door gasket', quantity: 1, unitPriceCents: 11_850, taxable: true }]);
    const owner = customerOf(service, 23);
    expect(invoice.totalCents).toBe(11_850 + 770);
    const other = await call<{ error: { fields: Record<string, string> } }>(service, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, { amountCents: 100 }, 400);
    expect(other.error.fields.amountCents).toBe('Online payment takes the whole balance of $126.20.');
    const intent = await call<PayInvoiceResponse>(service, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {});
    expect(intent).toMatchObject({ provider: 'demo', amountCents: 12_620 });
    const ledger = await service.db.selectFrom('payments').selectAll().where('payment_intent_id', '=', intent.paymentIntentId).executeTakeFirstOrThrow();
    expect(ledger).toMatchObject({ amount_cents: 12_620, invoice_id: invoice.id, reference: invoice.number, status: 'pending' });
    // Not paid until the provider says so.
    expect(await call(service, owner, 'GET', `/api/payments/invoices/${invoice.id}`)).toMatchObject({ status: 'sent', amountPaidCents: 0 });

    await payWithTestCard(intent);
    const paid = await call(service, owner, 'GET', `/api/payments/invoices/${invoice.id}`);
    expect(paid).toMatchObject({ status: 'paid', amountPaidCents: 12_620, balanceCents: 0, payable: false, editable: false });
    expect(paid.payments).toEqual([expect.objectContaining({ paymentIntentId: intent.paymentIntentId, status: 'succeeded', amountCents: 12_620, appliedCents: 12_620 })]);
    const again = await call<{ error: { message: string } }>(service, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {}, 409);
    expect(again.error.message).toBe('This invoice is paid in full. Thank you!');
    // Paid: the lines are fixed and the invoice cannot be voided while it holds the money.
    await call(service, staff(), 'PUT', `/api/payments/invoices/${invoice.id}/lines`, { lines: [] }, 409);
    const refused = await call<{ error: { message: string } }>(service, staff(), 'POST', `/api/payments/invoices/${invoice.id}/void`, { reason: 'Wrong customer' }, 409);
    expect(refused.error.message).toBe('The customer has paid $126.20 on this invoice. Refund it before voiding the invoice.');
  });

  it('refunds what a second payment racing for the same balance brought in beyond it', async () => {
    const invoice = await sentInvoice(service, newAppointmentId(), 24, [{ description: 'Diagnostic visit', quantity: 1, unitPriceCents: 8_900, taxable: false }]);
    const owner = customerOf(service, 24);
    // Two tabs: both start paying the whole balance before either is paid.
    const [first, second] = await Promise.all([
      call<PayInvoiceResponse>(service, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {}),
      call<PayInvoiceResponse>(service, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {}),
    ]);
    expect(first.paymentIntentId).not.toBe(second.paymentIntentId);
    await Promise.all([payWithTestCard(first), payWithTestCard(second)]);
    const settled = await call(service, staff(), 'GET', `/api/payments/invoices/${invoice.id}`);
    expect(settled).toMatchObject({ status: 'paid', amountPaidCents: 8_900, amountRefundedCents: 0 });
    expect(settled.payments.map((payment) => payment.appliedCents).sort()).toEqual([0, 8_900]);
    const late = settled.payments.find((payment) => payment.appliedCents === 0)!;
    await vi.waitFor(async () => {
      const refunds = (await call(service, staff(), 'GET', `/api/payments/invoices/${invoice.id}`)).refunds;
      expect(refunds).toEqual([expect.objectContaining({ paymentIntentId: late.paymentIntentId, amountCents: 8_900, status: 'succeeded', reason: 'overpayment', createdBy: 'system' })]);
    }, { timeout: 15_000, interval: 100 });
    const ledger = await service.db.selectFrom('payments').select('refunded_cents').where('payment_intent_id', '=', late.paymentIntentId).executeTakeFirstOrThrow();
    expect(ledger.refunded_cents).toBe(8_900);
  });

  it('takes a part of the balance only where the business allows part payments', async () => {
    const partial = await startPayments({ INVOICE_PARTIAL_PAYMENTS: 'true' });
    try {
      const invoice = await sentInvoice(partial, 900, 31, [{ description: 'Labour (per hour)', quantity: 2, unitPriceCents: 12_500, taxable: false }]);
      const owner = customerOf(partial, 31);
      const tooMuch = await call<{ error: { fields: Record<string, string> } }>(partial, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, { amountCents: 25_001 }, 400);
      expect(tooMuch.error.fields.amountCents).toBe('Pay from $0.50 up to the balance of $250.00.');
      const intent = await call<PayInvoiceResponse>(partial, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, { amountCents: 10_000 });
      expect(intent.amountCents).toBe(10_000);
      await call(partial, undefined, 'POST', '/api/payments/demo/confirm', { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber: demoTestCards.succeeds });
      expect(await call(partial, owner, 'GET', `/api/payments/invoices/${invoice.id}`)).toMatchObject({ status: 'partially_paid', amountPaidCents: 10_000, balanceCents: 15_000, editable: false, payable: true });
    } finally {
      await partial.close();
    }
  });
});

describe('refunds', () => {
  it('refunds part, then the rest, then lets staff void; never more than was paid', async () => {
    const invoice = await sentInvoice(service, newAppointmentId(), 41, [{ description: 'Sub-Zero evaporator fan motor', quantity: 1, unitPriceCents: 28_975, taxable: true }]);
    const owner = customerOf(service, 41);
    const intent = await call<PayInvoiceResponse>(service, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {});
    await payWithTestCard(intent);
    const refundUrl = `/api/payments/invoices/${invoice.id}/refunds`;
    await call(service, undefined, 'POST', refundUrl, { paymentIntentId: intent.paymentIntentId, amountCents: -5 }, 401);
    await call(service, technicianOf(service), 'POST', refundUrl, { paymentIntentId: intent.paymentIntentId, amountCents: 100 }, 403);
    const fractional = await call<{ error: { fields: Record<string, string> } }>(service, staff(), 'POST', refundUrl, { paymentIntentId: intent.paymentIntentId, amountCents: 10.5 }, 400);
    expect(fractional.error.fields.amountCents).toBe(invoiceMessages.refundAmount);

    const partly = await call(service, staff(), 'POST', refundUrl, { paymentIntentId: intent.paymentIntentId, amountCents: 5_000, reason: 'Goodwill: second visit' });
    expect(partly).toMatchObject({ status: 'paid', amountPaidCents: intent.amountCents, amountRefundedCents: 5_000, balanceCents: 0 });
    expect(partly.refunds).toEqual([expect.objectContaining({ amountCents: 5_000, status: 'succeeded', reason: 'Goodwill: second visit', createdBy: 'office@example.com' })]);
    await call(service, staff(), 'POST', `/api/payments/invoices/${invoice.id}/void`, { reason: 'Wrong job' }, 409);

    const rest = intent.amountCents - 5_000;
    const tooMuch = await call<{ error: { fields: Record<string, string> } }>(service, staff(), 'POST', refundUrl, { paymentIntentId: intent.paymentIntentId, amountCents: rest + 1 }, 400);
    expect(tooMuch.error.fields.amountCents).toBe(`At most $${(rest / 100).toFixed(2)} of this payment can still be refunded.`);
    const full = await call(service, staff(), 'POST', refundUrl, { paymentIntentId: intent.paymentIntentId, amountCents: rest });
    expect(full.amountRefundedCents).toBe(intent.amountCents);
    expect(full.payments[0]).toMatchObject({ refundedCents: intent.amountCents });
    const ledger = await service.db.selectFrom('refunds').select(['amount_cents', 'status']).where('invoice_id', '=', invoice.id).orderBy('id').execute();
    expect(ledger).toEqual([{ amount_cents: 5_000, status: 'succeeded' }, { amount_cents: rest, status: 'succeeded' }]);
    expect(await call(service, staff(), 'POST', `/api/payments/invoices/${invoice.id}/void`, { reason: 'Refunded in full' })).toMatchObject({ status: 'void' });

    const foreign = await call<{ error: { fields: Record<string, string> } }>(service, staff(), 'POST', refundUrl, { paymentIntentId: 'demo_pi_not_this_one', amountCents: 100 }, 400);
    expect(foreign.error.fields.paymentIntentId).toBe('That payment is not one of this invoice\u2019s.');
  });
});

describe('invoice and receipt PDFs', () => {
  it('gives the invoice and, once paid, the receipt to its customer and staff only', async () => {
    const invoice = await sentInvoice(service, newAppointmentId(), 61, [
      { description: 'Diagnostic visit', quantity: 1, unitPriceCents: 8_900, taxable: false },
      { description: 'Sub-Zero evaporator fan motor', quantity: 1, unitPriceCents: 28_975, taxable: true },
    ]);
    const owner = customerOf(service, 61);
    const response = await download(`/api/payments/invoices/${invoice.id}/pdf`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const text = await pdfText(response.rawPayload);
    for (const expected of ['St Augustine Appliance Repair', '3040 US Highway 1 South, St Augustine, FL 32086', '(904) 802-1998', `Invoice ${invoice.number}`, 'Pat Homeowner', 'Diagnostic visit', 'Sub-Zero evaporator fan motor (taxable)', '$89.00', '$289.75', 'Subtotal', '$378.75', 'Sales tax (FL 6% + St Johns County 0.5%)', '$18.83', 'Total', '$397.58', 'Balance due']) {
      expect(text).toContain(expected);
    }
    const notYet = await download(`/api/payments/invoices/${invoice.id}/receipt`, owner);
    expect(notYet.statusCode).toBe(409);

    const intent = await call<PayInvoiceResponse>(service, owner, 'POST', `/api/payments/invoices/${invoice.id}/pay`, {});
    await payWithTestCard(intent);
    const receipt = await download(`/api/payments/invoices/${invoice.id}/receipt`, staff());
    expect(receipt.statusCode).toBe(200);
    const receiptText = await pdfText(receipt.rawPayload);
    expect(receiptText).toContain(`Receipt for invoice ${invoice.number}`);
    expect(receiptText).toContain('Status: Paid');
    expect(receiptText).toContain(`card payment ${intent.paymentIntentId} · $397.58`);
    expect(receiptText).toMatch(/Balance due \$0\.00/);

    expect((await download(`/api/payments/invoices/${invoice.id}/pdf`, customerOf(service, 62))).statusCode).toBe(404);
    expect((await download(`/api/payments/invoices/${invoice.id}/receipt`, customerOf(service, 62))).statusCode).toBe(404);
    expect((await download(`/api/payments/invoices/${invoice.id}/pdf`)).statusCode).toBe(401);
    expect((await download(`/api/payments/invoices/${invoice.id}/pdf`, technicianOf(service))).statusCode).toBe(403);
  });

  it('runs a long invoice onto more pages, every line whole on one of them', async () => {
    const lines = Array.from({ length: 100 }, (_, index) => ({ description: `Part number ${index + 1}`, quantity: 1, unitPriceCents: 1_000 + index, taxable: true }));
    const invoice = await sentInvoice(service, newAppointmentId(), 63, lines);
    const response = await download(`/api/payments/invoices/${invoice.id}/pdf`, staff());
    const pages = await pdfPages(response.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    for (let index = 0; index < 100; index += 1) {
      const row = `Part number ${index + 1} (taxable) 1 ${formatCents(1_000 + index)} ${formatCents(1_000 + index)}`;
      expect(pages.filter((page) => page.includes(row)), row).toHaveLength(1);
    }
    expect(pages.at(-1)).toContain(`Total ${formatCents(invoice.totalCents)}`);
  });
});
