import { demoConfirmRequestSchema, demoConfirmResponseSchema } from '@repo/contracts';
import { errorResponses, type ServiceApp } from '@repo/service-kit';
import type { DemoProvider } from '../domain/provider.ts';
import type { PaymentsEnv } from '../env.ts';
import { confirmDemoPayment } from '../use-cases/confirm-demo-payment.ts';
import type { PaymentsContext } from '../use-cases/context.ts';

/** Registered only without Stripe keys, so with Stripe configured this path is a 404. */
export async function demoRoutes(app: ServiceApp, { ctx, env }: { ctx: PaymentsContext<DemoProvider>; env: PaymentsEnv }) {
  app.post('/api/payments/demo/confirm', {
    config: { rateLimit: { max: env.PAYMENT_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
    schema: {
      tags: ['payments'],
      summary: 'Demo mode only: pay a demo intent with a test card (no card is charged)',
      body: demoConfirmRequestSchema,
      description: 'A declined test card is an answer (the payment shows failed); a payment already made or canceled is a 409.',
      response: { 200: demoConfirmResponseSchema, ...errorResponses(404, 409) },
    },
  }, async (request) => confirmDemoPayment(ctx, request.body));
}
