import {
  createInvoiceRequestSchema,
  idParamsSchema,
  idempotencyKeyHeaderSchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceSchema,
  payInvoiceRequestSchema,
  payInvoiceResponseSchema,
  refundRequestSchema,
  updateInvoiceLinesRequestSchema,
  voidInvoiceRequestSchema,
} from '@repo/contracts';
import { z } from 'zod';
import { errorResponses, linkTokenOf, type ServiceApp } from '@repo/service-kit';
import type { FastifyRequest } from 'fastify';
import { randomIdempotencyKey } from '../domain/provider.ts';
import type { PaymentsEnv } from '../env.ts';
import type { PaymentsContext } from '../use-cases/context.ts';
import { createInvoice } from '../use-cases/create-invoice.ts';
import { getInvoice, type InvoiceCaller, type SessionCaller } from '../use-cases/get-invoice.ts';
import { invoicePdf } from '../use-cases/invoice-pdf.ts';
import { listInvoices } from '../use-cases/list-invoices.ts';
import { payInvoice } from '../use-cases/pay-invoice.ts';
import { refundInvoicePayment } from '../use-cases/refund-invoice-payment.ts';
import { sendInvoice } from '../use-cases/send-invoice.ts';
import { updateInvoiceLines } from '../use-cases/update-invoice-lines.ts';
import { voidInvoice } from '../use-cases/void-invoice.ts';

/** The signed-in caller as the invoice use cases judge access (the route's onRequest made sure there is one). */
const sessionCaller = (request: FastifyRequest): SessionCaller => ({ role: request.session!.role, customerId: request.session!.customerId ?? null });

/** The caller of a route an invoice's link opens: the link's key when one is sent (the session beside it is ignored), else the session. */
function invoiceCaller(request: FastifyRequest): InvoiceCaller {
  const accessKey = linkTokenOf(request, 'invoiceLink');
  return accessKey === undefined ? sessionCaller(request) : { role: null, customerId: null, accessKey };
}

/**
 * Invoices. Staff and administrators make, change, send, void and refund them; the customer whose appointment an
 * invoice is for sees it (once sent) and pays it, signed in or through the link its email carries. Access is checked
 * onRequest, before the body is read.
 */
