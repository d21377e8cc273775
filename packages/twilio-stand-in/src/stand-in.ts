import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from './signature.ts';

/** A Message resource as Twilio's API answers it (`api.v2010.account.message` in Twilio's OpenAPI description). */
export type TwilioMessage = {
  account_sid: string;
  api_version: '2010-04-01';
  body: string;
  date_created: string;
  date_sent: string | null;
  date_updated: string;
  direction: 'outbound-api';
  error_code: number | null;
  error_message: string | null;
  from: string | null;
  messaging_service_sid: string | null;
  num_media: string;
  num_segments: string;
  price: string | null;
  price_unit: string;
  sid: string;
  status: 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed';
  subresource_uris: { media: string };
  to: string;
  uri: string;
};

/** How a designated number's texts end: the status callbacks Twilio would post for it. */
export type DeliveryOutcome = 'delivered' | 'undelivered' | 'failed';

/** One status callback the stand-in posted, and what the receiver answered (0: it could not be reached). */
export type StatusCallbackRecord = { url: string; params: Record<string, string>; status: number };

export type TwilioStandInOptions = {
  /** `AC` and 32 hex digits; a random one by default. */
  accountSid?: string;
  /** 32 hex digits; a random one by default. */
  authToken?: string;
  /** Texts to these numbers end undelivered or failed (their status callbacks say so); the rest are delivered. */
  outcomes?: Record<string, DeliveryOutcome>;
  /** The pause before each status callback (sent, then the final one). */
  callbackDelayMs?: number;
};

const e164 = /^\+[1-9]\d{1,14}$/;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
/** Twilio's dates: RFC 2822, in GMT written as +0000 ("Thu, 24 Aug 2023 05:01:45 +0000"). */
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

/** Twilio's error codes for what the stand-in refuses (https://www.twilio.com/docs/api/errors). */
const errors = {
  authenticate: { code: 20003, status: 401, message: 'Authenticate' },
  notFound: { code: 20404, status: 404, message: 'The requested resource was not found' },
  bodyRequired: { code: 21602, status: 400, message: 'Message body is required.' },
  fromRequired: { code: 21603, status: 400, message: "A 'From' phone number is required." },
  toRequired: { code: 21604, status: 400, message: "A 'To' phone number is required." },
  invalidTo: { code: 21211, status: 400, message: "Invalid 'To' Phone Number" },
  invalidFrom: { code: 21212, status: 400, message: "Invalid 'From' Phone Number" },
  invalidCallback: { code: 21609, status: 400, message: 'Invalid StatusCallback url' },
  tooLong: { code: 21617, status: 400, message: 'The concatenated message body exceeds the 1600 character limit' },
  unsubscribed: { code: 21610, status: 400, message: 'Attempt to send to unsubscribed recipient' },
} as const;

const deliveryErrors: Record<Exclude<DeliveryOutcome, 'delivered'>, { code: number; message: string }> = {
  undelivered: { code: 30003, message: 'Unreachable destination handset' },
  failed: { code: 30008, message: 'Unknown error' },
};

/**
 * A local stand-in for Twilio's Messages API, for tests and `pnpm start`: it takes `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json` as Twilio publishes it (form-encoded, HTTP Basic with the account SID
 * and auth token), answers 201 with a Message resource (`SM` + 32 hex, status `queued`) or Twilio's error JSON, keeps
 * every text for reading (Twilio's own list and fetch calls, and a page at `/` for a person), and then posts the status
 * callbacks Twilio would (`sent`, then `delivered`, or `undelivered`/`failed` for designated numbers), signed with
 * `X-Twilio-Signature`. It can also play a customer's reply (`reply`), posted to an inbound webhook and signed the same.
 * Nothing leaves the machine.
 */
export class TwilioStandIn {
  readonly accountSid: string;
  readonly authToken: string;
  /** Every text accepted, oldest first, as its resource stands now. */
  readonly messages: TwilioMessage[] = [];
  /** Every create call that got past authentication, as its form arrived (whether accepted or refused). */
  readonly requests: Record<string, string>[] = [];
  /** Every status callback posted, oldest first. */
  readonly callbacks: StatusCallbackRecord[] = [];
  private readonly outcomes: Map<string, DeliveryOutcome>;
  private readonly callbackDelayMs: number;
  /** Numbers that replied STOP (to this stand-in's `reply`): Twilio itself refuses to text them (21610) until START. */
  private readonly optedOut = new Set<string>();
  private failures: { remaining: number; status: number } = { remaining: 0, status: 503 };
  private server: Server | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  url = '';

  constructor(options: TwilioStandInOptions = {}) {
    this.accountSid = options.accountSid ?? `AC${hex(16)}`;
    this.authToken = options.authToken ?? hex(16);
    this.outcomes = new Map(Object.entries(options.outcomes ?? {}));
    this.callbackDelayMs = options.callbackDelayMs ?? 50;
  }

