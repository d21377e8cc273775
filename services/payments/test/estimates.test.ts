import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentAccessHeader, estimateMessages, invoiceMessages, maxSignatureBytes, type Estimate, type EstimateInvoiceResponse, type EstimateListResponse, type Invoice, type PriceBookItem } from '@repo/contracts';
import { expectApiError, signTestAppointmentLink } from '@repo/service-kit/test-service';
import { startPayments, type PaymentsTestService } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { appointmentEvent, call, customerOf, hearAppointment, staffOf, technicianOf, type Caller } from './invoice-helpers.ts';

let service: PaymentsTestService;
beforeAll(async () => {
  service = await startPayments();
});
afterAll(async () => {
  await service?.close();
});

const staff = () => staffOf(service);
/** technicianOf's session is tech_mike's. */
const tech = () => technicianOf(service);
const otherTech = (): Caller => ({ authorization: service.bearer({ sub: 'tech-2', role: 'technician', technicianId: 'tech_sara' }) });
const customer = () => customerOf(service, 41);
const stranger = () => customerOf(service, 42);

let nextAppointment = 900;
/** A visit of customer 41 assigned to tech_mike, as booking tells payments. */
async function assignedVisit(): Promise<number> {
  const id = ++nextAppointment;
  await hearAppointment(service, appointmentEvent(id, 41, { technicianId: 'tech_mike', change: 'assigned' }));
  return id;
}

/** The smallest real PNG (1×1), as a data URL, and the same with its bytes not a PNG. */
const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const notPng = `data:image/png;base64,${Buffer.from('GIF89a not a png at all').toString('base64')}`;

let gasket: PriceBookItem;
beforeAll(async () => {
  gasket = await call<PriceBookItem>(service, staff(), 'POST', '/api/payments/price-book', { kind: 'part', name: 'Door gasket', unitPriceCents: 11_850, taxable: true }, 201);
});

const create = (caller: Caller, appointmentId: number, lines: object[], status = 201) => call<Estimate>(service, caller, 'POST', '/api/payments/estimates', { appointmentId, lines }, status);
const present = (caller: Caller, id: number, status = 200) => call<Estimate>(service, caller, 'POST', `/api/payments/estimates/${id}/present`, undefined, status);
const approve = (caller: Caller, id: number, body: object, status = 200) => call<Estimate>(service, caller, 'POST', `/api/payments/estimates/${id}/approve`, body, status);

async function presentedEstimate(appointmentId: number): Promise<Estimate> {
  const draft = await create(tech(), appointmentId, [{ priceBookItemId: gasket.id, quantity: 2 }, { description: 'Labour (hour)', quantity: 1, unitPriceCents: 9_500, taxable: false }]);
  return present(tech(), draft.id);
}

