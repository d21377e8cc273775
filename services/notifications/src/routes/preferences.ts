import { z } from 'zod';
import {
  messagePreferencesByKeyPath,
  messagePreferencesPath,
  messagePreferencesSchema,
  oneClickUnsubscribePath,
  oneClickUnsubscribeQuerySchema,
  preferencesByKeyRequestSchema,
  updateMessagePreferencesSchema,
  updatePreferencesByKeySchema,
} from '@repo/contracts';
import { badRequest, errorResponses, type ServiceApp } from '@repo/service-kit';
import type { FastifyRequest } from 'fastify';
import type { NotificationsContext } from '../use-cases/context.ts';
import { provenOwner, readKeyPreferences, readSessionPreferences, unsubscribeOneClick, updateKeyPreferences, updateSessionPreferences } from '../use-cases/message-preferences.ts';

const oneClickBodyLimit = 16 * 1024;
const oneClickAnswerSchema = z.object({ unsubscribed: z.literal(true) });

/**
 * RFC 8058 says the mail client posts `List-Unsubscribe=One-Click`, form-encoded or as multipart/form-data; anything
 * else is not a one-click unsubscribe (a link scanner's stray POST, say).
 */
function isOneClick(request: FastifyRequest): boolean {
  const body = typeof request.body === 'string' ? request.body : '';
  const type = request.headers['content-type'] ?? '';
  if (/^application\/x-www-form-urlencoded/i.test(type)) return new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click';
  if (/^multipart\/form-data/i.test(type)) return /name="List-Unsubscribe"\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/.test(body);
  return false;
}

/** The one-click unsubscribe: the mail client's form body, read as text in this route's scope alone. */
async function oneClickRoute(app: ServiceApp, { ctx }: { ctx: NotificationsContext }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: oneClickBodyLimit }, (_request, body, done) => done(null, body));
  app.post(oneClickUnsubscribePath, {
    schema: {
      tags: ['preferences'],
      summary: 'One-click unsubscribe from an optional email (RFC 8058)',
      description:
        'The URL carries the customer’s preferences key and the topic; the body is `List-Unsubscribe=One-Click`, form-encoded ' +
        'or multipart. Turns that topic’s emails off. A malformed key or topic, or another body, 400; a key nobody was given, 404.',
      querystring: oneClickUnsubscribeQuerySchema,
      response: { 200: oneClickAnswerSchema, ...errorResponses(400, 404) },
    },
  }, async (request) => {
    if (!isOneClick(request)) throw badRequest('Post List-Unsubscribe=One-Click to unsubscribe (RFC 8058).');
    await unsubscribeOneClick(ctx, request.query.key, request.query.topic);
    return { unsubscribed: true as const };
  });
}

/**
 * A customer's choice of optional messages: signed in with a proven email (the portal's Account Info), or with the key
 * from the link in such an email (no session; the key travels in the body, never in a URL a log keeps), and the
 * one-click unsubscribe that mail clients post.
 */
export async function preferenceRoutes(app: ServiceApp, { ctx }: { ctx: NotificationsContext }) {
  // A customer, and one whose email is proven, both checked before the body is read.
  const customer = [app.requireRole('customer'), async (request: FastifyRequest) => void provenOwner(request.session!)];
  const tags = ['preferences'];

  app.get(messagePreferencesPath, {
    onRequest: customer,
    schema: {
      tags,
      summary: 'The signed-in customer’s choice of optional messages, by topic and channel',
      description: 'For the session’s email, once proven: 403 until then.',
      response: { 200: messagePreferencesSchema, ...errorResponses(403) },
    },
  }, async (request) => readSessionPreferences(ctx, request.session!));

  app.put(messagePreferencesPath, {
    onRequest: customer,
    schema: {
      tags,
      summary: 'Change the signed-in customer’s choice of optional messages',
      description: 'Every topic with email and sms, true (send) or false (do not). For the session’s email, once proven: 403 until then.',
      body: updateMessagePreferencesSchema,
      response: { 200: messagePreferencesSchema, ...errorResponses(403) },
    },
  }, async (request) => updateSessionPreferences(ctx, request.session!, request.body.choices));

  app.post(messagePreferencesByKeyPath, {
    schema: {
      tags,
      summary: 'The choice of optional messages a preferences link opens (its key in the body)',
      description: 'No session needed: the key from an optional email’s link. The email is shown partly hidden. A key nobody was given, 404.',
      body: preferencesByKeyRequestSchema,
      response: { 200: messagePreferencesSchema, ...errorResponses(404) },
    },
  }, async (request) => readKeyPreferences(ctx, request.body.key));

  app.put(messagePreferencesByKeyPath, {
    schema: {
      tags,
      summary: 'Change the choice of optional messages a preferences link opens',
      body: updatePreferencesByKeySchema,
      response: { 200: messagePreferencesSchema, ...errorResponses(404) },
    },
  }, async (request) => updateKeyPreferences(ctx, request.body.key, request.body.choices));

  await app.register(oneClickRoute, { ctx });
}
