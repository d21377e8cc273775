import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { bookableDates, wsPath, type ServiceName, type WsServerMessage } from '@repo/contracts';
import { waitFor } from '@repo/service-kit/testing';
import { openLiveSocket } from '@repo/ui/live-socket';
import type { ServiceProcesses } from './services.ts';
import { retryPause } from './wait.ts';

/** Longer than any answer can honestly take: past it a call counts as a hang. */
const HANG_MS = 15_000;

/** An HTTP answer, or status 0 with what went wrong on the network (refused, reset, no answer in time). */
export type Answer = { status: number; retryAfter: string | null; body: unknown; network?: string };

/**
 * The clients of the fault suite: bookings with Idempotency-Keys retried after a failure as a real client does, staff
 * assigning technicians, a technician's location updates and a staff WebSocket subscriber (the apps' own reconnecting
 * client, `openLiveSocket`). It counts what happened and records every answer no client should ever get: a 5xx other
 * than 503, a 503 without Retry-After or outside the error shape, no answer at all (a hang), or a refusal that makes no
 * sense for the call.
 */
/** What Fastify writes itself for a request that reaches a server that is closing. */
const fastifyClosingBody = JSON.stringify({ error: 'Service Unavailable', message: 'Service Unavailable', statusCode: 503 });

/** Thrown by a retrying client once the suite stopped the traffic and the grace period is over. */
class TrafficStopped extends Error {}

export class Traffic {
  readonly violations: string[] = [];
  readonly figures = {
    requests: 0,
    answered503: 0,
    closing503: 0,
    networkErrors: 0,
    bookingsAttempted: 0,
    bookingsCommitted: 0,
    bookingRetries: 0,
    assignmentsCommitted: 0,
    locationsCommitted: 0,
    wsOpens: 0,
    wsReconnects: 0,
    wsMessages: 0,
  };
  /** Idempotency-Key → the appointment its booking answered. */
  readonly committed = new Map<string, { id: number; email: string; manageToken: string }>();
  /** Appointment id → the technician its last acknowledged assignment named. */
  readonly assigned = new Map<number, string>();
  /** Technician id → the last acknowledged position. */
  readonly located = new Map<string, { lat: number; lng: number }>();
  /** When the staff subscriber last heard anything, and how many times it connected. */
  lastHeardAt = 0;
  private stopping = false;
  private giveUpAt = Number.POSITIVE_INFINITY;
  private loops: Promise<void>[] = [];
  private closeSocket: (() => void) | undefined;
  private readonly toAssign: number[] = [];
  private booked = 0;
  private slots: { date: string; slot: string }[] = [];
  technicians: string[] = [];
  token = '';

  constructor(private readonly services: ServiceProcesses, private readonly admin: { email: string; password: string }) {}

