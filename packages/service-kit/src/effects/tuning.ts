/**
 * Delivery timing. The defaults retry with exponential backoff (about 1 s, 2 s, 4 s … capped at 5 minutes) for about
 * a day before a message is dead-lettered, and a delivery whose sender died is retried within about 45 seconds.
 */
export type DeliveryTuning = {
  /** One HTTP attempt may take this long; must be shorter than `expireInSeconds`. */
  deliveryTimeoutMs: number;
  /** An attempt still active after this long (its sender crashed) is failed and retried by the next supervisor pass. */
  expireInSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** A message never delivered is dropped after this long; must cover the whole retry horizon. */
  retentionSeconds: number;
  /** How often the supervisor expires crashed attempts (and refreshes pg-boss's statistics). */
  superviseIntervalSeconds: number;
  /** Backstop poll; new messages wake the relay and the workers at once through LISTEN/NOTIFY, retries come due by this poll. */
  pollingIntervalSeconds: number;
  /** Messages one delivery call carries at most (the receiver applies them in one transaction). */
  batchSize: number;
  /** Outbox rows the relay moves to the subscribers' queues per transaction. */
  relayBatchSize: number;
  /**
   * The relay moves published rows at most this often: a publish after a quiet spell moves at once, a stream of them
   * moves in batches (adds at most this to a delivery's latency).
   */
  relayIntervalMs: number;
  /** On shutdown, how long in-flight deliveries may finish before they are failed (and so retried later). */
  stopTimeoutMs: number;
};

export const defaultDeliveryTuning: DeliveryTuning = {
  deliveryTimeoutMs: 10_000,
  expireInSeconds: 30,
  retryLimit: 300,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 300,
  retentionSeconds: 7 * 24 * 60 * 60,
  superviseIntervalSeconds: 15,
  pollingIntervalSeconds: 5,
  batchSize: 50,
  relayBatchSize: 200,
  relayIntervalMs: 50,
  stopTimeoutMs: 5_000,
};
