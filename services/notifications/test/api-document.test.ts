import { twilioInboundPath, twilioStatusCallbackPath } from '@repo/contracts';
import { apiDocumentSuite } from '@repo/service-kit/test-service';
import { freePort } from '@repo/service-kit/testing';
import { twilioSignature } from '@repo/twilio-stand-in';
import { startNotifications } from './helpers.ts';

// No email is sent here: the relay's port is closed.
apiDocumentSuite({
  service: 'notifications',
  start: async () => startNotifications(await freePort(), { RATE_LIMIT_MAX: '100000' }),
});

// With texts: Twilio's webhooks are served (no text is sent: Twilio's API is a closed port).
const authToken = '0123456789abcdef0123456789abcdef';
const origin = 'https://www.example.com';
const signedForm = (path: string, params: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(authToken, `${origin}${path}`, params) },
  payload: new URLSearchParams(params).toString(),
});

apiDocumentSuite({
  service: 'notifications',
  variant: 'with texts (Twilio)',
  start: async () =>
    startNotifications(await freePort(), {
      RATE_LIMIT_MAX: '100000',
      TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: '+19045550000',
      TWILIO_API_URL: `http://127.0.0.1:${await freePort()}`,
      TWILIO_WEBHOOK_ORIGIN: origin,
    }),
  fixtures: async () => ({
    postNotificationsTwilioStatus: {
      invalid: [
        { label: 'signed, without MessageSid', ...signedForm(twilioStatusCallbackPath, { MessageStatus: 'delivered' }) },
        { label: 'signed, with a status Twilio has not', ...signedForm(twilioStatusCallbackPath, { MessageSid: `SM${'0'.repeat(32)}`, MessageStatus: 'exploded' }) },
      ],
    },
    postNotificationsTwilioInbound: {
      invalid: [{ label: 'signed, without From', ...signedForm(twilioInboundPath, { Body: 'STOP' }) }],
    },
  }),
});
