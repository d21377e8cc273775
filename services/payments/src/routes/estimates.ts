import {
  appointmentPageMessages,
  createEstimateRequestSchema,
  estimateMessages,
  estimateDecisionRequestSchema,
  estimateInvoiceResponseSchema,
  estimateListQuerySchema,
  estimateListResponseSchema,
  estimateSchema,
  idParamsSchema,
  updateEstimateLinesRequestSchema,
} from '@repo/contracts';
import { z } from 'zod';
import { appointmentLinkOf, checkAppointmentLink, errorResponses, forbidden, unauthorized, type AppointmentLinkReader, type ServiceApp } from '@repo/service-kit';
import type { FastifyRequest } from 'fastify';
import type { PaymentsContext } from '../use-cases/context.ts';
import { decideEstimate } from '../use-cases/decide-estimate.ts';
import { estimateDetail, estimateForCaller, estimatesOfPage, estimatesOfVisit, type EstimateCaller, type EstimatePageCaller } from '../use-cases/estimate-access.ts';
import { estimatePdf } from '../use-cases/estimate-pdf.ts';
import { invoiceFromEstimate } from '../use-cases/invoice-from-estimate.ts';
import { createEstimate, presentEstimate, updateEstimateLines } from '../use-cases/save-estimate.ts';

const estimateCaller = (request: FastifyRequest): EstimateCaller => ({
  role: request.session!.role,
  customerId: request.session!.customerId ?? null,
  technicianId: request.session!.role === 'technician' ? (request.session!.technicianId ?? null) : null,
});

/**
 * Estimates. Staff and the visit's technician build, present and invoice them; the technician's phone (the customer
 * signing on it), the signed-in customer who owns the visit, or the office record the customer's answer. Anyone else
 * meets a 404, checked before the body is read.
 */
