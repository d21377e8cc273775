/** What a background run reports a failure it did not handle itself to (the service's logger). */
export type RunLogger = { error(details: object, message: string): void };

/**
 * Work that outlives the request that started it (a customer import), tracked so the service can stop it and wait for
 * it when it closes: each run gets an AbortSignal that fires then.
 */
export class BackgroundRuns {
  readonly #runs = new Set<{ controller: AbortController; done: Promise<void> }>();
  #log: RunLogger = { error: (details, message) => console.error(message, details) };

  useLogger(log: RunLogger): void {
    this.#log = log;
  }

  get log(): RunLogger {
    return this.#log;
  }

  start(what: string, task: (signal: AbortSignal) => Promise<void>): void {
    const controller = new AbortController();
    const run = {
      controller,
      done: Promise.resolve()
        .then(() => task(controller.signal))
        .catch((err: unknown) => this.#log.error({ err }, `${what} failed`))
        .finally(() => this.#runs.delete(run)),
    };
    this.#runs.add(run);
  }

  /** How many runs are under way (for tests and shutdown). */
  get size(): number {
    return this.#runs.size;
  }

  async stopAll(): Promise<void> {
    const runs = [...this.#runs];
    for (const run of runs) run.controller.abort();
    await Promise.all(runs.map((run) => run.done));
  }
}
