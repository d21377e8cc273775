import { z } from 'zod';
import { idParamsSchema, priceBookItemInputSchema, priceBookItemSchema, priceBookListQuerySchema, priceBookListResponseSchema } from '@repo/contracts';
import { errorResponses, type ServiceApp } from '@repo/service-kit';
import type { PaymentsContext } from '../use-cases/context.ts';
import { deletePriceBookItem } from '../use-cases/delete-price-book-item.ts';
import { listPriceBook } from '../use-cases/list-price-book.ts';
import { savePriceBookItem } from '../use-cases/save-price-book-item.ts';

/** The price book: what staff bill, in cents. Staff and administrators change it; technicians also read it (to build estimates). */
export async function priceBookRoutes(app: ServiceApp, { ctx }: { ctx: PaymentsContext }) {
  const staff = app.requireRole('staff', 'admin');

  app.get('/api/payments/price-book', {
    onRequest: app.requireRole('staff', 'admin', 'technician'),
    schema: { tags: ['invoices'], summary: 'Price book items, services first, each by name', querystring: priceBookListQuerySchema, response: { 200: priceBookListResponseSchema } },
  }, async (request) => listPriceBook(ctx, { activeOnly: request.query.active === 'true' }));

  app.post('/api/payments/price-book', {
    onRequest: staff,
    schema: { tags: ['invoices'], summary: 'Add a price book item', body: priceBookItemInputSchema, response: { 201: priceBookItemSchema } },
  }, async (request, reply) => reply.code(201).send(await savePriceBookItem(ctx, undefined, request.body)));

  app.put('/api/payments/price-book/:id', {
    onRequest: staff,
    schema: {
      tags: ['invoices'],
      summary: 'Change a price book item',
      description: 'Invoices keep the copy of the item their lines took.',
      params: idParamsSchema,
      body: priceBookItemInputSchema,
      response: { 200: priceBookItemSchema, ...errorResponses(404) },
    },
  }, async (request) => savePriceBookItem(ctx, request.params.id, request.body));

  app.delete('/api/payments/price-book/:id', {
    onRequest: staff,
    // No body, or an empty one: a body with anything in it is refused before anything is removed.
    schema: { tags: ['invoices'], summary: 'Remove a price book item', params: idParamsSchema, body: z.object({}).strict().nullish(), response: { 204: z.null(), ...errorResponses(404) } },
  }, async (request, reply) => {
    await deletePriceBookItem(ctx, request.params.id);
    return reply.code(204).send(null);
  });
}
