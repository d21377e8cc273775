import { appointmentChangedEvent, appointmentChangedTopic, customerDeletionRequestedEffect, customerDeletionRequestedTopic } from '@repo/contracts';
import { appointmentLinkReader, createEffects, createService, effectHandler, effectsReceiver } from '@repo/service-kit';
import { seedWhenReady, type ServiceDefinition } from '@repo/service-kit/main';
import { migrations } from './db/migrations/index.ts';
import type { PaymentsDatabase } from './db/schema.ts';
import { paymentsOutgoing } from './domain/outgoing.ts';
import { demoProvider, type DemoProvider } from './domain/provider.ts';
import { stripeProvider } from './domain/stripe-provider.ts';
import { paymentsEnvSchema, type PaymentsEnv } from './env.ts';
import { paymentsJobs } from './jobs/issue-refund.ts';
import { demoRoutes } from './routes/demo.ts';
import { estimateRoutes } from './routes/estimates.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { paymentRoutes } from './routes/payments.ts';
import { priceBookRoutes } from './routes/price-book.ts';
import { reportRoutes } from './routes/reports.ts';
import { webhookRoutes } from './routes/webhook.ts';
import { seedDemoData } from './seed.ts';
import { applyAppointmentChange } from './use-cases/apply-appointment-change.ts';
import { eraseCustomer } from './use-cases/erase-customer.ts';
import type { InvoiceSettings, PaymentsContext } from './use-cases/context.ts';

export const paymentsService: ServiceDefinition<PaymentsEnv, PaymentsDatabase> = {
  name: 'payments',
  envSchema: paymentsEnvSchema,
  migrations,
  build: async (env, database, runtime) => {
    const app = await createService({ name: 'payments', env, runtime, ready: database.ping, limitsDb: database.db });
    const { db } = database;
    const { now } = runtime;
    // Requires SERVICE_KEY (it signs what payments tells notifications) and notifications' address in PEER_URLS.
    // The refund job reads the context when it runs (the context holds the effects that schedule it).
    const effects = createEffects({ service: 'payments', database, env, outgoing: paymentsOutgoing, jobs: paymentsJobs(() => ctx) });
    await app.register(effects.plugin);
    const invoices: InvoiceSettings = {
      rates: { stateBps: env.INVOICE_STATE_TAX_BPS, surtaxBps: env.INVOICE_SURTAX_BPS, surtaxCapCents: env.INVOICE_SURTAX_CAP_CENTS },
      dueDays: env.INVOICE_DUE_DAYS,
      partialPayments: env.INVOICE_PARTIAL_PAYMENTS === 'true',
    };
    // With a Stripe key the demo provider is never built and its confirm route never registered.
    let ctx: PaymentsContext;
    if (env.STRIPE_SECRET_KEY) {
      ctx = { db, now, effects, invoices, provider: stripeProvider({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL, timeoutMs: env.STRIPE_TIMEOUT_MS, log: app.log }) };
    } else {
      // Keyed by payments' own secret (SERVICE_KEY, which every replica shares and the effects above require).
      const demo: PaymentsContext<DemoProvider> = { db, now, effects, invoices, provider: demoProvider({ secret: env.SERVICE_KEY! }) };
      await app.register(demoRoutes, { ctx: demo, env });
      app.log.info('payments use the demo provider: no card is charged (set STRIPE_SECRET_KEY to take real payments)');
      ctx = demo;
    }
    // Booking's appointments, so an invoice knows its customer, and accounts' deletion requests (requires booking's and
    // accounts' keys in TRUSTED_SERVICE_KEYS).
    await app.register(effectsReceiver<PaymentsDatabase>, {
      service: 'payments',
      db: database.db,
      env,
      handlers: {
        [appointmentChangedTopic]: effectHandler({ from: ['booking'], schema: appointmentChangedEvent, apply: (trx, event) => applyAppointmentChange(trx, event, now()) }),
        [customerDeletionRequestedTopic]: effectHandler({ from: ['accounts'], schema: customerDeletionRequestedEffect, apply: (trx, request) => eraseCustomer(trx, effects, request) }),
      },
    });
    await app.register(paymentRoutes, { ctx, env });
    await app.register(priceBookRoutes, { ctx });
    await app.register(reportRoutes, { ctx });
    await app.register(invoiceRoutes, { ctx, env });
    await app.register(estimateRoutes, { ctx, readLink: env.LINK_PUBLIC_KEY ? appointmentLinkReader(env.LINK_PUBLIC_KEY) : undefined });
    seedWhenReady(app, env, () => seedDemoData(ctx));
    if (env.STRIPE_WEBHOOK_SECRET) await app.register(webhookRoutes, { ctx, secret: env.STRIPE_WEBHOOK_SECRET });
    return app;
  },
};