describe('building an estimate', () => {
  it('copies price-book lines, takes free lines and taxes them as an invoice is (half-up, once)', async () => {
    const id = await assignedVisit();
    const estimate = await create(tech(), id, [{ priceBookItemId: gasket.id, quantity: 2 }, { description: 'Labour (hour)', quantity: 1, unitPriceCents: 9_500, taxable: false }]);
    expect(estimate).toMatchObject({
      status: 'draft',
      version: 1,
      customerName: 'Pat Homeowner',
      subtotalCents: 23_700 + 9_500,
      // 6.5% of $237.00 = $15.405 → $15.41.
      taxCents: 1_541,
      totalCents: 23_700 + 9_500 + 1_541,
      tax: { stateBps: 600, surtaxBps: 50, surtaxCapCents: 500_000 },
      decision: null,
    });
    expect(estimate.lines.map((line) => [line.description, line.quantity, line.unitPriceCents, line.taxable, line.priceBookItemId])).toEqual([
      ['Door gasket', 2, 11_850, true, gasket.id],
      ['Labour (hour)', 1, 9_500, false, null],
    ]);
    // A later price change leaves the estimate's copy alone.
    await call(service, staff(), 'PUT', `/api/payments/price-book/${gasket.id}`, { kind: 'part', name: 'Door gasket', unitPriceCents: 99_900, taxable: true });
    const again = await call<Estimate>(service, tech(), 'GET', `/api/payments/estimates/${estimate.id}`);
    expect(again.lines[0]!.unitPriceCents).toBe(11_850);
    await call(service, staff(), 'PUT', `/api/payments/price-book/${gasket.id}`, { kind: 'part', name: 'Door gasket', unitPriceCents: 11_850, taxable: true });

    // The county surtax stops at $5,000 of each line: $6,000 taxable → 6% of 6,000 + 0.5% of 5,000 = $385.00.
    const big = await call<Estimate>(service, tech(), 'PUT', `/api/payments/estimates/${estimate.id}/lines`, { lines: [{ description: 'Compressor', quantity: 1, unitPriceCents: 600_000, taxable: true }] });
    expect(big).toMatchObject({ id: estimate.id, version: 1, status: 'draft', subtotalCents: 600_000, taxCents: 38_500, totalCents: 638_500 });
  });

  it('refuses negative money, fractions of a cent and bad quantities with the field named', async () => {
    const id = await assignedVisit();
    const cases: [object, string, string][] = [
      [{ description: 'Part', quantity: 1, unitPriceCents: -1, taxable: true }, 'lines.0.unitPriceCents', invoiceMessages.unitPriceCents],
      [{ description: 'Part', quantity: 1, unitPriceCents: 10.5, taxable: true }, 'lines.0.unitPriceCents', invoiceMessages.unitPriceCents],
      [{ description: 'Part', quantity: 0, unitPriceCents: 100, taxable: true }, 'lines.0.quantity', invoiceMessages.quantity],
      [{ description: 'Part', quantity: 1.5, unitPriceCents: 100, taxable: true }, 'lines.0.quantity', invoiceMessages.quantity],
      [{ priceBookItemId: 999_999, quantity: 1 }, 'lines.0.priceBookItemId', invoiceMessages.priceBookItemId],
    ];
    for (const [line, field, message] of cases) {
      const error = await create(tech(), id, [line], 400) as unknown as { error: { fields: Record<string, string> } };
      expect(error.error.fields[field], JSON.stringify(line)).toBe(message);
    }
  });

  it('keeps one open estimate per visit and needs a line to present', async () => {
    const id = await assignedVisit();
    const draft = await create(staff(), id, []);
    const refused = await create(tech(), id, [], 409) as unknown as { error: { message: string } };
    expect(refused.error.message).toBe(estimateMessages.alreadyOpen);
    const empty = await present(tech(), draft.id, 409) as unknown as { error: { message: string } };
    expect(empty.error.message).toBe(estimateMessages.noLines);
  });
});

describe('who may see and act on an estimate', () => {
  it('is staff and the assigned technician to build; the owning customer to see and answer once presented; anyone else a 404', async () => {
    const id = await assignedVisit();
    // A customer is no builder (403, as for invoices); another technician's job is a 404, as a missing one.
    await create(customer(), id, [], 403);
    await create(otherTech(), id, [], 404);
    const draft = await create(tech(), id, [{ priceBookItemId: gasket.id, quantity: 1 }]);
    // The customer does not see a draft.
    await call(service, customer(), 'GET', `/api/payments/estimates/${draft.id}`, undefined, 404);
    expect((await call<EstimateListResponse>(service, customer(), 'GET', `/api/payments/estimates?appointmentId=${id}`)).items).toEqual([]);
    await present(tech(), draft.id);
    expect((await call<EstimateListResponse>(service, customer(), 'GET', `/api/payments/estimates?appointmentId=${id}`)).items.map((item) => item.id)).toEqual([draft.id]);
    for (const caller of [otherTech(), stranger()]) {
      await call(service, caller, 'GET', `/api/payments/estimates/${draft.id}`, undefined, 404);
      await approve(caller, draft.id, { signerName: 'Mallory', signature: png }, 404);
    }
    // Another technician's job is a 404; to another customer the visit simply has no estimates, as one not yet heard of.
    await call(service, otherTech(), 'GET', `/api/payments/estimates?appointmentId=${id}`, undefined, 404);
    for (const appointmentId of [id, 2147483647]) expect((await call<EstimateListResponse>(service, stranger(), 'GET', `/api/payments/estimates?appointmentId=${appointmentId}`)).items).toEqual([]);
    await call(service, otherTech(), 'PUT', `/api/payments/estimates/${draft.id}/lines`, { lines: [] }, 404);
    await call(service, customer(), 'PUT', `/api/payments/estimates/${draft.id}/lines`, { lines: [] }, 403);
    await call(service, undefined, 'POST', `/api/payments/estimates/${draft.id}/approve`, { nonsense: true }, 401);
    // A visit reassigned to another technician is theirs now.
    await hearAppointment(service, appointmentEvent(id, 41, { technicianId: 'tech_sara', version: 2, change: 'assigned' }));
    await call(service, tech(), 'GET', `/api/payments/estimates/${draft.id}`, undefined, 404);
    await call(service, otherTech(), 'GET', `/api/payments/estimates/${draft.id}`);
  });
});