  async start(port = 0, host = '127.0.0.1'): Promise<this> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((err: unknown) => {
        if (!response.headersSent) send(response, 500, { code: 20500, message: String(err), more_info: moreInfo(20500), status: 500 });
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    this.url = `http://${host}:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Texts to `number` end this way from now on. */
  designate(number: string, outcome: DeliveryOutcome): void {
    this.outcomes.set(number, outcome);
  }

  /** The next `count` create calls fail with `status` (a 5xx: Twilio down), as Twilio's error JSON. */
  failNext(count: number, status = 503): void {
    this.failures = { remaining: count, status };
  }

  /** The texts sent to one number, oldest first. */
  messagesTo(number: string): TwilioMessage[] {
    return this.messages.filter((message) => message.to === number);
  }

  /**
   * A customer's text to the business, posted to `webhookUrl` as Twilio posts an incoming message (form-encoded,
   * signed); the webhook's answer (TwiML). STOP and START words also change whom the stand-in refuses to text, as
   * Twilio's own opt-out handling does.
   */
  async reply(webhookUrl: string, { from, to, body }: { from: string; to: string; body: string }): Promise<{ status: number; body: string; contentType: string | null }> {
    const word = body.trim().toUpperCase();
    if (['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'].includes(word)) this.optedOut.add(from);
    if (['START', 'UNSTOP', 'YES'].includes(word)) this.optedOut.delete(from);
    const params = {
      MessageSid: `SM${hex(16)}`,
      SmsSid: '',
      SmsMessageSid: '',
      AccountSid: this.accountSid,
      MessagingServiceSid: '',
      From: from,
      To: to,
      Body: body,
      NumMedia: '0',
      NumSegments: '1',
      ApiVersion: '2010-04-01',
    };
    params.SmsSid = params.MessageSid;
    params.SmsMessageSid = params.MessageSid;
    const response = await this.post(webhookUrl, params);
    return { status: response.status, body: await response.text(), contentType: response.headers.get('content-type') };
  }

  /** Signs and posts a form to one of the account's webhooks, as Twilio does. */
  post(url: string, params: Record<string, string>, signature = twilioSignature(this.authToken, url, params)): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature, 'user-agent': 'TwilioProxy/1.1' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(10_000),
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'GET' && url.pathname === '/') return this.page(response);
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages(?:\/([^/]+))?\.json$/.exec(url.pathname);
    if (!match) return error(response, errors.notFound);
    if (!this.authorized(request)) return error(response, errors.authenticate);
    // Another account's resources, with this account's credentials: Twilio answers 401 as well.
    if (match[1] !== this.accountSid) return error(response, errors.authenticate);
    const sid = match[2];
    if (request.method === 'GET' && sid) {
      const message = this.messages.find((item) => item.sid === sid);
      return message ? send(response, 200, message) : error(response, errors.notFound);
    }
    if (request.method === 'GET') return send(response, 200, this.list(url));
    if (request.method === 'POST' && !sid) return this.create(request, response);
    return error(response, { code: 20004, status: 405, message: 'Method not allowed' });
  }

  private authorized(request: IncomingMessage): boolean {
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'basic' || !encoded) return false;
    return Buffer.from(encoded, 'base64').toString('utf8') === `${this.accountSid}:${this.authToken}`;
  }

  private async create(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(request));
    this.requests.push(Object.fromEntries(form));
    if (this.failures.remaining > 0) {
      this.failures.remaining -= 1;
      const status = this.failures.status;
      return error(response, { code: 20000 + status, status, message: status === 503 ? 'Service Unavailable' : 'Internal Server Error' });
    }
    const to = form.get('To');
    const from = form.get('From');
    const service = form.get('MessagingServiceSid');
    const body = form.get('Body');
    const callback = form.get('StatusCallback');
    if (!to) return error(response, errors.toRequired);
    if (!from && !service) return error(response, errors.fromRequired);
    if (!body && !form.get('MediaUrl') && !form.get('ContentSid')) return error(response, errors.bodyRequired);
    if (!e164.test(to)) return error(response, errors.invalidTo);
    if (from && !e164.test(from)) return error(response, errors.invalidFrom);
    if (service && !/^MG[0-9a-fA-F]{32}$/.test(service)) return error(response, { code: 21701, status: 400, message: 'The Messaging Service Sid is invalid.' });
    if (body && body.length > 1600) return error(response, errors.tooLong);
    if (callback && !isHttpUrl(callback)) return error(response, errors.invalidCallback);
    if (this.optedOut.has(to)) return error(response, errors.unsubscribed);
    const now = rfc2822(new Date());
    const sid = `SM${hex(16)}`;
    const uri = `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}.json`;
    const message: TwilioMessage = {
      account_sid: this.accountSid,
      api_version: '2010-04-01',
      body: body ?? '',
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: from ?? null,
      messaging_service_sid: service ?? null,
      num_media: '0',
      // Sent through a Messaging Service, a text has no sender yet and so no segments counted (Twilio says 0).
      num_segments: service ? '0' : String(Math.max(1, Math.ceil((body ?? '').length / 153))),
      price: null,
      price_unit: 'USD',
      sid,
      status: 'queued',
      subresource_uris: { media: uri.replace(/\.json$/, '/Media.json') },
      to,
      uri,
    };
    this.messages.push(message);
    send(response, 201, message);
    const outcome = this.outcomes.get(to) ?? 'delivered';
    const steps: ('sent' | DeliveryOutcome)[] = outcome === 'failed' ? ['failed'] : ['sent', outcome];
    this.advance(message, steps, callback);
  }

  /** Moves the message through `steps`, one status callback each, after the configured pause. */
  private advance(message: TwilioMessage, steps: readonly ('sent' | DeliveryOutcome)[], callback: string | null): void {
    const [status, ...rest] = steps;
    if (!status) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const now = rfc2822(new Date());
      message.status = status;
      message.date_updated = now;
      if (status === 'sent' || status === 'delivered') message.date_sent ??= now;
      if (status === 'undelivered' || status === 'failed') Object.assign(message, { error_code: deliveryErrors[status].code, error_message: deliveryErrors[status].message });
      const done = callback ? this.statusCallback(callback, message) : Promise.resolve();
      const tracked = done.finally(() => {
        this.inFlight.delete(tracked);
        if (this.server) this.advance(message, rest, callback);
      });
      this.inFlight.add(tracked);
    }, this.callbackDelayMs);
    this.timers.add(timer);
  }

  /** Twilio's status callback request for the message as it stands (its parameters as Twilio documents them). */
  private async statusCallback(url: string, message: TwilioMessage): Promise<void> {
    const params: Record<string, string> = {
      AccountSid: message.account_sid,
      ApiVersion: message.api_version,
      From: message.from ?? '',
      MessageSid: message.sid,
      MessageStatus: message.status,
      SmsSid: message.sid,
      SmsStatus: message.status,
      To: message.to,
    };
    if (message.messaging_service_sid) params.MessagingServiceSid = message.messaging_service_sid;
    if (message.error_code !== null) params.ErrorCode = String(message.error_code);
    let status = 0;
    try {
      status = (await this.post(url, params)).status;
    } catch {
      // Not reachable: Twilio does not retry a status callback either.
    }
    this.callbacks.push({ url, params, status });
  }

  /** Twilio's list of the account's messages, newest first, filtered by To and From. */
  private list(url: URL) {
    const to = url.searchParams.get('To');
    const from = url.searchParams.get('From');
    const pageSize = Math.min(1000, Math.max(1, Number(url.searchParams.get('PageSize')) || 50));
    const messages = this.messages.filter((message) => (!to || message.to === to) && (!from || message.from === from)).reverse().slice(0, pageSize);
    const uri = `/2010-04-01/Accounts/${this.accountSid}/Messages.json?PageSize=${pageSize}&Page=0`;
    return { end: Math.max(0, messages.length - 1), first_page_uri: uri, next_page_uri: null, page: 0, page_size: pageSize, previous_page_uri: null, start: 0, uri, messages };
  }

  /** Every text sent, newest first, for a person at `pnpm start`. */
  private page(response: ServerResponse): void {
    const rows = [...this.messages]
      .reverse()
      .map((message) => `<li><p><strong>To ${escape(message.to)}</strong> · ${escape(message.date_created)} · ${escape(message.status)}</p><pre>${linkify(escape(message.body))}</pre></li>`)
      .join('\n');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Texts (Twilio stand-in)</title>` +
        `<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}li{border-bottom:1px solid #ddd}pre{white-space:pre-wrap}</style></head>` +
        `<body><h1>Texts sent</h1><p>Every SMS the system sends lands here (a local stand-in for Twilio); nothing leaves the machine. Reload to see new ones.</p>` +
        (rows ? `<ol reversed>${rows}</ol>` : '<p>No texts yet.</p>') +
        '</body></html>',
    );
  }
}

const moreInfo = (code: number) => `https://www.twilio.com/docs/errors/${code}`;

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** Twilio's error JSON: `{ code, message, more_info, status }`. */
function error(response: ServerResponse, { code, status, message }: { code: number; status: number; message: string }): void {
  if (status === 401) response.setHeader('www-authenticate', 'Basic realm="Twilio API"');
  send(response, status, { code, message, more_info: moreInfo(code), status });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.hostname.includes('_');
  } catch {
    return false;
  }
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (html: string) => html.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
