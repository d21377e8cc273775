import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessageForm, TwilioStandIn, twilioSignature, validateAccountSid, validateCreateForm, validateMessage, validateMessageList } from '../src/index.ts';

/** A receiver of the stand-in's webhooks: every form it was posted, with the URL and signature, answered 200 or TwiML. */
class WebhookReceiver {
  readonly received: { url: string; signature: string; params: Record<string, string> }[] = [];
  url = '';
  private server: Server | undefined;

  async start() {
    this.server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        this.received.push({ url: `${this.url}${request.url}`, signature: String(request.headers['x-twilio-signature']), params });
        response.writeHead(200, { 'content-type': 'text/xml' });
        response.end('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  stop = () => new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
}

const standIn = new TwilioStandIn({ callbackDelayMs: 10, outcomes: { '+19045550199': 'undelivered', '+19045550198': 'failed' } });
const receiver = new WebhookReceiver();
const from = '+19045550100';

beforeAll(async () => {
  await standIn.start();
  await receiver.start();
});
afterAll(async () => {
  await standIn.stop();
  await receiver.stop();
});

const basic = (sid = standIn.accountSid, token = standIn.authToken) => `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;

async function create(form: Record<string, string>, { authorization = basic(), accountSid = standIn.accountSid } = {}) {
  const response = await fetch(`${standIn.url}/2010-04-01/Accounts/${accountSid}/Messages.json`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const twilioError = (code: number, status: number) => ({ code, status, message: expect.any(String), more_info: `https://www.twilio.com/docs/errors/${code}` });

describe("the stand-in held to Twilio's OpenAPI description", () => {
  it('answers a create call Twilio documents with 201 and a Message resource valid against the description', async () => {
    const form = { To: '+19045550101', From: from, Body: 'Your visit is booked.', StatusCallback: `${receiver.url}/status` };
    expect(validateCreateForm(form), JSON.stringify(validateCreateForm.errors)).toBe(true);
    const { status, body } = await create(form);
    expect(status).toBe(201);
    expect(validateMessage(body), JSON.stringify(validateMessage.errors)).toBe(true);
    expect(body).toMatchObject({ sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'queued', to: form.To, from, body: form.Body, account_sid: standIn.accountSid, direction: 'outbound-api' });
    expect(validateAccountSid(standIn.accountSid)).toBe(true);
  });

  it('sends through a Messaging Service instead of a number', async () => {
    const form = { To: '+19045550102', MessagingServiceSid: `MG${'a'.repeat(32)}`, Body: 'Hello' };
    expect(validateCreateForm(form), JSON.stringify(validateCreateForm.errors)).toBe(true);
    const { status, body } = await create(form);
    expect(status).toBe(201);
    expect(validateMessage(body), JSON.stringify(validateMessage.errors)).toBe(true);
    expect(body).toMatchObject({ messaging_service_sid: form.MessagingServiceSid, from: null });
  });

  it("refuses a create call without each parameter the description requires, with Twilio's error JSON", async () => {
    expect(createMessageForm.required).toEqual(['To']);
    for (const name of createMessageForm.required!) {
      const form: Record<string, string> = { To: '+19045550103', From: from, Body: 'Hi' };
      delete form[name];
      expect(await create(form)).toEqual({ status: 400, body: twilioError(21604, 400) });
    }
  });

  it('refuses what Twilio refuses: an invalid To (21211), no sender (21603), no body (21602), a body over 1600 characters (21617)', async () => {
    expect(await create({ To: '904-555-0104', From: from, Body: 'Hi' })).toEqual({ status: 400, body: twilioError(21211, 400) });
    expect(await create({ To: '+19045550104', Body: 'Hi' })).toEqual({ status: 400, body: twilioError(21603, 400) });
    expect(await create({ To: '+19045550104', From: from })).toEqual({ status: 400, body: twilioError(21602, 400) });
    expect(await create({ To: '+19045550104', From: from, Body: 'x'.repeat(1601) })).toEqual({ status: 400, body: twilioError(21617, 400) });
  });

  it('requires HTTP Basic with the account SID and auth token (the description’s security scheme): 401 otherwise', async () => {
    expect(Object.values((await import('../src/index.ts')).twilioOpenApi.components.securitySchemes)).toEqual([{ type: 'http', scheme: 'basic' }]);
    const form = { To: '+19045550105', From: from, Body: 'Hi' };
    expect(await create(form, { authorization: basic(standIn.accountSid, 'wrong-token') })).toEqual({ status: 401, body: twilioError(20003, 401) });
    expect(await create(form, { authorization: '' })).toEqual({ status: 401, body: twilioError(20003, 401) });
    expect(await create(form, { accountSid: `AC${'0'.repeat(32)}` })).toEqual({ status: 401, body: twilioError(20003, 401) });
  });

  it('answers 5xx in Twilio’s error JSON when told to fail, then accepts again', async () => {
    standIn.failNext(1, 503);
    const form = { To: '+19045550106', From: from, Body: 'Hi' };
    expect(await create(form)).toEqual({ status: 503, body: twilioError(20503, 503) });
    expect((await create(form)).status).toBe(201);
  });

  it('lists and fetches the texts it keeps, each answer valid against the description', async () => {
    const { body: created } = await create({ To: '+19045550107', From: from, Body: 'Listed' });
    const headers = { authorization: basic() };
    const list = await (await fetch(`${standIn.url}/2010-04-01/Accounts/${standIn.accountSid}/Messages.json?To=%2B19045550107`, { headers })).json();
    expect(validateMessageList(list), JSON.stringify(validateMessageList.errors)).toBe(true);
    expect((list as { messages: { sid: string }[] }).messages.map((message) => message.sid)).toEqual([created.sid]);
    const fetched = await (await fetch(`${standIn.url}/2010-04-01/Accounts/${standIn.accountSid}/Messages/${String(created.sid)}.json`, { headers })).json();
    expect(validateMessage(fetched), JSON.stringify(validateMessage.errors)).toBe(true);
    expect(standIn.messagesTo('+19045550107').map((message) => message.body)).toEqual(['Listed']);
  });
});

describe('status callbacks and replies, signed as Twilio signs them', () => {
  const callbacksFor = (sid: unknown) => receiver.received.filter((item) => item.params.MessageSid === sid);

  it('posts sent then delivered, each signature valid by the official twilio package', async () => {
    const { body } = await create({ To: '+19045550110', From: from, Body: 'Hi', StatusCallback: `${receiver.url}/status?x=1` });
    await expect.poll(() => callbacksFor(body.sid).map((item) => item.params.MessageStatus)).toEqual(['sent', 'delivered']);
    for (const { url, signature, params } of callbacksFor(body.sid)) {
      expect(url).toBe(`${receiver.url}/status?x=1`);
      expect(twilio.validateRequest(standIn.authToken, signature, url, params)).toBe(true);
      expect(twilio.validateRequest('another-token', signature, url, params)).toBe(false);
      expect(twilioSignature(standIn.authToken, url, params)).toBe(twilio.getExpectedTwilioSignature(standIn.authToken, url, params));
      expect(params).toMatchObject({ AccountSid: standIn.accountSid, SmsSid: body.sid, To: '+19045550110', From: from, ApiVersion: '2010-04-01' });
    }
    expect(standIn.messages.find((message) => message.sid === body.sid)?.status).toBe('delivered');
  });

  it('ends designated numbers undelivered or failed, with the error code', async () => {
    const undelivered = await create({ To: '+19045550199', From: from, Body: 'Hi', StatusCallback: `${receiver.url}/status` });
    const failed = await create({ To: '+19045550198', From: from, Body: 'Hi', StatusCallback: `${receiver.url}/status` });
    await expect.poll(() => callbacksFor(undelivered.body.sid).map((item) => [item.params.MessageStatus, item.params.ErrorCode])).toEqual([['sent', undefined], ['undelivered', '30003']]);
    await expect.poll(() => callbacksFor(failed.body.sid).map((item) => [item.params.MessageStatus, item.params.ErrorCode])).toEqual([['failed', '30008']]);
    const fetched = standIn.messages.find((message) => message.sid === undelivered.body.sid)!;
    expect(validateMessage(fetched), JSON.stringify(validateMessage.errors)).toBe(true);
    expect(fetched).toMatchObject({ status: 'undelivered', error_code: 30003 });
  });

  it("posts a customer's reply to the inbound webhook, signed; after STOP Twilio refuses to text the number (21610) until START", async () => {
    const customer = '+19045550120';
    const answer = await standIn.reply(`${receiver.url}/inbound`, { from: customer, to: from, body: 'STOP' });
    expect(answer.status).toBe(200);
    const [last] = receiver.received.slice(-1);
    expect(last!.params).toMatchObject({ From: customer, To: from, Body: 'STOP', AccountSid: standIn.accountSid });
    expect(twilio.validateRequest(standIn.authToken, last!.signature, last!.url, last!.params)).toBe(true);
    expect(await create({ To: customer, From: from, Body: 'Hi' })).toEqual({ status: 400, body: twilioError(21610, 400) });
    await standIn.reply(`${receiver.url}/inbound`, { from: customer, to: from, body: 'start' });
    expect((await create({ To: customer, From: from, Body: 'Hi' })).status).toBe(201);
  });
});