export async function estimateRoutes(app: ServiceApp, { ctx, readLink }: { ctx: PaymentsContext; readLink: AppointmentLinkReader | undefined }) {
  const signedIn = app.requireRole('customer', 'technician', 'staff', 'admin');
  /**
   * The caller of the appointment page's estimate routes: the appointment link when one is sent (the session beside it
   * is ignored), else the session. A link opens its own visit only, until a day after the visit (manage links only).
   */
  const pageCaller = (request: FastifyRequest, notFoundMessage: string): EstimatePageCaller => {
    const token = appointmentLinkOf(request);
    if (token === undefined) return { session: estimateCaller(request) };
    return {
      opens: (appointmentId, appointment) => {
        if (!readLink) throw unauthorized('Sign in to see the estimate.');
        // A visit booked a moment ago may not have reached payments yet: its own link opens it (nothing to show) rather
        // than a 404 the page would log; the link's time is judged once payments knows the slot.
        checkAppointmentLink(readLink, token, { appointmentId, slotEndsAt: appointment?.ends_at ?? ctx.now(), now: ctx.now(), scopes: ['manage'], notFoundMessage });
      },
    };
  };
  const seesPage = app.sessionOrLink(['customer', 'technician', 'staff', 'admin']);
  /**
   * Answering through a link needs the visit's manage link, checked before the body is read: a link that is not one of
   * ours is a 401, a tracking link a 403. Which visit it opens, and until when, is judged with the estimate's visit.
   */
  const answersByLink = async (request: FastifyRequest) => {
    const token = appointmentLinkOf(request);
    if (token === undefined) return;
    const claims = readLink?.(token);
    if (!claims) throw unauthorized(appointmentPageMessages.linkExpired);
    if (claims.scope !== 'manage') throw forbidden(appointmentPageMessages.trackOnly);
  };

  app.get('/api/payments/appointments/:id/estimates', {
    onRequest: seesPage,
    schema: {
      tags: ['estimates'],
      summary: 'A visit’s estimates for its appointment page, newest version first',
      description: 'Staff and the visit’s technician see them all; its customer, signed in or with the visit’s manage link, the presented ones. Anyone else: 404.',
      params: idParamsSchema,
      response: { 200: estimateListResponseSchema, ...errorResponses(404) },
    },
  }, async (request) => ({ items: await estimatesOfPage(ctx.db, request.params.id, pageCaller(request, estimateMessages.appointmentNotFound)) }));
  const builders = app.requireRole('technician', 'staff', 'admin');
  const noBody = z.object({}).strict().nullish();

  app.get('/api/payments/estimates', {
    onRequest: signedIn,
    schema: { tags: ['estimates'], summary: 'A visit’s estimates, newest version first', description: 'A customer sees the presented ones of their own visit, and an empty list for any other visit.', querystring: estimateListQuerySchema, response: { 200: estimateListResponseSchema, ...errorResponses(404) } },
  }, async (request) => {
    return { items: await estimatesOfVisit(ctx.db, request.query.appointmentId, estimateCaller(request)) };
  });

  app.get('/api/payments/estimates/:id', {
    onRequest: signedIn,
    schema: { tags: ['estimates'], summary: 'One estimate with its lines, totals and the customer’s answer', params: idParamsSchema, response: { 200: estimateSchema, ...errorResponses(404) } },
  }, async (request) => {
    const { appointment } = await estimateForCaller(ctx.db, request.params.id, estimateCaller(request));
    return estimateDetail(ctx.db, request.params.id, appointment);
  });

  app.get('/api/payments/estimates/:id/pdf', {
    onRequest: seesPage,
    schema: {
      tags: ['estimates'],
      summary: 'The estimate as a PDF, with its lines, taxes, total and the customer’s answer',
      description: 'For staff, the visit’s technician, and its customer (signed in, or with the visit’s manage link) once presented.',
      params: idParamsSchema,
      response: { 200: z.any().describe('The PDF (application/pdf)'), ...errorResponses(404) },
    },
  }, async (request, reply) => {
    const pdf = await estimatePdf(ctx, request.params.id, pageCaller(request, estimateMessages.notFound));
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="estimate-${request.params.id}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  app.post('/api/payments/estimates', {
    onRequest: builders,
    schema: { tags: ['estimates'], summary: 'Start a visit’s estimate (a draft)', body: createEstimateRequestSchema, response: { 201: estimateSchema, ...errorResponses(404, 409) } },
  }, async (request, reply) => reply.code(201).send(await createEstimate(ctx, estimateCaller(request), request.body)));

  app.put('/api/payments/estimates/:id/lines', {
    onRequest: builders,
    schema: {
      tags: ['estimates'],
      summary: 'Change the lines: a draft in place; a presented estimate is replaced by a new draft version',
      params: idParamsSchema,
      body: updateEstimateLinesRequestSchema,
      response: { 200: estimateSchema, ...errorResponses(404, 409) },
    },
  }, async (request) => updateEstimateLines(ctx, estimateCaller(request), request.params.id, request.body));

  app.post('/api/payments/estimates/:id/present', {
    onRequest: builders,
    schema: { tags: ['estimates'], summary: 'Present a draft to the customer', params: idParamsSchema, body: noBody, response: { 200: estimateSchema, ...errorResponses(404, 409) } },
  }, async (request) => presentEstimate(ctx, estimateCaller(request), request.params.id));

  for (const outcome of ['approved', 'declined'] as const) {
    app.post(outcome === 'approved' ? '/api/payments/estimates/:id/approve' : '/api/payments/estimates/:id/decline', {
      onRequest: [seesPage, answersByLink],
      schema: {
        tags: ['estimates'],
        summary: outcome === 'approved' ? 'The customer approves, with their name and drawn signature' : 'The customer declines, with their name',
        description:
          'Signed in, or with the visit’s manage link (its customer, on the appointment page). Once: a decided, replaced or unpresented estimate is a 409. The signature is a PNG data URL of at most 200 kB.',
        params: idParamsSchema,
        body: estimateDecisionRequestSchema,
        response: { 200: estimateSchema, ...errorResponses(400, 404, 409) },
      },
    }, async (request) => decideEstimate(ctx, pageCaller(request, estimateMessages.notFound), request.params.id, outcome, request.body));
  }

  app.post('/api/payments/estimates/:id/invoice', {
    onRequest: builders,
    schema: {
      tags: ['estimates'],
      summary: 'Make the draft invoice of an approved estimate; the same invoice every time',
      params: idParamsSchema,
      body: noBody,
      response: { 200: estimateInvoiceResponseSchema, 201: estimateInvoiceResponseSchema, ...errorResponses(404, 409) },
    },
  }, async (request, reply) => {
    const result = await invoiceFromEstimate(ctx, estimateCaller(request), request.params.id);
    return reply.code(result.created ? 201 : 200).send(result);
  });
}
