import type { RawData, WebSocket } from 'ws';
import { trackingAppointmentIdSchema, wsClientMessageSchema, wsMessages, type WsClientMessage, type WsServerMessage } from '@repo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TechnicianMoved, TrackingChanged } from './live-channels.ts';
import { stillHolds, type TrackingAccess } from './tracking-access.ts';

/** Who is on the other end of a socket, decided once on its upgrade from its session. */
export type LiveViewer = {
  /** Staff may follow every appointment at once (`subscribe_all`). */
  staff: boolean;
  /**
   * How this viewer may follow the appointment, with the link token the subscribe message carried (if any), or
   * undefined when they may not. Rejects only when it cannot be decided (the database is down): the socket is then
   * closed so the client retries.
   */
  mayFollow: (appointmentId: number, access: string | undefined) => Promise<TrackingAccess | undefined>;
};

export type LiveHubOptions = {
  log: FastifyBaseLogger;
  /** A ping this often; a socket that has not answered the previous one is dropped. */
  heartbeatMs: number;
  /** Appointments one socket may follow at once. */
  maxSubscriptions: number;
  /** Client messages waiting for an answer on one socket before it is closed for flooding (1008). */
  maxQueuedMessages?: number;
  /** Unsent bytes a socket may hold before it counts as stuck and is dropped (a reader that stopped reading). */
  maxBufferedBytes?: number;
};

type Client = {
  socket: WebSocket;
  viewer: LiveViewer;
  /** The appointments it follows (canonical ids, as the channels carry them), each with how it was allowed to. */
  appointments: Map<string, TrackingAccess>;
  /** Follows everything (staff). */
  all: boolean;
  /** Answered the last ping. */
  alive: boolean;
  closed: boolean;
  /** The client's messages are answered one after another, in order. */
  queue: Promise<void>;
  queued: number;
};

/** Close codes (RFC 6455 and the IANA registry): the client's reconnect logic retries all of them. */
const closeCodes = { policy: 1008, internalError: 1011, serviceRestart: 1012 } as const;

/** Each message is serialised once, then written as is to every recipient. */
const frame = (message: WsServerMessage) => Buffer.from(JSON.stringify(message));

const malformedFrame = frame({ type: 'error', message: wsMessages.malformed });
const staffOnlyFrame = frame({ type: 'error', message: wsMessages.staffOnly });
const allFrame = frame({ type: 'subscribed', appointmentId: null });
const noLongerAllowed = (appointmentId: string) => frame({ type: 'error', message: wsMessages.notAllowed, appointmentId });
const asText = { binary: false } as const;

