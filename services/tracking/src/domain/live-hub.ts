import type { WebSocket } from 'ws';
import { wsClientMessageSchema, type WsServerMessage } from '@repo/contracts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * In-process fan-out of live updates to WebSocket clients. A client subscribes to one appointment; it receives that
 * appointment's tracking updates and every technician location update (the page filters on its technician).
 */
export class LiveHub {
  private readonly subscriptions = new Map<WebSocket, string | null>();

  constructor(private readonly log: FastifyBaseLogger) {}

  add(socket: WebSocket): void {
    this.subscriptions.set(socket, null);
    socket.on('message', (data) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(data));
      } catch {
        parsed = undefined;
      }
      const message = wsClientMessageSchema.safeParse(parsed);
      if (!message.success) {
        socket.send(JSON.stringify({ type: 'error', message: 'Send {"type":"subscribe","appointmentId":"…"} to follow an appointment.' }));
        return;
      }
      this.subscriptions.set(socket, message.data.appointmentId);
      socket.send(JSON.stringify({ type: 'subscribed', appointmentId: message.data.appointmentId }));
    });
    socket.on('close', () => this.subscriptions.delete(socket));
    socket.on('error', (err) => this.log.warn({ err }, 'websocket error'));
  }

  publish(message: WsServerMessage): void {
    const text = JSON.stringify(message);
    for (const [socket, appointmentId] of this.subscriptions) {
      if (message.type === 'tracking_update' && appointmentId !== message.appointmentId) continue;
      if (socket.readyState === socket.OPEN) socket.send(text);
    }
  }

  get size(): number {
    return this.subscriptions.size;
  }
}