  async call(service: ServiceName, method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; auth?: boolean } = {}): Promise<Answer> {
    this.figures.requests += 1;
    const started = Date.now();
    try {
      const response = await fetch(`${this.services.url(service)}${path}`, {
        method,
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.auth ? { authorization: `Bearer ${this.token}` } : {}),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(HANG_MS),
      });
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const answer: Answer = { status: response.status, retryAfter: response.headers.get('retry-after'), body };
      this.judge(service, method, path, answer);
      return answer;
    } catch (err) {
      const error = err as Error & { cause?: { code?: string; message?: string } };
      if (error.name === 'TimeoutError') this.violations.push(`${method} ${service}${path}: no answer within ${HANG_MS} ms (a hang)`);
      this.figures.networkErrors += 1;
      return { status: 0, retryAfter: null, body: undefined, network: `${error.message}${error.cause ? `: ${error.cause.code ?? error.cause.message}` : ''} after ${Date.now() - started} ms` };
    }
  }

  private judge(service: ServiceName, method: string, path: string, answer: Answer) {
    const where = `${method} ${service}${path}`;
    if (answer.status === 503 && this.services.stopping(service) && JSON.stringify(answer.body) === fastifyClosingBody) {
      // Fastify's own answer to a request that arrives while the server closes (return503OnClosing), written before any
      // hook or error handler runs: counted apart, see the report.
      this.figures.closing503 += 1;
    } else if (answer.status === 503) {
      this.figures.answered503 += 1;
      const error = (answer.body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      if (!answer.retryAfter || !/^\d+$/.test(answer.retryAfter)) this.violations.push(`${where}: 503 without a Retry-After in seconds`);
      if (error?.code !== 'SERVICE_UNAVAILABLE' || typeof error.message !== 'string') this.violations.push(`${where}: 503 outside the error shape: ${JSON.stringify(answer.body)}`);
    } else if (answer.status >= 500) {
      this.violations.push(`${where}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    }
  }

  /** Signs staff in (retrying through outages) and reads what the traffic needs: technicians, free slots. */
  async prepare(): Promise<void> {
    const login = await waitFor('the admin to sign in', async () => {
      const answer = await this.call('accounts', 'POST', '/api/admin/login', { body: this.admin });
      return answer.status === 200 ? (answer.body as { token: string }) : undefined;
    });
    this.token = login.token;
    const technicians = await waitFor('the seeded technicians', async () => {
      const answer = await this.call('tracking', 'GET', '/api/technicians', { auth: true });
      return answer.status === 200 && (answer.body as unknown[]).length > 0 ? (answer.body as { id: string }[]) : undefined;
    });
    this.technicians = technicians.map((technician) => technician.id);
    for (const date of bookableDates().slice(1, 6)) {
      const answer = await this.call('booking', 'GET', `/api/appointments/available-slots?date=${date}`);
      if (answer.status !== 200) throw new Error(`free slots of ${date} answered ${answer.status}`);
      for (const slot of (answer.body as { availableSlots: string[] }).availableSlots) this.slots.push({ date, slot });
    }
    if (this.slots.length === 0) throw new Error('no free slot in the next days');
    // Tracking tells booking of its seeded technicians through a durable effect: assign once booking has heard of each.
    const first = await this.book(this.booked++);
    for (const technicianId of this.technicians) {
      await waitFor(`booking to know technician ${technicianId}`, async () => {
        const answer = await this.call('booking', 'PUT', `/api/appointments/${first.id}/assign`, { body: { technicianId }, auth: true });
        return answer.status === 200;
      });
      this.assigned.set(first.id, technicianId);
      this.figures.assignmentsCommitted += 1;
    }
  }

  /** A visitor's booking request in one of the free slots of the next days. */
  bookingRequest(n: number, email: string) {
    const { date, slot } = this.slots[Math.abs(n) % this.slots.length]!;
    return {
      customerName: `Fault Visitor ${n}`, email, phone: '(904) 555-0100', address: '1 King St', city: 'St Augustine', state: 'FL',
      zipCode: '32084', serviceType: 'Repair', appliance: 'Washer', brand: 'LG', description: 'Fault suite', appointmentDate: date, timeSlot: slot,
    };
  }

  /** Books one appointment with a fresh Idempotency-Key, retrying the same request until it is answered. */
  async book(n: number): Promise<{ id: number; manageToken: string }> {
    this.figures.bookingsAttempted += 1;
    const key = randomUUID();
    const email = `faults-${n}-${key.slice(0, 8)}@example.com`;
    const body = this.bookingRequest(n, email);
    for (let attempt = 0; ; attempt += 1) {
      if (attempt > 0) this.figures.bookingRetries += 1;
      const answer = await this.call('booking', 'POST', '/api/appointments', { body, headers: { 'idempotency-key': key } });
      if (answer.status === 201 || answer.status === 200) {
        const booked = answer.body as { appointment: { id: number }; manageToken: string };
        this.committed.set(key, { id: booked.appointment.id, email, manageToken: booked.manageToken });
        this.figures.bookingsCommitted += 1;
        return { id: booked.appointment.id, manageToken: booked.manageToken };
      }
      // 409: the first try of this key is still being processed; 429/503/no answer: try again shortly.
      if (answer.status !== 0 && ![409, 429, 503].includes(answer.status)) this.violations.push(`booking answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      this.checkGiveUp();
      await retryPause();
    }
  }

  /** Staff assign a technician, retrying until booking acknowledges it. */
  async assign(id: number, technicianId: string): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await this.call('booking', 'PUT', `/api/appointments/${id}/assign`, { body: { technicianId }, auth: true });
      if (answer.status === 200) {
        this.assigned.set(id, technicianId);
        this.figures.assignmentsCommitted += 1;
        return;
      }
      if (answer.status !== 0 && ![429, 503].includes(answer.status)) this.violations.push(`assignment answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      this.checkGiveUp();
      await retryPause();
    }
  }

  /** A technician's new position, retried until tracking acknowledges it. */
  async locate(technicianId: string, n: number): Promise<void> {
    const position = { lat: 29.89 + (n % 100) / 10_000, lng: -81.31 - (n % 100) / 10_000 };
    for (let attempt = 0; ; attempt += 1) {
      const answer = await this.call('tracking', 'PUT', `/api/technicians/${technicianId}/location`, { body: position, auth: true });
      if (answer.status === 200) {
        this.located.set(technicianId, position);
        this.figures.locationsCommitted += 1;
        return;
      }
      if (answer.status !== 0 && ![429, 503].includes(answer.status)) this.violations.push(`location update answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      this.checkGiveUp();
      await retryPause();
    }
  }

  /** Starts the flows: bookings, assignments of what was booked, location updates and the staff live socket. */
  start(): void {
    let moving = 0;
    const loop = (step: () => Promise<void>) =>
      (async () => {
        while (!this.stopping) {
          await step();
          await retryPause(50);
        }
      })();
    this.loops = [
      loop(async () => {
        const { id } = await this.book(this.booked++);
        this.toAssign.push(id);
      }),
      loop(async () => {
        const id = this.toAssign.shift();
        if (id !== undefined) await this.assign(id, this.technicians[id % this.technicians.length]!);
      }),
      loop(async () => {
        await this.locate(this.technicians[moving % this.technicians.length]!, moving);
        moving += 1;
      }),
    ];
    const token = this.token;
    // The browser's WebSocket carries the page's cookie; this client is a program, so it sends the staff bearer token.
    class StaffSocket extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { authorization: `Bearer ${token}` } });
      }
    }
    this.closeSocket = openLiveSocket({
      url: `${this.services.url('tracking').replace(/^http/, 'ws')}${wsPath}`,
      subscribe: [{ type: 'subscribe_all' }],
      backoff: { initialMs: 100, maxMs: 1_000 },
      WebSocketImpl: StaffSocket as unknown as typeof globalThis.WebSocket,
      onState: (state) => {
        if (state === 'connected') this.figures.wsOpens += 1;
      },
      onReconnected: () => {
        this.figures.wsReconnects += 1;
      },
      onMessage: (message: WsServerMessage) => {
        this.figures.wsMessages += 1;
        if (message.type === 'location_update' || message.type === 'tracking_update') this.lastHeardAt = Date.now();
      },
    });
  }

  private checkGiveUp(): void {
    if (Date.now() > this.giveUpAt) throw new TrafficStopped('the traffic was stopped');
  }

  /**
   * Stops the flows once their current call went through, so every attempt ends in a known answer; a call still failing
   * after `graceMs` is abandoned (and the loop's error reported).
   */
  async stop(graceMs = 60_000): Promise<void> {
    this.stopping = true;
    this.giveUpAt = Date.now() + graceMs;
    const results = await Promise.allSettled(this.loops);
    this.closeSocket?.();
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw (failure as PromiseRejectedResult).reason;
  }

  /** Waits until every flow has made progress since now: bookings, assignments and locations committed, the socket heard an update. */
  async progressed(what: string, timeoutMs = 90_000): Promise<void> {
    const since = Date.now();
    const before = { ...this.figures };
    await waitFor(`traffic to flow again after ${what}`, () =>
      this.figures.bookingsCommitted > before.bookingsCommitted + 2 &&
      this.figures.assignmentsCommitted > before.assignmentsCommitted &&
      this.figures.locationsCommitted > before.locationsCommitted + 2 &&
      this.lastHeardAt > since, timeoutMs);
  }
}
