import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { effectReceiptSchema, internalPathPrefix, type EffectReceipt, type ServiceName } from '@repo/contracts';
import { EnvError } from '../env.ts';
import { errorResponses } from '../error-responses.ts';
import { badRequest, forbidden, unauthorized } from '../errors.ts';
import type { EffectsEnv } from './env.ts';
import { DEFAULT_MAX_SKEW_SECONDS, verifySignedRequest } from './signed-request.ts';

export type EffectMeta = { messageId: string; from: ServiceName; topic: string };

/**
 * How a receiver applies one topic: who may send it, its payload schema, and the change it makes in the receiving
 * service's database (`DB`, that service's own table types).
 */
export type EffectHandler<S extends z.ZodType = z.ZodType, DB = any> = {
  from: readonly ServiceName[];
  schema: S;
  /** Runs in the transaction that records the message id; throw to refuse it (the sender retries). */
  apply: (trx: Transaction<DB>, payload: z.output<S>, meta: EffectMeta) => Promise<void>;
};

/**
 * Declares a handler with its payload typed from its schema and its transaction typed by the service's database
 * (taken from where the handler is used: `effectsReceiver<BookingDatabase>`'s handlers).
 */
export const effectHandler = <S extends z.ZodType, DB = any>(handler: EffectHandler<S, DB>): EffectHandler<S, DB> => handler;

export type EffectsReceiverOptions<DB = any> = {
  service: ServiceName;
  db: Kysely<DB>;
  env: EffectsEnv;
  handlers: Record<string, EffectHandler<any, DB>>;
  /** How far a delivery's timestamp may be from this server's clock. */
  maxClockSkewSeconds?: number;
};

/**
 * The receiving side of durable cross-service effects: `POST /internal/effects/:topic`, for peers only (the public
 * gateway never routes /internal/). A delivery must be signed by a sender named in TRUSTED_SERVICE_KEYS (401), for a
 * topic that sender may send (403), with a payload matching the topic's schema (400). It is applied in one
 * transaction with the record of its message id, so a redelivery is answered `duplicate` without applying it again,
 * and a failing handler leaves no record, so the retry applies it. The table is the kit's, created by
 * `migrateServiceDatabase` with the service's own migrations.
 */
export async function effectsReceiver<DB>(app: FastifyInstance, options: EffectsReceiverOptions<DB>): Promise<void> {
  const { service, handlers } = options;
  // received_effects is the kit's own table (see db/kit-migrations.ts), not part of the service's DB type.
  const db = options.db as Kysely<any>;
  const trusted = options.env.TRUSTED_SERVICE_KEYS ?? {};
  if (Object.keys(trusted).length === 0) {
    throw new EnvError(service, [`TRUSTED_SERVICE_KEYS is required (e.g. booking=<booking's SERVICE_KEY>): ${service} receives effects`]);
  }
  const senders = new Set(Object.values(handlers).flatMap((handler) => handler.from));
  const untrusted = [...senders].filter((sender) => !trusted[sender]);
  if (untrusted.length > 0) {
    throw new EnvError(service, untrusted.map((sender) => `TRUSTED_SERVICE_KEYS must include ${sender}'s key: ${service} receives effects from it`));
  }
  const maxSkew = options.maxClockSkewSeconds ?? DEFAULT_MAX_SKEW_SECONDS;

  // The signature covers the exact bytes sent, so the body is kept as text and parsed after the signature is checked.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post<{ Params: { topic: string }; Body: string }>(
    `${internalPathPrefix}effects/:topic`,
    { config: { rateLimit: false }, schema: { hide: true, response: { 200: effectReceiptSchema, ...errorResponses(400, 401, 403) } } },
    async (request): Promise<EffectReceipt> => {
      const { topic } = request.params;
      const body = typeof request.body === 'string' ? request.body : '';
      const signed = verifySignedRequest(request, { trusted, topic, body, maxSkewSeconds: maxSkew });
      if (!signed) throw unauthorized('This delivery is not signed by a known service.');
      const { sender, messageId } = signed;
      const handler = handlers[topic];
      if (!handler?.from.includes(sender)) throw forbidden(`${sender} may not send ${topic} effects to ${service}.`);

      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw badRequest('The request body is not valid JSON.');
      }
      const parsed = handler.schema.safeParse(json);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || '(body)'] ??= issue.message;
        throw badRequest([...new Set(Object.values(fields))].join('. '), fields);
      }
      const meta: EffectMeta = { messageId, from: sender, topic };
      const applied = await db.transaction().execute(async (trx) => {
        const recorded = await trx
          .insertInto('received_effects')
          .values({ message_id: messageId, topic, sender })
          .onConflict((conflict) => conflict.column('message_id').doNothing())
          .returning('message_id')
          .executeTakeFirst();
        if (!recorded) return false;
        await handler.apply(trx as Transaction<DB>, parsed.data, meta);
        return true;
      });
      request.log.info({ ...meta, applied }, applied ? 'effect applied' : 'effect already applied');
      return { messageId, status: applied ? 'applied' : 'duplicate' };
    },
  );
}
