import {
  appointmentChangedEvent,
  appointmentChangedTopic,
  appointmentLinksRequestedEvent,
  appointmentLinksRequestedTopic,
  customerDeletionRequestedEffect,
  customerDeletionRequestedTopic,
  emailChangeEffect,
  emailChangeTopic,
  invoiceSentEffect,
  invoiceSentTopic,
  passwordResetRequestedEffect,
  passwordResetRequestedTopic,
  phoneCodeRequestedEffect,
  phoneCodeRequestedTopic,
  paymentSucceededEffect,
  paymentSucceededTopic,
  technicianArrivedEffect,
  technicianArrivedTopic,
  technicianEnRouteEffect,
  technicianEnRouteTopic,
  technicianRunningLateEffect,
  technicianRunningLateTopic,
  registrationRequestedEffect,
  registrationRequestedTopic,
  signInFailuresEffect,
  signInFailuresTopic,
  signInLinkRequestedEffect,
  signInLinkRequestedTopic,
} from '@repo/contracts';
import { createEffects, createService, effectHandler, effectsReceiver } from '@repo/service-kit';
import type { ServiceDefinition } from '@repo/service-kit/main';
import { migrations } from './db/migrations/index.ts';
import type { NotificationsDatabase } from './db/schema.ts';
import { smtpMailer } from './domain/mailer.ts';
import { twilioSettings, twilioTexter } from './domain/texter.ts';
import { notificationsEnvSchema, type NotificationsEnv } from './env.ts';
import { notificationsJobs } from './jobs/index.ts';
import { startRetentionSweep } from './jobs/retention-sweep.ts';
import { messageRoutes } from './routes/messages.ts';
import { preferenceRoutes } from './routes/preferences.ts';
import { twilioRoutes } from './routes/twilio.ts';
import { applyAppointmentChange } from './use-cases/apply-appointment-change.ts';
import { sendAppointmentLinks } from './use-cases/send-appointment-links.ts';
import { bounceServer } from './bounce-server.ts';
import { bounceAddresses } from './domain/bounces.ts';
import { notificationsOutgoing } from './domain/outgoing.ts';
import type { NotificationsContext, SmsContext } from './use-cases/context.ts';
import { sendPasswordResetEmail, sendSignInLinkEmail } from './use-cases/send-account-link-email.ts';
import { sendEmailChangeEmail } from './use-cases/send-email-change-email.ts';
import { sendInvoiceEmail } from './use-cases/send-invoice-email.ts';
import { sendPaymentReceipt } from './use-cases/send-payment-receipt.ts';
import { sendPhoneCode } from './use-cases/send-phone-code.ts';
import { sendArrived, sendOnMyWay, sendRunningLate } from './use-cases/send-technician-news.ts';
import { sendRegistrationEmail } from './use-cases/send-registration-email.ts';
import { sendSignInAlert } from './use-cases/send-sign-in-alert.ts';
import { eraseCustomer } from './use-cases/erase-customer.ts';
import { countMessagesByState } from './repositories/message-repository.ts';

