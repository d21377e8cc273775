import {
  appointmentCompletedEffect,
  appointmentCompletedTopic,
  customerDeletionRequestedEffect,
  customerDeletionRequestedTopic,
  customerEmailProvenEffect,
  customerEmailProvenTopic,
  customerTextReplyEffect,
  customerTextReplyTopic,
  demoCustomerSeededEffect,
  demoCustomerSeededTopic,
  technicianChangedEffect,
  technicianChangedTopic,
  visitProgressedEffect,
  visitProgressedTopic,
} from '@repo/contracts';
import { createEffects, createService, effectHandler, effectsReceiver } from '@repo/service-kit';
import { seedWhenReady, type ServiceDefinition } from '@repo/service-kit/main';
import type { BookingDatabase } from './db/schema.ts';
import { fieldServiceFromAccounts } from './domain/field-service-from-accounts.ts';
import { migrations } from './db/migrations/index.ts';
import { bookingEnvSchema, type BookingEnv } from './env.ts';
import { appointmentLinks } from './domain/appointment-links.ts';
import { bookingOutgoing } from './domain/dispatch.ts';
import { appointmentPageRoutes } from './routes/appointment-page.ts';
import { appointmentRoutes } from './routes/appointments.ts';
import { closureRoutes } from './routes/closures.ts';
import { reportRoutes } from './routes/reports.ts';
import { customerRoutes } from './routes/customer.ts';
import { photoRoutes } from './routes/photos.ts';
import { serviceSystemRoutes } from './routes/service-systems.ts';
import { assignDemoVisit, seedDemoData } from './seed.ts';
import { completeAppointment } from './use-cases/complete-appointment.ts';
import type { PhotoContext } from './use-cases/photos.ts';
import { bookingJobs, processPhotoJob } from './jobs/process-photo.ts';
import { quarantineSweep, quarantineSweepJob, type QuarantineContext } from './jobs/quarantine-sweep.ts';
import { photoAddresses } from './domain/photo-addresses.ts';
import { objectStoreFromEnv } from '@repo/object-store';
import { hearVisitProgress } from './use-cases/hear-visit-progress.ts';
import { bookingContext } from './use-cases/context.ts';
import { hearCustomerTextReply } from './use-cases/hear-customer-text-reply.ts';
import { linkGuestBookings } from './use-cases/link-guest-bookings.ts';
import { eraseCustomer } from './use-cases/erase-customer.ts';
import { recordTechnician } from './use-cases/record-technician.ts';

export const bookingService: ServiceDefinition<BookingEnv, BookingDatabase> = {
  name: 'booking',
  envSchema: bookingEnvSchema,
  migrations,
  build: async (env, database, runtime) => {
    const app = await createService({ name: 'booking', env, runtime, ready: database.ping, limitsDb: database.db });
    const links = appointmentLinks(env.LINK_PRIVATE_KEY);
    // Photos: the object store, their viewing addresses and the job that checks an upload (it reads `photos` when it runs).
    const effects = createEffects({ service: 'booking', database, env, outgoing: bookingOutgoing, jobs: bookingJobs(() => photos, () => quarantine) });
    const photos: PhotoContext = {
      db: database.db,
      now: runtime.now,
      store: objectStoreFromEnv(env),
      addresses: photoAddresses(env.LINK_PRIVATE_KEY),
      scheduleCheck: (trx, photoId) => effects.send(trx, processPhotoJob, { photoId }),
    };
    const quarantine: QuarantineContext = {
      ...photos,
      keptHours: env.PHOTO_QUARANTINE_HOURS,
      sendAfter: (trx, seconds) => effects.sendAfter(trx, quarantineSweepJob, {}, seconds),
    };
    await app.register(effects.plugin);
    // After the queue's own onReady (registered above), which starts it: the hourly quarantine sweep's chain exists.
    app.addHook('onReady', async () => quarantineSweep(quarantine).start(database.db));
    // Accounts keeps the field-service connections (the administrator's saved settings, else its environment's; the
    // Jobber tokens) and makes the calls: a customer's past visits are asked of it, signed with SERVICE_KEY.
    const fieldService = fieldServiceFromAccounts({
      service: 'booking',
      key: env.SERVICE_KEY,
      accountsUrl: env.PEER_URLS?.accounts,
      historyTimeoutMs: env.FIELD_SERVICE_HISTORY_TIMEOUT_MS,
    });
    const ctx = bookingContext({ db: database.db, rules: env, now: runtime.now, links, effects, fieldService, scheduleCheck: photos.scheduleCheck });
    await app.register(appointmentRoutes, { ctx, env });
    await app.register(closureRoutes, { ctx });
    await app.register(reportRoutes, { ctx });
    await app.register(customerRoutes, { ctx });
    await app.register(serviceSystemRoutes, { ctx });
    await app.register(appointmentPageRoutes, { ctx, photos });
    await app.register(photoRoutes, { photos, draftRateLimitMax: env.PHOTO_DRAFT_RATE_LIMIT_MAX });
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
        [customerDeletionRequestedTopic]: effectHandler({ from: ['accounts'], schema: customerDeletionRequestedEffect, apply: (trx, payload) => eraseCustomer(trx, { effects, photos }, payload) }),
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
