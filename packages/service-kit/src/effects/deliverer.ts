import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Job, JobResult, PgBoss } from 'pg-boss';
import { effectBatchReceiptSchema, type EffectBatch, type EffectBatchReceipt, type ServiceName } from '@repo/contracts';
import { EFFECT_BATCH_TOPIC, effectBatchPath, signedDeliveryHeaders } from './signing.ts';
import { deadLetterQueue, deliveryQueue, type DeliveryJob } from './topics.ts';
import type { DeliveryTuning } from './tuning.ts';

const MAX_ERROR_LENGTH = 300;

export type DelivererOptions = {
  service: ServiceName;
  key: string;
  peers: Record<ServiceName, string>;
  boss: PgBoss;
  tuning: DeliveryTuning;
  log: FastifyBaseLogger;
};

/**
 * One worker per subscriber queue: POSTs the messages it fetches, signed with the service's key, to the subscriber's
 * internal address in one call, and settles each job by the receiver's answer for it. A refused or unanswered delivery is retried with backoff; once the
 * retries are spent pg-boss moves it to the subscriber's dead letter queue. The receiver records the message id, so
 * a redelivery (a lost answer, a crashed sender) is answered `duplicate` and changes nothing.
 */
export async function startDeliverers(subscribers: readonly ServiceName[], options: DelivererOptions): Promise<void> {
  const { service, boss, tuning } = options;
  const queueOptions = {
    retryLimit: tuning.retryLimit,
    retryDelay: tuning.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: tuning.retryDelayMaxSeconds,
    expireInSeconds: tuning.expireInSeconds,
    retentionSeconds: tuning.retentionSeconds,
  };
  for (const to of subscribers) {
    const queue = deliveryQueue(service, to);
    const dead = deadLetterQueue(service, to);
    // Dead letters are kept as long as undelivered messages are, for staff to see.
    await boss.createQueue(dead, { retentionSeconds: tuning.retentionSeconds, deleteAfterSeconds: tuning.retentionSeconds });
    await boss.createQueue(queue, { ...queueOptions, deadLetter: dead, notify: true });
    // createQueue keeps an existing queue's settings, so apply the current ones on every start.
    await boss.updateQueue(queue, { ...queueOptions, deadLetter: dead, notify: true });
    await boss.work<DeliveryJob>(
      queue,
      {
        batchSize: tuning.batchSize,
        // A full batch means more are waiting: fetch again at once instead of waiting for a NOTIFY or the poll.
        burstWhenBatchFull: true,
        pollingIntervalSeconds: tuning.pollingIntervalSeconds,
        notifyPollingIntervalSeconds: tuning.pollingIntervalSeconds,
        perJobResults: true,
      },
      (jobs) => deliverBatch(to, jobs, options),
    );
  }
}

/**
 * Delivers the jobs the worker fetched in one signed call: the receiver applies them in one transaction and answers
 * per message, so each job is settled by its own result (a refused or failed message is retried alone).
 */
async function deliverBatch(to: ServiceName, jobs: Job<DeliveryJob>[], options: DelivererOptions): Promise<JobResult[]> {
  const { service, key, peers, tuning, log } = options;
  const failed = (job: Job<DeliveryJob>, message: string): JobResult => {
    const { messageId, topic, requestId } = job.data;
    log.warn({ messageId, requestId, to, topic, attempt: job.retryCount + 1, error: message }, 'effect delivery failed; it will be retried');
    return { id: job.id, status: 'failed', output: { message: message.slice(0, MAX_ERROR_LENGTH) } };
  };
  // In publish order: pg-boss fetches jobs made in one relay pass in no set order, and a receiver that keeps the newest
  // version of something would otherwise drop an older event (an appointment's booking) it sees second.
  const ordered = jobs.toSorted((a, b) => a.data.sequence - b.data.sequence);
  const batch: EffectBatch = {
    messages: ordered.map(({ data }) => ({ messageId: data.messageId, topic: data.topic, payload: data.payload, ...(data.requestId ? { requestId: data.requestId } : {}) })),
  };
  const body = JSON.stringify(batch);
  let receipt: EffectBatchReceipt;
  try {
    const response = await fetch(new URL(effectBatchPath, peers[to]), {
      method: 'POST',
      headers: signedDeliveryHeaders(service, key, { messageId: randomUUID(), topic: EFFECT_BATCH_TOPIC, body }),
      body,
      signal: AbortSignal.any([...jobs.map((job) => job.signal), AbortSignal.timeout(tuning.deliveryTimeoutMs)]),
    });
    const text = await response.text();
    if (!response.ok) return jobs.map((job) => failed(job, `${to} answered ${response.status}: ${errorMessage(text)}`));
    const parsed = effectBatchReceiptSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return jobs.map((job) => failed(job, `${to} answered with something other than a batch receipt`));
    receipt = parsed.data;
  } catch (err) {
    return jobs.map((job) => failed(job, describeNetworkError(err)));
  }
  const results = new Map(receipt.results.map((result) => [result.messageId, result]));
  return jobs.map((job) => {
    const result = results.get(job.data.messageId);
    if (!result) return failed(job, `${to} did not answer for this message`);
    if (result.status === 'applied' || result.status === 'duplicate') return { id: job.id, status: 'completed' };
    return failed(job, `${to} ${result.status === 'refused' ? 'refused' : 'failed to apply'} it: ${result.error ?? 'no reason given'}`);
  });
}

function errorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
  } catch {
    // Not our error shape (e.g. a proxy's page): show the start of it.
  }
  return body.slice(0, 120) || '(empty answer)';
}

function describeNetworkError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err.name === 'TimeoutError') return 'no answer in time';
  const cause = err.cause instanceof Error ? err.cause.message : undefined;
  return cause ? `${err.message}: ${cause}` : err.message;
}
