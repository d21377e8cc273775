import { createPrivateKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { business, businessContact, defaultServicePorts, localAppOrigin } from '@repo/contracts';
import { baseEnvSchema, normalisePem } from '@repo/service-kit';

const origin = (what: string) =>
  z.url({ protocol: /^https?$/, error: `must be an http(s):// origin (${what})` }).transform((value) => new URL(value).origin);

/**
 * What is wrong with a DKIM signing key (undefined when it is an RSA private key of 1024 bits or more). nodemailer signs
 * with rsa-sha256 only, and receivers ignore a shorter key; a key it cannot read would fail every email, so it stops
 * the start instead.
 */
function dkimKeyProblem(pem: string): string | undefined {
  const make = 'make one with `openssl genpkey -algorithm rsa -pkeyopt rsa_keygen_bits:2048`';
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    return `is not a readable private key in PEM (-----BEGIN PRIVATE KEY-----; ${make})`;
  }
  if (key.asymmetricKeyType !== 'rsa') return `must be an RSA key: DKIM is signed with rsa-sha256 (this one is ${key.asymmetricKeyType}; ${make})`;
  if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 1024) return `must be at least 1024 bits, 2048 recommended: receivers ignore shorter DKIM keys (${make})`;
  return undefined;
}

/** A DNS name's labels (letters, digits, hyphens inside), dot-separated: a DKIM domain or selector. */
const dnsLabels = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const dkimVariables = ['SMTP_DKIM_DOMAIN', 'SMTP_DKIM_SELECTOR', 'SMTP_DKIM_PRIVATE_KEY'] as const;