function parseClientMessage(data: RawData, isBinary: boolean): WsClientMessage | undefined {
  if (isBinary) return undefined;
  try {
    const parsed = wsClientMessageSchema.safeParse(JSON.parse(String(data)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This instance's live sockets and what each follows, indexed by appointment so an update costs only its recipients.
 * Updates come from the database channels (see live-channels.ts), so every instance relays every change to its own
 * sockets: a subscriber of an appointment hears that appointment's tracking updates, and the moves of its technician
 * only while the technician is on the way to it; a staff socket following everything hears all of them; nobody else
 * hears anything.
 *
 * Access is checked when a subscription is made, and again by each change of the appointment: a technician taken off
 * the job (or an owner who no longer owns it) is told they may no longer follow it (an `error` naming it) instead of
 * hearing the change, and hears nothing of it after. A subscription still being checked when the appointment changes
 * is checked again. A link that lapses while its holder is subscribed keeps delivering until that socket reconnects
 * (the next subscribe is checked again); a session that ends closes its socket (ws.ts).
 */
export class LiveHub {
  private readonly clients = new Map<WebSocket, Client>();
  private readonly followers = new Map<string, Set<Client>>();
  private readonly everything = new Set<Client>();
  /** Subscriptions being checked, by appointment: a change meanwhile makes their answer stale. */
  private readonly checking = new Map<string, Set<{ stale: boolean }>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly maxQueued: number;
  private readonly maxBuffered: number;

  constructor(private readonly options: LiveHubOptions) {
    this.maxQueued = options.maxQueuedMessages ?? options.maxSubscriptions * 2;
    this.maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  add(socket: WebSocket, viewer: LiveViewer): void {
    const client: Client = { socket, viewer, appointments: new Map(), all: false, alive: true, closed: false, queue: Promise.resolve(), queued: 0 };
    this.clients.set(socket, client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (data, isBinary) => this.receive(client, parseClientMessage(data, isBinary)));
    socket.once('close', () => this.remove(client));
    // Oversized or invalid frames: ws closes the socket itself (1009, 1002); without a listener the error would throw.
    socket.on('error', (err) => this.options.log.debug({ err }, 'websocket error'));
  }

  /**
   * A tracking record changed: its followers and the staff sockets are told to refetch it, except followers whose
   * access went with the change (`stillHolds`), who are told they may no longer follow it and stop following it.
   */
  trackingChanged({ appointmentId, ...followers }: TrackingChanged): void {
    for (const check of this.checking.get(appointmentId) ?? []) check.stale = true;
    const message = frame({ type: 'tracking_update', appointmentId });
    for (const client of this.everything) this.deliver(client, message);
    for (const client of [...(this.followers.get(appointmentId) ?? [])]) {
      if (client.all) continue;
      if (stillHolds(client.appointments.get(appointmentId)!, followers)) {
        this.deliver(client, message);
      } else {
        this.unfollow(client, appointmentId);
        this.deliver(client, noLongerAllowed(appointmentId));
      }
    }
  }

  /** A technician moved: the followers of the jobs they are on the way to hear it per job, staff sockets once. */
  technicianMoved({ technicianId, appointmentIds }: TechnicianMoved): void {
    for (const appointmentId of new Set(appointmentIds)) {
      const followers = this.followers.get(appointmentId);
      if (!followers) continue;
      const message = frame({ type: 'location_update', technicianId, appointmentId });
      for (const client of followers) if (!client.all) this.deliver(client, message);
    }
    if (this.everything.size === 0) return;
    const message = frame({ type: 'location_update', technicianId, appointmentId: null });
    for (const client of this.everything) this.deliver(client, message);
  }

  /**
   * Updates may have been missed (the database connection that hears them was lost): each follower is told to refetch
   * what it follows, and access that a missed change may have taken (a technician's, an owner's) is checked again;
   * staff sockets, which follow everything, are closed (1012) so their client reconnects and refetches.
   */
  resync(): void {
    for (const checks of this.checking.values()) for (const check of checks) check.stale = true;
    for (const [appointmentId, followers] of this.followers) {
      const message = frame({ type: 'tracking_update', appointmentId });
      for (const client of followers) {
        if (client.all) continue;
        const { via } = client.appointments.get(appointmentId)!;
        if (via === 'technician' || via === 'owner') this.inOrder(client, () => this.recheck(client, appointmentId));
        this.deliver(client, message);
      }
    }
    for (const client of this.everything) client.socket.close(closeCodes.serviceRestart, 'updates were interrupted; reconnect');
  }

  /** Stops the heartbeat (the sockets themselves are closed with the server). */
  close(): void {
    clearInterval(this.heartbeat);
  }

  get size(): number {
    return this.clients.size;
  }

  private beat(): void {
    for (const client of this.clients.values()) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      if (client.socket.readyState === client.socket.OPEN) client.socket.ping();
    }
  }

  private receive(client: Client, message: WsClientMessage | undefined): void {
    if (client.queued >= this.maxQueued) {
      client.socket.close(closeCodes.policy, 'too many messages at once');
      return;
    }
    client.queued += 1;
    this.inOrder(client, () => this.answer(client, message)).finally(() => {
      client.queued -= 1;
    });
  }

  /** Runs `work` after what the socket asked before (its answers go out in order); a failure closes the socket. */
  private inOrder(client: Client, work: () => Promise<void>): Promise<void> {
    client.queue = client.queue.then(work).catch((err: unknown) => {
      this.options.log.error({ err }, 'could not answer a live socket message');
      client.socket.close(closeCodes.internalError, 'please reconnect');
    });
    return client.queue;
  }

  /** Checks a subscription again (after missed updates): one no longer allowed ends, saying so. */
  private async recheck(client: Client, appointmentId: string): Promise<void> {
    if (client.closed || !client.appointments.has(appointmentId)) return;
    const access = await this.check(client, appointmentId, undefined);
    if (client.closed || !client.appointments.has(appointmentId)) return;
    if (access) {
      client.appointments.set(appointmentId, access);
    } else {
      this.unfollow(client, appointmentId);
      this.deliver(client, noLongerAllowed(appointmentId));
    }
  }

  /** How the viewer may follow the appointment, checked until no change of it came in while the check ran. */
  private async check(client: Client, appointmentId: string, token: string | undefined): Promise<TrackingAccess | undefined> {
    for (;;) {
      const check = { stale: false };
      let checks = this.checking.get(appointmentId);
      if (!checks) this.checking.set(appointmentId, (checks = new Set()));
      checks.add(check);
      try {
        const access = await client.viewer.mayFollow(Number(appointmentId), token);
        if (!check.stale) return access;
      } finally {
        checks.delete(check);
        if (checks.size === 0 && this.checking.get(appointmentId) === checks) this.checking.delete(appointmentId);
      }
    }
  }

  private async answer(client: Client, message: WsClientMessage | undefined): Promise<void> {
    if (client.closed) return;
    if (!message) return this.deliver(client, malformedFrame);
    switch (message.type) {
      case 'subscribe':
        return this.subscribe(client, message.appointmentId, message.access);
      case 'subscribe_all':
        if (!client.viewer.staff) return this.deliver(client, staffOnlyFrame);
        client.all = true;
        this.everything.add(client);
        return this.deliver(client, allFrame);
      case 'unsubscribe':
        this.unfollow(client, message.appointmentId);
        return undefined;
    }
  }

  private async subscribe(client: Client, appointmentId: string, access: string | undefined): Promise<void> {
    const refuse = (text: string) => this.deliver(client, frame({ type: 'error', message: text, appointmentId }));
    const id = trackingAppointmentIdSchema.safeParse(appointmentId);
    if (!id.success) return refuse(wsMessages.malformed);
    if (!client.appointments.has(appointmentId) && client.appointments.size >= this.options.maxSubscriptions) return refuse(wsMessages.tooManySubscriptions);
    const allowed = await this.check(client, appointmentId, access);
    if (client.closed) return undefined;
    if (!allowed) {
      this.unfollow(client, appointmentId);
      return refuse(wsMessages.notAllowed);
    }
    client.appointments.set(appointmentId, allowed);
    let followers = this.followers.get(appointmentId);
    if (!followers) this.followers.set(appointmentId, (followers = new Set()));
    followers.add(client);
    return this.deliver(client, frame({ type: 'subscribed', appointmentId }));
  }

  private unfollow(client: Client, appointmentId: string): void {
    if (!client.appointments.delete(appointmentId)) return;
    const followers = this.followers.get(appointmentId);
    followers?.delete(client);
    if (followers?.size === 0) this.followers.delete(appointmentId);
  }

  private remove(client: Client): void {
    client.closed = true;
    this.clients.delete(client.socket);
    this.everything.delete(client);
    for (const appointmentId of [...client.appointments.keys()]) this.unfollow(client, appointmentId);
  }

  private deliver(client: Client, message: Buffer): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.maxBuffered) {
      this.options.log.warn({ bufferedAmount: socket.bufferedAmount }, 'dropping a live socket that stopped reading');
      socket.terminate();
      return;
    }
    socket.send(message, asText);
  }
}
