// The hub alone, with a socket the test drives: what a subscription being checked does when its appointment changes
// meanwhile (the database is far too quick to catch that moment through a real one).
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { wsMessages, wsServerMessageSchema, type WsServerMessage } from '@repo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { LiveHub, type LiveViewer } from '../src/domain/live-hub.ts';
import type { TrackingAccess } from '../src/domain/tracking-access.ts';

/** The part of a `ws` socket the hub uses; what it sends is kept, parsed. */
class TestSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: WsServerMessage[] = [];
  send(data: Buffer) {
    this.sent.push(wsServerMessageSchema.parse(JSON.parse(String(data))));
  }
  close() {
    this.readyState = 3;
    this.emit('close');
  }
  ping() {}
  terminate() {
    this.close();
  }
  /** A message from the client. */
  says(message: object) {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
}

const log = { debug: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
let hub: LiveHub | undefined;
afterEach(() => hub?.close());

/** A viewer whose access checks the test answers one by one. */
function heldViewer() {
  const asked: { appointmentId: number; answer: (access: TrackingAccess | undefined) => void }[] = [];
  const viewer: LiveViewer = {
    staff: false,
    mayFollow: (appointmentId) => new Promise((answer) => asked.push({ appointmentId, answer })),
  };
  return { viewer, asked };
}

describe('a subscription checked while its appointment changes', () => {
  it('is checked again, so a technician taken off the job meanwhile never follows it', async () => {
    hub = new LiveHub({ log, heartbeatMs: 60_000, maxSubscriptions: 5 });
    const socket = new TestSocket();
    const { viewer, asked } = heldViewer();
    hub.add(socket as unknown as WebSocket, viewer);

    socket.says({ type: 'subscribe', appointmentId: '5' });
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    // The job goes to another technician while the first answer (from before the change) is on its way.
    hub.trackingChanged({ appointmentId: '5', technicianId: 'tech_b', customerId: 7 });
    asked[0]!.answer({ via: 'technician', technicianId: 'tech_a' });
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    asked[1]!.answer(undefined);
    await vi.waitFor(() => expect(socket.sent).toEqual([{ type: 'error', message: wsMessages.notAllowed, appointmentId: '5' }]));

    hub.trackingChanged({ appointmentId: '5', technicianId: 'tech_b', customerId: 7 });
    hub.technicianMoved({ technicianId: 'tech_b', appointmentIds: ['5'] });
    expect(socket.sent).toHaveLength(1);
  });

  it('keeps a link holder following through a reassignment, and the technician only while the job is theirs', async () => {
    hub = new LiveHub({ log, heartbeatMs: 60_000, maxSubscriptions: 5 });
    const [visitor, technician] = [new TestSocket(), new TestSocket()];
    const grant = (access: TrackingAccess): LiveViewer => ({ staff: false, mayFollow: async () => access });
    hub.add(visitor as unknown as WebSocket, grant({ via: 'link' }));
    hub.add(technician as unknown as WebSocket, grant({ via: 'technician', technicianId: 'tech_a' }));
    visitor.says({ type: 'subscribe', appointmentId: '5', access: 'token' });
    technician.says({ type: 'subscribe', appointmentId: '5' });
    await vi.waitFor(() => expect([visitor.sent, technician.sent]).toEqual([[{ type: 'subscribed', appointmentId: '5' }], [{ type: 'subscribed', appointmentId: '5' }]]));

    hub.technicianMoved({ technicianId: 'tech_a', appointmentIds: ['5'] });
    hub.trackingChanged({ appointmentId: '5', technicianId: 'tech_b', customerId: null });
    hub.technicianMoved({ technicianId: 'tech_a', appointmentIds: [] });
    hub.technicianMoved({ technicianId: 'tech_b', appointmentIds: ['5'] });
    const moved = (technicianId: string) => ({ type: 'location_update', technicianId, appointmentId: '5' });
    expect(visitor.sent.slice(1)).toEqual([moved('tech_a'), { type: 'tracking_update', appointmentId: '5' }, moved('tech_b')]);
    expect(technician.sent.slice(1)).toEqual([moved('tech_a'), { type: 'error', message: wsMessages.notAllowed, appointmentId: '5' }]);
  });
});
