import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  effectBatchReceiptSchema,
  effectBatchSchema,
  effectReceiptSchema,
  internalPathPrefix,
  type EffectBatchReceipt,
  type EffectReceipt,
  type ServiceName,
} from '@repo/contracts';
import { EnvError } from '../env.ts';
import { errorResponses } from '../error-responses.ts';
import { badRequest, DomainError, forbidden, unauthorized } from '../errors.ts';
import type { EffectsEnv } from './env.ts';
import { DEFAULT_MAX_SKEW_SECONDS, verifySignedRequest } from './signed-request.ts';
import { EFFECT_BATCH_TOPIC, effectBatchPath } from './signing.ts';
import { withRequestId } from '../request-context.ts';

/** A message's id, sender and topic, and the id of the request whose work published it, when there was one. */
export type EffectMeta = { messageId: string; from: ServiceName; topic: string; requestId?: string };

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
 * The receiving side of durable cross-service effects: `POST /internal/effects/:topic` (one message) and
 * `POST /internal/effect-batches` (several, as senders deliver them), for peers only (the public gateway never routes
 * /internal/). A delivery must be signed by a sender named in TRUSTED_SERVICE_KEYS (401), for a
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

  /**
   * Runs a message's handler for the request that published it, so the events it publishes in turn carry that
   * request's id on (a message without one runs for the delivery's own request).
   */
  const runHandler = (trx: Transaction<any>, sender: ServiceName, message: Checked) => {
    const meta: EffectMeta = { messageId: message.messageId, from: sender, topic: message.topic, ...(message.requestId ? { requestId: message.requestId } : {}) };
    const apply = () => message.handler.apply(trx as Transaction<DB>, message.payload, meta);
    return message.requestId ? withRequestId(message.requestId, apply) : apply();
  };

  /** Applies one message in its own transaction with the record of its id; false when it was applied before. */
  const applyOne = (sender: ServiceName, message: Checked) =>
    db.transaction().execute(async (trx) => {
      const recorded = await trx
        .insertInto('received_effects')
        .values({ message_id: message.messageId, topic: message.topic, sender })
        .onConflict((conflict) => conflict.column('message_id').doNothing())
        .returning('message_id')
        .executeTakeFirst();
      if (!recorded) return false;
      await runHandler(trx, sender, message);
      return true;
    });

  /**
   * Applies a batch in one transaction (one commit for all of them). When a handler throws, that transaction is rolled
   * back and each message is applied in its own, so one failing message holds back no other.
   */
  async function applyBatch(sender: ServiceName, messages: Checked[]): Promise<Map<string, BatchResult>> {
    try {
      return await db.transaction().execute(async (trx) => {
        const recorded = await trx
          .insertInto('received_effects')
          .values(messages.map((message) => ({ message_id: message.messageId, topic: message.topic, sender })))
          .onConflict((conflict) => conflict.column('message_id').doNothing())
          .returning('message_id')
          .execute();
        const fresh = new Set(recorded.map((row: { message_id: string }) => row.message_id));
        const results = new Map<string, BatchResult>();
        for (const message of messages) {
          if (fresh.has(message.messageId)) await runHandler(trx, sender, message);
          results.set(message.messageId, { messageId: message.messageId, status: fresh.has(message.messageId) ? 'applied' : 'duplicate' });
        }
        return results;
      });
    } catch {
      const results = new Map<string, BatchResult>();
      for (const message of messages) {
        try {
          results.set(message.messageId, { messageId: message.messageId, status: (await applyOne(sender, message)) ? 'applied' : 'duplicate' });
        } catch (err) {
          results.set(message.messageId, { messageId: message.messageId, status: 'failed', error: err instanceof Error ? err.message : String(err) });
        }
      }
      return results;
    }
  }

  /** The handler of `topic` for `sender` with the payload checked against its schema, or the reason it is refused. */
  function check(sender: ServiceName, topic: string, payload: unknown): { handler: EffectHandler<any, DB>; payload: unknown } | DomainError {
    const handler = handlers[topic];
    if (!handler?.from.includes(sender)) return forbidden(`${sender} may not send ${topic} effects to ${service}.`);
    const parsed = handler.schema.safeParse(payload);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || '(body)'] ??= issue.message;
      return badRequest([...new Set(Object.values(fields))].join('. '), fields);
    }
    return { handler, payload: parsed.data };
  }

  const parseJson = (body: string): unknown => {
    try {
      return JSON.parse(body);
    } catch {
      throw badRequest('The request body is not valid JSON.');
    }
  };

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
      if (!handlers[topic]?.from.includes(sender)) throw forbidden(`${sender} may not send ${topic} effects to ${service}.`);
      const checked = check(sender, topic, parseJson(body));
      if (checked instanceof DomainError) throw checked;
      const applied = await applyOne(sender, { messageId, topic, ...checked });
      request.log.info({ messageId, from: sender, topic, applied }, applied ? 'effect applied' : 'effect already applied');
      return { messageId, status: applied ? 'applied' : 'duplicate' };
    },
  );

  app.post<{ Body: string }>(
    effectBatchPath,
    { config: { rateLimit: false }, schema: { hide: true, response: { 200: effectBatchReceiptSchema, ...errorResponses(400, 401) } } },
    async (request): Promise<EffectBatchReceipt> => {
      const body = typeof request.body === 'string' ? request.body : '';
      const signed = verifySignedRequest(request, { trusted, topic: EFFECT_BATCH_TOPIC, body, maxSkewSeconds: maxSkew });
      if (!signed) throw unauthorized('This delivery is not signed by a known service.');
      const { sender } = signed;
      const batch = effectBatchSchema.safeParse(parseJson(body));
      if (!batch.success) throw badRequest(batch.error.issues.map((issue) => issue.message).join('. '));

      const results = new Map<string, BatchResult>();
      const valid: Checked[] = [];
      for (const { messageId, topic, payload, requestId } of batch.data.messages) {
        // A message id twice in one batch is one message: the later copy is a duplicate.
        if (results.has(messageId) || valid.some((message) => message.messageId === messageId)) continue;
        const checked = check(sender, topic, payload);
        if (checked instanceof DomainError) results.set(messageId, { messageId, status: 'refused', error: checked.message });
        else valid.push({ messageId, topic, ...checked, ...(requestId ? { requestId } : {}) });
      }
      if (valid.length > 0) for (const [id, result] of await applyBatch(sender, valid)) results.set(id, result);
      // One line per batch, naming each message with the request that published it: one request id finds a booking's
      // events in every service's log.
      const effects = batch.data.messages.map(({ messageId, topic, requestId }) => ({ messageId, topic, requestId, status: results.get(messageId)?.status }));
      request.log.info({ from: sender, messages: effects.length, effects }, 'effect batch received');
      return {
        results: batch.data.messages.map(({ messageId }, index) => {
          const first = batch.data.messages.findIndex((message) => message.messageId === messageId) === index;
          return first ? results.get(messageId)! : { messageId, status: 'duplicate' as const };
        }),
      };
    },
  );
}

type Checked = { messageId: string; topic: string; handler: EffectHandler<any, any>; payload: unknown; requestId?: string };
type BatchResult = EffectBatchReceipt['results'][number];
