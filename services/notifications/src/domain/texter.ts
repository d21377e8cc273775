import type { NotificationsEnv } from '../env.ts';

export type OutgoingText = {
  /** E.164 (+19045550100). */
  to: string;
  body: string;
  /** Where Twilio posts the text's status changes (sent, delivered, undelivered, failed). */
  statusCallback: string;
};

export type Texter = {
  /** Sends one text; resolves with Twilio's Message SID, rejects with a `TexterError` when it was not accepted. */
  send(text: OutgoingText): Promise<{ providerMessageId: string }>;
};

/** Why a text was not accepted; `permanent` when Twilio refused it for good (a 4xx other than 429: an invalid number, an opted-out one). */
export class TexterError extends Error {
  constructor(message: string, readonly permanent: boolean) {
    super(message);
    this.name = 'TexterError';
  }
}

/** What a Twilio account needs to send (from TWILIO_*); undefined when texts are off. */
export type TwilioSettings = { accountSid: string; authToken: string; sender: { from: string } | { messagingServiceSid: string }; apiUrl: string; timeoutMs: number };

export function twilioSettings(env: NotificationsEnv): TwilioSettings | undefined {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) return undefined;
  const sender = env.TWILIO_MESSAGING_SERVICE_SID ? { messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID } : env.TWILIO_FROM ? { from: env.TWILIO_FROM } : undefined;
  if (!sender) return undefined;
  return { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, sender, apiUrl: env.TWILIO_API_URL, timeoutMs: env.SMTP_TIMEOUT_MS };
}

/**
 * Texts through Twilio's Messages API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded (To, From
 * or MessagingServiceSid, Body, StatusCallback), HTTP Basic with the account SID and auth token. Twilio's Node library
 * is not used to send: one form post is all it takes, and its timeouts and errors are then ours to classify (the
 * library is used where it matters, to verify webhook signatures). A timeout, a refused connection, a 5xx or a 429 fail
 * the attempt and the send job retries it; any other 4xx is Twilio's final word.
 */
export function twilioTexter(settings: TwilioSettings): Texter {
  const url = `${settings.apiUrl}/2010-04-01/Accounts/${settings.accountSid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    async send(text) {
      const form = new URLSearchParams({ To: text.to, ...('from' in settings.sender ? { From: settings.sender.from } : { MessagingServiceSid: settings.sender.messagingServiceSid }), Body: text.body, StatusCallback: text.statusCallback });
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (err) {
        throw new TexterError(`Twilio unreachable: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500), false);
      }
      const answer = (await response.json().catch(() => undefined)) as { sid?: unknown; code?: unknown; message?: unknown } | undefined;
      if (response.status === 201 && typeof answer?.sid === 'string') return { providerMessageId: answer.sid };
      // A refused login (401) is the configuration's fault, which an operator fixes: retried like an outage.
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429 && response.status !== 401;
      const detail = answer && typeof answer.message === 'string' ? `${String(answer.code)} ${answer.message}` : 'no Twilio error in the answer';
      throw new TexterError(`Twilio answered ${response.status}: ${detail}`.slice(0, 500), permanent);
    },
  };
}
