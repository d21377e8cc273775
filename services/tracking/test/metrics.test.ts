import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testMetricsToken } from '@repo/service-kit/test-service';
import { closeClients, connect, startTracking, type LiveTracking } from './ws-helpers.ts';

let tracking: LiveTracking;
beforeAll(async () => {
  tracking = await startTracking([{}]);
});
afterAll(async () => {
  await closeClients();
  await tracking?.close();
});

const openSockets = async () => {
  const { address } = tracking.instances[0]!;
  const response = await fetch(`http://${address}/metrics`, { headers: { authorization: `Bearer ${testMetricsToken}` } });
  expect(response.status).toBe(200);
  const match = /^tracking_websocket_connections\{service="tracking"\} (\d+)$/m.exec(await response.text());
  return Number(match?.[1]);
};

describe('/metrics of tracking', () => {
  it('counts the open sockets of this replica', async () => {
    expect(await openSockets()).toBe(0);
    const { address } = tracking.instances[0]!;
    const first = await connect(address);
    await connect(address);
    expect(await openSockets()).toBe(2);
    await first.close();
    // The server forgets a socket once its side of the close is done.
    await vi.waitFor(async () => expect(await openSockets()).toBe(1));
  });
});
