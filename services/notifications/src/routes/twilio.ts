// Twilio's request validation alone: the package's entry point loads every Twilio API's client (8 MB more in the bundle).
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import { z } from 'zod';
import { notificationMessages, twilioInboundPath, twilioStatusCallbackPath } from '@repo/contracts';
import { badRequest, errorResponses, forbidden, type ServiceApp } from '@repo/service-kit';
import type { FastifyRequest } from 'fastify';
import type { NotificationsContext, SmsContext } from '../use-cases/context.ts';
import { twilioStatuses } from '../domain/texts.ts';
import { applyTextStatus, hearText } from '../use-cases/hear-twilio.ts';

const webhookBodyLimit = 64 * 1024;

const statusCallbackSchema = z.looseObject({
  MessageSid: z.string({ error: 'MessageSid is required' }).regex(/^(SM|MM)[0-9a-fA-F]{32}$/, 'MessageSid must be SM followed by 32 hexadecimal digits'),
  MessageStatus: z.enum(twilioStatuses, { error: 'MessageStatus must be one of Twilio’s message statuses' }),
  ErrorCode: z.string().regex(/^\d{1,6}$/, 'ErrorCode must be a number').optional(),
});

const inboundSchema = z.looseObject({
  MessageSid: z.string({ error: 'MessageSid is required' }).regex(/^(SM|MM)[0-9a-fA-F]{32}$/, 'MessageSid must be SM followed by 32 hexadecimal digits'),
  From: z.string({ error: 'From is required' }).min(1, 'From is required').max(64, 'From is at most 64 characters'),
  Body: z.string({ error: 'Body is required' }).max(1600, 'Body is at most 1600 characters'),
});

/** recorded: the text's state changed; unchanged: nothing to change; held: no text has the SID yet, the final status is kept for it. */
const statusAnswerSchema = z.object({ status: z.enum(['recorded', 'unchanged', 'held']) });

/** The form Twilio posted, as name → value (the last of a repeated name); an empty object for any other body. */
const formOf = (request: FastifyRequest): Record<string, string> =>
  typeof request.body === 'string' && /^application\/x-www-form-urlencoded/i.test(request.headers['content-type'] ?? '') ? Object.fromEntries(new URLSearchParams(request.body)) : {};

/**
 * Checked with Twilio's own library: X-Twilio-Signature over the URL Twilio called (the public origin it was given,
 * TWILIO_WEBHOOK_ORIGIN, and this request's path and query) and the form's parameters. 403 otherwise, before the form
 * is read any further.
 */
function verified(sms: SmsContext, request: FastifyRequest): Record<string, string> {
  const params = formOf(request);
  const signature = request.headers['x-twilio-signature'];
  if (typeof signature !== 'string' || !validateRequest(sms.authToken, signature, `${sms.webhookOrigin}${request.url}`, params)) {
    throw forbidden(notificationMessages.badSignature);
  }
  return params;
}

function parsed<T>(schema: z.ZodType<T>, params: Record<string, string>): T {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  const fields = Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  throw badRequest(result.error.issues[0]?.message ?? 'The form is not Twilio’s.', fields);
}

/**
 * Twilio's webhooks, public through the gateway and registered only when texts are configured: a text's status
 * callbacks, and the customers' replies (STOP, START, HELP). Both read Twilio's form body as text; a request not
 * signed by Twilio with this account's token is refused (403) before its form is looked at, a signed one that is not
 * Twilio's form gets a 400.
 */
export async function twilioRoutes(app: ServiceApp, { ctx, sms }: { ctx: NotificationsContext; sms: SmsContext }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: webhookBodyLimit }, (_request, body, done) => done(null, body));
  const tags = ['twilio'];

  app.post(twilioStatusCallbackPath, {
    schema: {
      tags,
      summary: "Twilio's status callback for a text: delivered, undelivered or failed",
      description:
        'Form-encoded as Twilio posts it (MessageSid, MessageStatus, ErrorCode…), signed with X-Twilio-Signature: unsigned or ' +
        'wrongly signed, 403; signed but not a status callback, 400. A final status (delivered, read, undelivered, failed) for a ' +
        'MessageSid no text has yet (Twilio called back before the send job stored it) is kept and applied when it is stored: ' +
        '200 held; any other status for such a MessageSid, 404.',
      response: { 200: statusAnswerSchema, ...errorResponses(400, 403, 404) },
    },
  }, async (request) => {
    const form = parsed(statusCallbackSchema, verified(sms, request));
    const answer = await applyTextStatus(ctx, { sid: form.MessageSid, status: form.MessageStatus, ...(form.ErrorCode ? { errorCode: form.ErrorCode } : {}) });
    request.log.info({ messageSid: form.MessageSid, status: form.MessageStatus }, 'Twilio status');
    return answer;
  });

  app.post(twilioInboundPath, {
    schema: {
      tags,
      summary: "A customer's text to the business: STOP, START, HELP, or C or R answering the day-before reminder",
      description:
        'Form-encoded as Twilio posts an incoming message (From, Body…), signed with X-Twilio-Signature: unsigned or wrongly ' +
        'signed, 403; signed but without MessageSid, From or Body, 400. Answers TwiML: the help text for HELP; for C (confirm) or R (call ' +
        'back), thanks once booking is told, or the business\'s number when no reminder waits for an answer; nothing otherwise.',
      response: { 200: z.string().describe('TwiML'), ...errorResponses(400, 403) },
    },
  }, async (request, reply) => {
    const form = parsed(inboundSchema, verified(sms, request));
    const answer = await hearText(ctx, { from: form.From, body: form.Body, sid: form.MessageSid });
    return reply.type('text/xml; charset=utf-8').serializer((payload) => String(payload)).send(answer);
  });
}
