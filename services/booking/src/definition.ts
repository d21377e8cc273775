import {
  appointmentCompletedEffect,
  appointmentCompletedTopic,
  customerEmailProvenEffect,
  customerEmailProvenTopic,
  customerTextReplyEffect,
  customerTextReplyTopic,
  demoCustomerSeededEffect,
  demoCustomerSeededTopic,
  technicianChangedEffect,
  serviceSystemIds,
  technicianChangedTopic,
  visitProgressedEffect,
  visitProgressedTopic,
  type ServiceSystemId,
} from '@repo/contracts';
import { createConnector, createJobberConnector, serverCredentials, systemUrls } from '@repo/field-service';
import { createEffects, createService, effectHandler, effectsReceiver } from '@repo/service-kit';
import { seedWhenReady, type ServiceDefinition } from '@repo/service-kit/main';
import type { BookingDatabase } from './db/schema.ts';
import { jobberTokensFromAccounts } from './domain/jobber-tokens-from-accounts.ts';
import { migrations } from './db/migrations/index.ts';
import { bookingEnvSchema, type BookingEnv } from './env.ts';
import { appointmentLinks } from './domain/appointment-links.ts';
import { bookingOutgoing } from './domain/dispatch.ts';
import { appointmentPageRoutes } from './routes/appointment-page.ts';
import { appointmentRoutes } from './routes/appointments.ts';
import { closureRoutes } from './routes/closures.ts';
import { reportRoutes } from './routes/reports.ts';
import { customerRoutes } from './routes/customer.ts';
import { serviceSystemRoutes } from './routes/service-systems.ts';
import { assignDemoVisit, seedDemoData } from './seed.ts';
import { completeAppointment } from './use-cases/complete-appointment.ts';
import { hearVisitProgress } from './use-cases/hear-visit-progress.ts';
import { bookingContext } from './use-cases/context.ts';
import { hearCustomerTextReply } from './use-cases/hear-customer-text-reply.ts';
import { linkGuestBookings } from './use-cases/link-guest-bookings.ts';
import { recordTechnician } from './use-cases/record-technician.ts';

export const bookingService: ServiceDefinition<BookingEnv, BookingDatabase> = {
  name: 'booking',
  envSchema: bookingEnvSchema,
  migrations,
  build: async (env, database, runtime) => {
    const app = await createService({ name: 'booking', env, runtime, ready: database.ping, limitsDb: database.db });
    const links = appointmentLinks(env.LINK_PRIVATE_KEY);
    const effects = createEffects({ service: 'booking', database, env, outgoing: bookingOutgoing });
    await app.register(effects.plugin);
    const urls = systemUrls(env);
    const fieldService = {
      connected: serviceSystemIds.filter((system) => serverCredentials(env, system).missing.length === 0),
      connect: (system: ServiceSystemId) => {
        const options = { timeoutMs: env.FIELD_SERVICE_TIMEOUT_MS };
        // Jobber rotates its refresh token at each renewal, and accounts keeps the current one in its database: were
        // booking to renew with the environment's copy, it would rotate accounts' token out (or be refused). Booking
        // asks accounts for the access token instead (and for a renewal after a 401).
        if (system === 'jobber' && env.SERVICE_KEY && env.PEER_URLS?.accounts) {
          const tokens = jobberTokensFromAccounts({ service: 'booking', key: env.SERVICE_KEY, accountsUrl: env.PEER_URLS.accounts, timeoutMs: env.FIELD_SERVICE_TIMEOUT_MS });
          return createJobberConnector({ apiKey: '', tokens }, urls.jobber, options);
        }
        const { credentials } = serverCredentials(env, system);
        const { clientId: _clientId, clientSecret: _clientSecret, refreshToken: _refreshToken, ...withoutRenewal } = credentials;
        return createConnector(system, system === 'jobber' ? withoutRenewal : credentials, urls, options);
      },
    };
    const ctx = bookingContext({ db: database.db, rules: env, now: runtime.now, links, effects, fieldService });
    await app.register(appointmentRoutes, { ctx, env });
    await app.register(closureRoutes, { ctx });
    await app.register(reportRoutes, { ctx });
    await app.register(customerRoutes, { ctx });
    await app.register(serviceSystemRoutes, { ctx });
    await app.register(appointmentPageRoutes, { ctx });
    await app.register(effectsReceiver<BookingDatabase>, {
      service: 'booking',
      db: database.db,
      env,
      handlers: {
        [technicianChangedTopic]: effectHandler({
          from: ['tracking'],
          schema: technicianChangedEffect,
          apply: async (trx, technician) => {
            const first = await recordTechnician(trx, technician);
            // The demo visit waits for its technician to be known here (see `assignDemoVisit`).
            if (first && env.SEED_DEMO === 'true') await assignDemoVisit(ctx, trx, technician.id);
          },
        }),
        [appointmentCompletedTopic]: effectHandler({ from: ['tracking'], schema: appointmentCompletedEffect, apply: (trx, payload) => completeAppointment(ctx, trx, payload) }),
        [visitProgressedTopic]: effectHandler({ from: ['tracking'], schema: visitProgressedEffect, apply: hearVisitProgress }),
        [customerEmailProvenTopic]: effectHandler({ from: ['accounts'], schema: customerEmailProvenEffect, apply: (trx, payload) => linkGuestBookings(ctx, trx, payload) }),
        [customerTextReplyTopic]: effectHandler({ from: ['notifications'], schema: customerTextReplyEffect, apply: (trx, payload) => hearCustomerTextReply(ctx, trx, payload) }),
        // Only demo data is linked to the demo customer, so the topic exists only with it.
        ...(env.SEED_DEMO === 'true'
          ? { [demoCustomerSeededTopic]: effectHandler({ from: ['accounts'], schema: demoCustomerSeededEffect, apply: (trx, payload) => linkGuestBookings(ctx, trx, payload) }) }
          : {}),
      },
    });
    seedWhenReady(app, env, () => seedDemoData(ctx, env));
    return app;
  },
};