export async function invoiceRoutes(app: ServiceApp, { ctx, env }: { ctx: PaymentsContext; env: PaymentsEnv }) {
  const staff = app.requireRole('staff', 'admin');
  const staffOrCustomer = app.requireRole('customer', 'staff', 'admin');
  // The invoice's own pages: its customer and staff signed in, or anyone holding its emailed link.
  const seesInvoice = app.sessionOrLink(['customer', 'staff', 'admin'], { link: 'invoiceLink' });
  const providerErrors = ctx.provider.name === 'stripe' ? errorResponses(400, 404, 409, 503) : errorResponses(400, 404, 409);

  app.get('/api/payments/invoices', {
    onRequest: staffOrCustomer,
    schema: {
      tags: ['invoices'],
      summary: 'Invoices, newest first: every one for staff, a customer their own sent invoices',
      querystring: invoiceListQuerySchema,
      response: { 200: invoiceListResponseSchema },
    },
  }, async (request) => listInvoices(ctx, sessionCaller(request), request.query));

  app.post('/api/payments/invoices', {
    onRequest: staff,
    schema: {
      tags: ['invoices'],
      summary: 'Make a draft invoice for an appointment',
      body: createInvoiceRequestSchema,
      response: { 201: invoiceSchema, ...errorResponses(404) },
    },
  }, async (request, reply) => reply.code(201).send(await createInvoice(ctx, request.body)));

  app.get('/api/payments/invoices/:id', {
    onRequest: seesInvoice,
    schema: { tags: ['invoices'], summary: 'One invoice with its lines, payments and refunds', params: idParamsSchema, response: { 200: invoiceSchema, ...errorResponses(404) } },
  }, async (request) => getInvoice(ctx, request.params.id, invoiceCaller(request)));

  for (const document of ['invoice', 'receipt'] as const) {
    app.get(document === 'invoice' ? '/api/payments/invoices/:id/pdf' : '/api/payments/invoices/:id/receipt', {
      onRequest: seesInvoice,
      schema: {
        tags: ['invoices'],
        summary: document === 'invoice' ? 'The invoice as a PDF' : 'The receipt of what was paid, as a PDF',
        params: idParamsSchema,
        // A Buffer with a non-JSON content type is sent as it is, never serialised.
        response: { 200: z.any().describe('The PDF (application/pdf)'), ...(document === 'invoice' ? errorResponses(404) : errorResponses(404, 409)) },
      },
    }, async (request, reply) => {
      const { number, pdf } = await invoicePdf(ctx, request.params.id, invoiceCaller(request), document);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${document === 'invoice' ? number : `receipt-${number}`}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });
  }

  app.put('/api/payments/invoices/:id/lines', {
    onRequest: staff,
    schema: {
      tags: ['invoices'],
      summary: 'Replace the lines of a draft, or of a sent invoice nothing was paid on',
      params: idParamsSchema,
      body: updateInvoiceLinesRequestSchema,
      response: { 200: invoiceSchema, ...errorResponses(404, 409) },
    },
  }, async (request) => updateInvoiceLines(ctx, request.params.id, request.body));

  app.post('/api/payments/invoices/:id/send', {
    onRequest: staff,
    // No body, or an empty one: a body with anything in it is refused before anything is sent.
    schema: { tags: ['invoices'], summary: 'Send a draft: the customer sees it and it falls due', params: idParamsSchema, body: z.object({}).strict().nullish(), response: { 200: invoiceSchema, ...errorResponses(404, 409) } },
  }, async (request) => sendInvoice(ctx, request.params.id));

  app.post('/api/payments/invoices/:id/void', {
    onRequest: staff,
    schema: {
      tags: ['invoices'],
      summary: 'Void an invoice with a reason',
      description: 'An invoice still holding money is refused (409): refund its payments first.',
      params: idParamsSchema,
      body: voidInvoiceRequestSchema,
      response: { 200: invoiceSchema, ...errorResponses(404, 409) },
    },
  }, async (request) => voidInvoice(ctx, request.params.id, request.body.reason));

  app.post('/api/payments/invoices/:id/refunds', {
    onRequest: staff,
    schema: {
      tags: ['invoices'],
      summary: 'Refund all or part of one of the invoice\u2019s payments through the provider',
      params: idParamsSchema,
      body: refundRequestSchema,
      response: { 200: invoiceSchema, ...errorResponses(404, 409) },
    },
  }, async (request) =>
    refundInvoicePayment(ctx, request.params.id, request.body, request.session!.email ?? request.session!.sub, (err) =>
      request.log.warn({ err }, 'The refund could not be given now; its job will retry')));

  app.post('/api/payments/invoices/:id/pay', {
    onRequest: app.sessionOrLink(['customer'], { link: 'invoiceLink' }),
    config: { rateLimit: { max: env.PAYMENT_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
    schema: {
      tags: ['invoices'],
      summary: 'Start paying the invoice: an intent for exactly its balance, made by the server',
      description: 'An amount may be named only where part payments are allowed (INVOICE_PARTIAL_PAYMENTS), at most the balance.',
      params: idParamsSchema,
      headers: idempotencyKeyHeaderSchema,
      body: payInvoiceRequestSchema.optional(),
      response: { 200: payInvoiceResponseSchema, ...providerErrors },
    },
  }, async (request) =>
    payInvoice(ctx, request.params.id, invoiceCaller(request), {
      amountCents: request.body?.amountCents,
      idempotencyKey: request.headers['idempotency-key'] ?? randomIdempotencyKey(),
    }));
}
