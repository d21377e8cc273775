import { serviceSystemListSchema } from '@repo/contracts';
import type { ServiceApp } from '@repo/service-kit';
import type { BookingContext } from '../use-cases/context.ts';
import { listServiceSystems } from '../use-cases/list-service-systems.ts';

/** The field-service systems the business has connected, which the portal offers for bringing in past visits (public). */
export async function serviceSystemRoutes(app: ServiceApp, { ctx }: { ctx: BookingContext }) {
  app.get('/api/service-systems', {
    schema: { tags: ['service-systems'], summary: 'The field-service systems a customer can bring in past visits from', response: { 200: serviceSystemListSchema } },
  }, async () => listServiceSystems(ctx));
}