describe('the customer’s answer', () => {
  it('records time, typed name and the drawn signature; a second approval is a 409', async () => {
    const id = await assignedVisit();
    const estimate = await presentedEstimate(id);
    expect(estimate.status).toBe('sent');
    const approved = await approve(tech(), estimate.id, { signerName: '  Pat Homeowner ', signature: png });
    expect(approved.status).toBe('approved');
    expect(approved.decision).toMatchObject({ outcome: 'approved', signerName: 'Pat Homeowner', signature: png, recordedBy: 'technician' });
    expect(Date.parse(approved.decision!.at)).toBeGreaterThan(Date.now() - 60_000);
    const twice = await approve(customer(), estimate.id, { signerName: 'Pat Homeowner', signature: png }, 409) as unknown as { error: { message: string } };
    expect(twice.error.message).toBe(estimateMessages.alreadyDecided('approved'));
    const declineAfter = await call<{ error: { message: string } }>(service, customer(), 'POST', `/api/payments/estimates/${estimate.id}/decline`, { signerName: 'Pat' }, 409);
    expect(declineAfter.error.message).toBe(estimateMessages.alreadyDecided('approved'));
    // Approved lines cannot change.
    await call(service, tech(), 'PUT', `/api/payments/estimates/${estimate.id}/lines`, { lines: [] }, 409);
  });

  it('declines with a name; a declined estimate cannot be approved', async () => {
    const id = await assignedVisit();
    const estimate = await presentedEstimate(id);
    const declined = await call<Estimate>(service, customer(), 'POST', `/api/payments/estimates/${estimate.id}/decline`, { signerName: 'Pat Homeowner' });
    expect(declined.decision).toMatchObject({ outcome: 'declined', signerName: 'Pat Homeowner', signature: null, recordedBy: 'customer' });
    const refused = await approve(tech(), estimate.id, { signerName: 'Pat', signature: png }, 409) as unknown as { error: { message: string } };
    expect(refused.error.message).toBe(estimateMessages.alreadyDecided('declined'));
  });

  it('needs a drawn PNG within the size cap (400 naming the field); the remote customer may approve by typed name', async () => {
    const id = await assignedVisit();
    const estimate = await presentedEstimate(id);
    const tooBig = `data:image/png;base64,${'A'.repeat(Math.ceil((maxSignatureBytes * 4) / 3) + 8)}`;
    const cases: [object, string, string][] = [
      [{ signerName: '', signature: png }, 'signerName', estimateMessages.signerName],
      [{ signerName: 'x'.repeat(101), signature: png }, 'signerName', estimateMessages.signerName],
      [{ signerName: 'Pat', signature: 'data:image/jpeg;base64,/9j/4AAQ' }, 'signature', estimateMessages.signature],
      [{ signerName: 'Pat', signature: 'not a data url' }, 'signature', estimateMessages.signature],
      [{ signerName: 'Pat', signature: tooBig }, 'signature', estimateMessages.signature],
      [{ signerName: 'Pat', signature: notPng }, 'signature', estimateMessages.signature],
      // On the technician's phone a drawing is required.
      [{ signerName: 'Pat' }, 'signature', estimateMessages.signatureRequired],
    ];
    for (const [body, field, message] of cases) {
      const error = await approve(tech(), estimate.id, body, 400) as unknown as { error: { fields: Record<string, string> } };
      expect(error.error.fields[field], JSON.stringify(body).slice(0, 80)).toBe(message);
    }
    expect((await call<Estimate>(service, tech(), 'GET', `/api/payments/estimates/${estimate.id}`)).status).toBe('sent');
    const remote = await approve(customer(), estimate.id, { signerName: 'Pat Homeowner' });
    expect(remote.decision).toMatchObject({ outcome: 'approved', signature: null, recordedBy: 'customer' });
  });

  it('changing a presented estimate replaces it: a new version, and the old one can no longer be approved', async () => {
    const id = await assignedVisit();
    const first = await presentedEstimate(id);
    const second = await call<Estimate>(service, tech(), 'PUT', `/api/payments/estimates/${first.id}/lines`, { lines: [{ priceBookItemId: gasket.id, quantity: 1 }] });
    expect(second).toMatchObject({ version: 2, status: 'draft', subtotalCents: 11_850, taxCents: 770 });
    expect(second.id).not.toBe(first.id);
    const old = await call<Estimate>(service, staff(), 'GET', `/api/payments/estimates/${first.id}`);
    expect(old).toMatchObject({ status: 'replaced', replacedById: second.id, subtotalCents: first.subtotalCents });
    const refused = await approve(customer(), first.id, { signerName: 'Pat', signature: png }, 409) as unknown as { error: { message: string } };
    expect(refused.error.message).toBe(estimateMessages.replaced);
    await call(service, tech(), 'PUT', `/api/payments/estimates/${first.id}/lines`, { lines: [] }, 409);
    // A draft cannot be approved before it is presented.
    const early = await approve(tech(), second.id, { signerName: 'Pat', signature: png }, 409) as unknown as { error: { message: string } };
    expect(early.error.message).toBe(estimateMessages.notPresented);
    await present(tech(), second.id);
    expect((await approve(tech(), second.id, { signerName: 'Pat', signature: png })).status).toBe('approved');
    const list = await call<EstimateListResponse>(service, customer(), 'GET', `/api/payments/estimates?appointmentId=${id}`);
    expect(list.items.map((item) => [item.version, item.status])).toEqual([[2, 'approved'], [1, 'replaced']]);
  });
});

