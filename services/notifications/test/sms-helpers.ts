import { afterAll, beforeAll } from 'vitest';
import { freePort } from '@repo/service-kit/testing';
import { TwilioStandIn, type TwilioStandInOptions } from '@repo/twilio-stand-in';
import { startNotifications, TestSmtpServer, type NotificationsTestService } from './helpers.ts';

/** The business's Twilio number in the tests. */
export const twilioFrom = '+19045550000';

/**
 * The Twilio stand-in, a real SMTP server and notifications texting through the stand-in, for a whole test file:
 * notifications listens on a real port, given to it as TWILIO_WEBHOOK_ORIGIN, so the stand-in's signed status callbacks
 * reach it over HTTP as Twilio's would.
 */
export function smsForTests(env: Record<string, string> = {}, now?: () => Date, standInOptions: TwilioStandInOptions = {}) {
  const smtp = new TestSmtpServer();
  // The callbacks wait a little, as Twilio's do: the send job records the SID Twilio answered before they arrive.
  const twilio = new TwilioStandIn({ callbackDelayMs: 150, ...standInOptions });
  let service: NotificationsTestService | undefined;
  let origin = '';
  beforeAll(async () => {
    await smtp.start();
    await twilio.start();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    service = await startNotifications(smtp.port, {
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: twilioFrom,
      TWILIO_API_URL: twilio.url,
      TWILIO_WEBHOOK_ORIGIN: origin,
      ...env,
    }, now);
    await service.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await twilio.stop();
    await service?.close();
    await smtp.stop();
  });
  return {
    smtp,
    twilio,
    get origin() {
      return origin;
    },
    get service(): NotificationsTestService {
      if (!service) throw new Error('notifications is started in beforeAll');
      return service;
    },
  };
}
