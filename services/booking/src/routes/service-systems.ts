import { serviceSystemListSchema } from '@repo/contracts';
import type { ServiceApp } from '@repo/service-kit';
import type { BookingContext } from '../use-cases/context.ts';
import { listServiceSystems } from '../use-cases/list-service-systems.ts';

/** The field-service systems the portal offers for a customer's history import (public: no credential is in it). */
export async function serviceSystemRoutes(app: ServiceApp, { ctx }: { ctx: BookingContext }) {
  app.get('/api/service-systems', {
    schema: { tags: ['service-systems'], summary: 'The field-service systems a customer can import history from', response: { 200: serviceSystemListSchema } },
  }, async () => listServiceSystems(ctx));
}