describe('the invoice from an approved estimate', () => {
  it('is made once, with the approved lines and totals, even when two presses race', async () => {
    const id = await assignedVisit();
    const estimate = await presentedEstimate(id);
    await call(service, tech(), 'POST', `/api/payments/estimates/${estimate.id}/invoice`, undefined, 409);
    await approve(tech(), estimate.id, { signerName: 'Pat Homeowner', signature: png });
    await call(service, customer(), 'POST', `/api/payments/estimates/${estimate.id}/invoice`, undefined, 403);
    await call(service, otherTech(), 'POST', `/api/payments/estimates/${estimate.id}/invoice`, undefined, 404);

    const presses = await Promise.all(
      [tech(), staff(), tech()].map((caller) => service.app.inject({ method: 'POST', url: `/api/payments/estimates/${estimate.id}/invoice`, headers: caller })),
    );
    expect(presses.map((press) => press.statusCode).sort()).toEqual([200, 200, 201]);
    const answers = presses.map((press) => press.json<EstimateInvoiceResponse>());
    expect(new Set(answers.map((answer) => answer.invoiceId)).size).toBe(1);
    const again = await call<EstimateInvoiceResponse>(service, staff(), 'POST', `/api/payments/estimates/${estimate.id}/invoice`);
    expect(again).toEqual({ invoiceId: answers[0]!.invoiceId, number: answers[0]!.number, created: false });

    const invoice = await call<Invoice>(service, staff(), 'GET', `/api/payments/invoices/${again.invoiceId}`);
    expect(invoice).toMatchObject({ status: 'draft', appointmentId: id, subtotalCents: estimate.subtotalCents, taxCents: estimate.taxCents, totalCents: estimate.totalCents });
    expect(invoice.lines.map((line) => [line.description, line.quantity, line.unitPriceCents])).toEqual(estimate.lines.map((line) => [line.description, line.quantity, line.unitPriceCents]));
    const list = await call<{ items: { id: number }[]; total: number }>(service, staff(), 'GET', `/api/payments/invoices?appointmentId=${id}`);
    expect(list.total).toBe(1);
    expect((await call<Estimate>(service, tech(), 'GET', `/api/payments/estimates/${estimate.id}`)).invoiceNumber).toBe(again.number);
  });

  it('is made when booking says the visit is completed, and not again when someone presses the button', async () => {
    const id = await assignedVisit();
    const estimate = await presentedEstimate(id);
    await approve(tech(), estimate.id, { signerName: 'Pat Homeowner', signature: png });
    const completed = appointmentEvent(id, 41, { technicianId: 'tech_mike', version: 3, status: 'completed', change: 'completed' });
    await hearAppointment(service, completed);
    await hearAppointment(service, completed);
    const made = await call<Estimate>(service, staff(), 'GET', `/api/payments/estimates/${estimate.id}`);
    expect(made.invoiceId).not.toBeNull();
    const pressed = await call<EstimateInvoiceResponse>(service, tech(), 'POST', `/api/payments/estimates/${estimate.id}/invoice`);
    expect(pressed).toMatchObject({ invoiceId: made.invoiceId, created: false });
    const list = await call<{ total: number }>(service, staff(), 'GET', `/api/payments/invoices?appointmentId=${id}`);
    expect(list.total).toBe(1);
  });
});