export const notificationsService: ServiceDefinition<NotificationsEnv, NotificationsDatabase> = {
  name: 'notifications',
  envSchema: notificationsEnvSchema,
  migrations,
  build: async (env, database, runtime) => {
    const app = await createService({ name: 'notifications', env, runtime, ready: database.ping, limitsDb: database.db });
    const mailer = smtpMailer(env);
    // Registered before the queue's plugin, so it runs after the queue has stopped (Fastify closes in reverse order).
    app.addHook('onClose', async () => mailer.close());
    // The jobs read the context when they run; the context holds the effects that schedule them.
    const effects = createEffects({ service: 'notifications', database, env, outgoing: notificationsOutgoing, jobs: notificationsJobs(() => ctx, env.NOTIFICATIONS_SEND_RETRY_LIMIT) });
    await app.register(effects.plugin);
    app.metrics.gaugeOnScrape({
      name: 'notifications_messages',
      help: 'Messages by state (scheduled, queued, sent, delivered, undelivered, failed, withdrawn) and channel.',
      labelNames: ['state', 'channel'],
      read: async () =>
        (await countMessagesByState(database.db)).map((row) => ({ labels: { state: row.state, channel: row.channel }, value: Number(row.count) })),
    });
    const twilio = twilioSettings(env);
    const sms: SmsContext | undefined = twilio && {
      texter: twilioTexter(twilio),
      authToken: twilio.authToken,
      webhookOrigin: env.TWILIO_WEBHOOK_ORIGIN,
      quietHours: { startHour: env.NOTIFICATIONS_SMS_QUIET_START_HOUR, endHour: env.NOTIFICATIONS_SMS_QUIET_END_HOUR },
      a2pRegistered: env.TWILIO_A2P_10DLC_REGISTERED === 'true',
    };
    if (!sms) app.log.info('Texts are off: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID) are not set, so no SMS is stored or sent');
    else if (!sms.a2pRegistered) app.log.warn('Texts are on, but TWILIO_A2P_10DLC_REGISTERED is not true: US carriers drop texts from unregistered long codes');
    const bounces = env.NOTIFICATIONS_BOUNCE_ADDRESS && env.SERVICE_KEY ? bounceAddresses(env.NOTIFICATIONS_BOUNCE_ADDRESS, env.SERVICE_KEY) : undefined;
    const ctx: NotificationsContext = {
      db: database.db,
      now: runtime.now,
      jobs: effects,
      effects,
      mailer,
      from: env.SMTP_FROM,
      portalOrigin: env.PORTAL_ORIGIN,
      webOrigin: env.WEB_ORIGIN,
      officeEmail: env.NOTIFICATIONS_OFFICE_EMAIL,
      sms,
      sendRetryLimit: env.NOTIFICATIONS_SEND_RETRY_LIMIT,
      bounces,
      bodyRetentionDays: env.NOTIFICATIONS_BODY_RETENTION_DAYS,
      reminders: { dayBeforeHour: env.NOTIFICATIONS_REMINDER_DAY_BEFORE_HOUR, hoursBefore: env.NOTIFICATIONS_REMINDER_HOURS_BEFORE },
    };
    await app.register(effectsReceiver<NotificationsDatabase>, {
      service: 'notifications',
      db: database.db,
      env,
      handlers: {
        [appointmentChangedTopic]: effectHandler({ from: ['booking'], schema: appointmentChangedEvent, apply: (trx, event) => applyAppointmentChange(ctx, trx, event) }),
        [appointmentLinksRequestedTopic]: effectHandler({ from: ['booking'], schema: appointmentLinksRequestedEvent, apply: (trx, event) => sendAppointmentLinks(ctx, trx, event) }),
        [passwordResetRequestedTopic]: effectHandler({ from: ['accounts'], schema: passwordResetRequestedEffect, apply: (trx, event) => sendPasswordResetEmail(ctx, trx, event) }),
        [technicianEnRouteTopic]: effectHandler({ from: ['tracking'], schema: technicianEnRouteEffect, apply: (trx, event) => sendOnMyWay(ctx, trx, event) }),
        [technicianRunningLateTopic]: effectHandler({ from: ['tracking'], schema: technicianRunningLateEffect, apply: (trx, event) => sendRunningLate(ctx, trx, event) }),
        [technicianArrivedTopic]: effectHandler({ from: ['tracking'], schema: technicianArrivedEffect, apply: (trx, event) => sendArrived(ctx, trx, event) }),
        [phoneCodeRequestedTopic]: effectHandler({ from: ['accounts'], schema: phoneCodeRequestedEffect, apply: (trx, event) => sendPhoneCode(ctx, trx, event) }),
        [paymentSucceededTopic]: effectHandler({ from: ['payments'], schema: paymentSucceededEffect, apply: (trx, event) => sendPaymentReceipt(ctx, trx, event) }),
        [invoiceSentTopic]: effectHandler({ from: ['payments'], schema: invoiceSentEffect, apply: (trx, event) => sendInvoiceEmail(ctx, trx, event) }),
        [emailChangeTopic]: effectHandler({ from: ['accounts'], schema: emailChangeEffect, apply: (trx, event) => sendEmailChangeEmail(ctx, trx, event) }),
        [registrationRequestedTopic]: effectHandler({ from: ['accounts'], schema: registrationRequestedEffect, apply: (trx, event) => sendRegistrationEmail(ctx, trx, event) }),
        [signInFailuresTopic]: effectHandler({ from: ['accounts'], schema: signInFailuresEffect, apply: (trx, event) => sendSignInAlert(ctx, trx, event) }),
        [customerDeletionRequestedTopic]: effectHandler({ from: ['accounts'], schema: customerDeletionRequestedEffect, apply: (trx, request) => eraseCustomer(ctx, trx, request) }),
        [signInLinkRequestedTopic]: effectHandler({ from: ['accounts'], schema: signInLinkRequestedEffect, apply: (trx, event) => sendSignInLinkEmail(ctx, trx, event) }),
      },
    });
    // After the queue's own onReady (registered above), which starts it: the daily retention sweep's chain exists.
    app.addHook('onReady', async () => startRetentionSweep(ctx, database.db));
    await app.register(messageRoutes, { ctx });
    await app.register(preferenceRoutes, { ctx });
    if (sms) await app.register(twilioRoutes, { ctx, sms });
    if (bounces && env.NOTIFICATIONS_BOUNCE_SMTP_PORT) {
      const listener = bounceServer(ctx, bounces, app.log);
      app.addHook('onReady', async () => {
        const port = await listener.listen(env.NOTIFICATIONS_BOUNCE_SMTP_PORT!, env.HOST);
        app.log.info({ port }, 'Taking bounces by SMTP');
      });
      app.addHook('onClose', async () => listener.close());
    }
    return app;
  },
};