export const notificationsEnvSchema = baseEnvSchema(defaultServicePorts.notifications).extend({
  /**
   * The SMTP relay every email goes through (one pooled transport). Outside production the defaults reach `pnpm
   * start`'s mail catcher; production must name its relay.
   */
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(1025),
  /** true: TLS from the first byte (port 465); false: plain, upgraded with STARTTLS when the relay offers it. */
  SMTP_SECURE: z.enum(['true', 'false']).default('false'),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** The From of every email: `Name <address>` or an address; its domain also names the Message-IDs. */
  SMTP_FROM: z.string().min(3).default(`${business.name} <${businessContact.email}>`),
  /** How long connecting, the greeting and each SMTP command may take before the attempt fails (and is retried). */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  /** Connections the pooled transport keeps to the relay at most. */
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(3),
  /**
   * DKIM: every email is signed (a DKIM-Signature header, rsa-sha256) for SMTP_DKIM_DOMAIN (d=) with the key whose
   * public half the domain publishes in DNS as the TXT record `<SMTP_DKIM_SELECTOR>._domainkey.<SMTP_DKIM_DOMAIN>`
   * (`v=DKIM1; k=rsa; p=<the public key, base64>`). The domain should be SMTP_FROM's (or the one it is under), so the
   * signature aligns with the From for DMARC. All three or none: none, the emails leave unsigned (a relay may sign them).
   */
  SMTP_DKIM_DOMAIN: z.string().regex(dnsLabels, 'must be a domain name (example.com), the d= of the signature').max(253).optional(),
  SMTP_DKIM_SELECTOR: z.string().regex(dnsLabels, 'must be a DNS label or labels (letters, digits, hyphens), the s= of the signature').max(63).optional(),
  /** The RSA private key in PEM, checked at start-up; its line breaks may be written as `\n` (a one-line .env file). */
  SMTP_DKIM_PRIVATE_KEY: z
    .string()
    .transform((value, context) => {
      const pem = normalisePem(value);
      const problem = dkimKeyProblem(pem);
      if (problem) context.addIssue({ code: 'custom', message: problem });
      return pem;
    })
    .optional(),
  /**
   * Retries of one email after its first attempt, with backoff (1 s doubling to 5 minutes: 30 retries are about two
   * hours); after them the message is `failed`, with its last error, for staff to see.
   */
  NOTIFICATIONS_SEND_RETRY_LIMIT: z.coerce.number().int().min(0).max(1000).default(30),
  /**
   * How many days a message's content (its subject, HTML and text bodies, calendar file and unsubscribe link) is kept
   * after its last activity (sent, failed, withdrawn, the carrier's word; or created); then a daily sweep removes it and
   * only the record stays: kind, channel, recipient, state, attempts, the provider's id and the times.
   */
  NOTIFICATIONS_BODY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** The hour (business time, America/New_York, 0–23) of the day before a visit when its first reminder goes out. */
  NOTIFICATIONS_REMINDER_DAY_BEFORE_HOUR: z.coerce.number().int().min(0).max(23).default(18),
  /** How many hours before the arrival window starts the second reminder goes out. */
  NOTIFICATIONS_REMINDER_HOURS_BEFORE: z.coerce.number().int().min(1).max(12).default(2),
  /** The customer portal's origin: the emails link to the appointment page there. */
  PORTAL_ORIGIN: origin('the customer portal, where the appointment page is').default(localAppOrigin('portal')),
  /** The public site's origin: the job-completed email's "Pay your bill" opens its payment page. */
  WEB_ORIGIN: origin('the public site, where the payment page is').default(localAppOrigin('web')),
  /** The office's address for its alerts (a new booking, a cancellation, a payment); none set, no alerts. */
  NOTIFICATIONS_OFFICE_EMAIL: z.email('must be an email address (the office’s, for its alerts)').optional(),
  /**
   * Twilio, for texts: the account SID and auth token (HTTP Basic on its API; the token also signs its webhooks), and a
   * sender: a number (TWILIO_FROM) or a Messaging Service (TWILIO_MESSAGING_SERVICE_SID). None set: no texts at all (no
   * SMS rows are created, and the service says so at start and in the back office).
   */
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hexadecimal digits (the Twilio account SID)').optional(),
  TWILIO_AUTH_TOKEN: z.string().regex(/^[0-9a-zA-Z]{16,64}$/, 'must be the Twilio auth token (letters and digits)').optional(),
  TWILIO_FROM: z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be a phone number in E.164 form (+19045550100)').optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().regex(/^MG[0-9a-fA-F]{32}$/, 'must be MG followed by 32 hexadecimal digits (a Messaging Service SID)').optional(),
  /** Where Twilio's API is: https://api.twilio.com, or a local stand-in (`pnpm start`, tests). */
  TWILIO_API_URL: origin('Twilio’s API').default('https://api.twilio.com'),
  /**
   * The public origin Twilio reaches this service's webhooks at (through the gateway): the status callback URL sent with
   * each text is built on it, and each webhook's signature is checked against it. WEB_ORIGIN unless set.
   */
  TWILIO_WEBHOOK_ORIGIN: origin('where Twilio reaches the webhooks').optional(),
  /** Stated by the business once its long code is registered for A2P 10DLC; the back office warns until it is. */
  TWILIO_A2P_10DLC_REGISTERED: z.enum(['true', 'false']).default('false'),
  /** Quiet hours for texts (business time, 0–23): none but on-my-way goes out from the first hour until the second. */
  NOTIFICATIONS_SMS_QUIET_START_HOUR: z.coerce.number().int().min(0).max(23).default(21),
  NOTIFICATIONS_SMS_QUIET_END_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /**
   * Bounces that come after the relay took an email (delivery-status notifications, RFC 3464): every email's envelope
   * sender (Return-Path) is this address tagged with the message and a signature (`bounces+<id>.<signature>@…`), and
   * NOTIFICATIONS_BOUNCE_SMTP_PORT is where notifications takes the bounces mailed back to it (point the address's MX,
   * or a forwarding rule, at it). A bounce marks its email failed. Both unset: the relay's own address is the sender.
   */
  NOTIFICATIONS_BOUNCE_ADDRESS: z.email('must be an email address (where bounces are sent)').max(200).optional(),
  NOTIFICATIONS_BOUNCE_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
})
  .superRefine((env, context) => {
    if ((env.SMTP_USER === undefined) !== (env.SMTP_PASSWORD === undefined)) {
      context.addIssue({ code: 'custom', path: [env.SMTP_USER === undefined ? 'SMTP_USER' : 'SMTP_PASSWORD'], message: 'is required with the other of SMTP_USER and SMTP_PASSWORD' });
    }
    // Half a DKIM setting would send every email unsigned while the operator believes it signed.
    if (dkimVariables.some((name) => env[name] !== undefined)) {
      for (const name of dkimVariables.filter((variable) => env[variable] === undefined)) {
        context.addIssue({ code: 'custom', path: [name], message: 'is required to sign emails with DKIM, with the other DKIM settings (SMTP_DKIM_DOMAIN, SMTP_DKIM_SELECTOR and SMTP_DKIM_PRIVATE_KEY)' });
      }
    }
    const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM ?? env.TWILIO_MESSAGING_SERVICE_SID];
    if (twilio.some((value) => value !== undefined) && twilio.some((value) => value === undefined)) {
      const missing = env.TWILIO_ACCOUNT_SID === undefined ? 'TWILIO_ACCOUNT_SID' : env.TWILIO_AUTH_TOKEN === undefined ? 'TWILIO_AUTH_TOKEN' : 'TWILIO_FROM';
      context.addIssue({ code: 'custom', path: [missing], message: 'is required for texts with the other Twilio settings (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, and TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID)' });
    }
    if ((env.NOTIFICATIONS_BOUNCE_ADDRESS === undefined) !== (env.NOTIFICATIONS_BOUNCE_SMTP_PORT === undefined)) {
      const missing = env.NOTIFICATIONS_BOUNCE_ADDRESS === undefined ? 'NOTIFICATIONS_BOUNCE_ADDRESS' : 'NOTIFICATIONS_BOUNCE_SMTP_PORT';
      context.addIssue({ code: 'custom', path: [missing], message: 'is required with the other of NOTIFICATIONS_BOUNCE_ADDRESS and NOTIFICATIONS_BOUNCE_SMTP_PORT' });
    }
    // The bounce addresses are signed with the service's key, so nobody can fail another's email with a made-up bounce.
    if (env.NOTIFICATIONS_BOUNCE_ADDRESS !== undefined && env.SERVICE_KEY === undefined) {
      context.addIssue({ code: 'custom', path: ['SERVICE_KEY'], message: 'is required with NOTIFICATIONS_BOUNCE_ADDRESS: it signs the bounce addresses' });
    }
    // A production service sending to a mail catcher on its own host would queue every email and send none.
    if (env.NODE_ENV === 'production' && env.SMTP_HOST === undefined) {
      context.addIssue({ code: 'custom', path: ['SMTP_HOST'], message: 'is required in production: the SMTP relay every email goes through' });
    }
  })
  .transform((env) => ({ ...env, SMTP_HOST: env.SMTP_HOST ?? '127.0.0.1', TWILIO_WEBHOOK_ORIGIN: env.TWILIO_WEBHOOK_ORIGIN ?? env.WEB_ORIGIN }));
export type NotificationsEnv = z.infer<typeof notificationsEnvSchema>;