describe('the estimate as a PDF', () => {
  const download = (id: number, headers: Record<string, string> = {}) => service.app.inject({ method: 'GET', url: `/api/payments/estimates/${id}/pdf`, headers });
  const manageLink = (appointmentId: number) => ({ [appointmentAccessHeader]: signTestAppointmentLink(appointmentId, 'manage') });

  it('shows the business, the lines, taxes, total and the signed approval, to the customer (signed in or by the manage link) and staff', async () => {
    const id = await assignedVisit();
    const estimate = await presentedEstimate(id);
    await approve(tech(), estimate.id, { signerName: 'Pat Homeowner', signature: png });
    for (const caller of [customer(), staff(), tech(), manageLink(id)]) {
      const response = await download(estimate.id, caller);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="estimate-${estimate.id}.pdf"`);
    }
    const text = await pdfText((await download(estimate.id, customer())).rawPayload);
    for (const expected of [
      'St Augustine Appliance Repair', '3040 US Highway 1 South, St Augustine, FL 32086', '(904) 802-1998', `Estimate ${estimate.id}`, 'Status: Approved',
      'Pat Homeowner', 'Door gasket (taxable)', '$118.50', '$237.00', 'Labour (hour)', '$95.00', 'Subtotal', '$332.00',
      'Sales tax (FL 6% + St Johns County 0.5%)', '$15.41', 'Total', '$347.41', "Approved by Pat Homeowner on", "on the technician's phone", 'Signature:',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('says a declined estimate was declined, by whom', async () => {
    const id = await assignedVisit();
    const estimate = await presentedEstimate(id);
    await call(service, customer(), 'POST', `/api/payments/estimates/${estimate.id}/decline`, { signerName: 'Pat Homeowner' });
    const text = await pdfText((await download(estimate.id, staff())).rawPayload);
    expect(text).toContain('Status: Declined');
    expect(text).toMatch(/Declined by Pat Homeowner on .+, online\./);
    expect(text).not.toContain('Signature:');
  });

  it("lists the visit's estimates for its appointment page: presented ones to its customer and the manage link, all to staff; 404 to anyone else", async () => {
    const id = await assignedVisit();
    const presented = await presentedEstimate(id);
    const draft = await call<Estimate>(service, tech(), 'PUT', `/api/payments/estimates/${presented.id}/lines`, { lines: [{ description: 'Labour (hour)', quantity: 2, unitPriceCents: 9_500, taxable: false }] });
    expect(draft.status).toBe('draft');
    const page = (headers: Record<string, string> = {}, appointmentId = id) => service.app.inject({ method: 'GET', url: `/api/payments/appointments/${appointmentId}/estimates`, headers });
    for (const caller of [customer(), manageLink(id)]) {
      const answer = await page(caller);
      expect(answer.statusCode, answer.body).toBe(200);
      expect((answer.json() as EstimateListResponse).items.map((item) => [item.id, item.status])).toEqual([[presented.id, 'replaced']]);
    }
    expect((( await page(staff())).json() as EstimateListResponse).items.map((item) => item.status)).toEqual(['draft', 'replaced']);
    const unknownVisit = 2_000_000_000;
    for (const [caller, appointmentId] of [[stranger(), id], [otherTech(), id], [manageLink(unknownVisit - 1), id], [manageLink(unknownVisit - 1), unknownVisit], [customer(), unknownVisit]] as const) {
      const refused = await page(caller, appointmentId);
      expectApiError(refused, 404, 'NOT_FOUND');
      expect(refused.json().error.message).toBe(estimateMessages.appointmentNotFound);
    }
    // A visit booked a moment ago, not yet known here: its own link finds nothing to show rather than a 404.
    expect((await page(manageLink(unknownVisit), unknownVisit)).json()).toEqual({ items: [] });
    expectApiError(await page({ [appointmentAccessHeader]: signTestAppointmentLink(id, 'track') }), 403, 'FORBIDDEN');
    expectApiError(await page(), 401, 'UNAUTHORIZED');
  });

  it("is answered through the visit's manage link, by typed name, as its customer; another visit's link, a tracking link and a draft are refused", async () => {
    const id = await assignedVisit();
    const estimate = await presentedEstimate(id);
    const other = await assignedVisit();
    const answer = (estimateId: number, outcome: 'approve' | 'decline', headers: Record<string, string>) =>
      service.app.inject({ method: 'POST', url: `/api/payments/estimates/${estimateId}/${outcome}`, headers, payload: { signerName: 'Pat Homeowner' } });
    expectApiError(await answer(estimate.id, 'approve', manageLink(other)), 404, 'NOT_FOUND');
    expectApiError(await answer(estimate.id, 'approve', { [appointmentAccessHeader]: signTestAppointmentLink(id, 'track') }), 403, 'FORBIDDEN');
    expectApiError(await answer(estimate.id, 'approve', { [appointmentAccessHeader]: 'not-a-link' }), 401, 'UNAUTHORIZED');
    const draft = await create(tech(), other, [{ description: 'Labour (hour)', quantity: 1, unitPriceCents: 9_500, taxable: false }]);
    expectApiError(await answer(draft.id, 'approve', manageLink(other)), 404, 'NOT_FOUND');

    const approved = await answer(estimate.id, 'approve', manageLink(id));
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as Estimate).decision).toMatchObject({ outcome: 'approved', signerName: 'Pat Homeowner', recordedBy: 'customer', signature: null });
    // Once: a second answer, by any way in, is a 409 that says why.
    expectApiError(await answer(estimate.id, 'decline', manageLink(id)), 409, 'CONFLICT');
  });

  it("is a 404 for another customer, another visit's link, another technician, and a customer's draft; 401 without a session", async () => {
    const id = await assignedVisit();
    const estimate = await presentedEstimate(id);
    const other = await assignedVisit();
    for (const caller of [stranger(), otherTech(), manageLink(other)]) expectApiError(await download(estimate.id, caller), 404, 'NOT_FOUND');
    expectApiError(await download(estimate.id), 401, 'UNAUTHORIZED');
    expectApiError(await download(estimate.id, { [appointmentAccessHeader]: 'not-a-link' }), 401, 'UNAUTHORIZED');
    const draft = await create(tech(), other, [{ description: 'Labour (hour)', quantity: 1, unitPriceCents: 9_500, taxable: false }]);
    expectApiError(await download(draft.id, customer()), 404, 'NOT_FOUND');
    expectApiError(await download(draft.id, manageLink(other)), 404, 'NOT_FOUND');
    expect((await download(draft.id, tech())).statusCode).toBe(200);
    expectApiError(await download(2_147_483_647, staff()), 404, 'NOT_FOUND');
    expectApiError(await download(0, staff()), 400, 'VALIDATION_ERROR');
  });
});
