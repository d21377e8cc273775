import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * Where the system's own choices begin: it hands ports from this range to every outgoing connection and to every
 * `listen(0)`, so a port chosen there and released may be in use again by the time its peer starts.
 */
function ephemeralRangeStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > lowestPort + 1000) return low;
  } catch {
    // Not Linux: the range IANA recommends.
  }
  return 49152;
}

const lowestPort = 10_000;
const handedOut = new Set<number>();

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now: a peer's address before the peer is up. It is drawn below
 * the system's ephemeral range (no outgoing connection or `listen(0)` takes it meanwhile, however long the peer takes to
 * start) and never handed out twice by one process.
 */
export async function freePort(): Promise<number> {
  const high = ephemeralRangeStart();
  for (let attempt = 0; attempt < 500; attempt++) {
    const port = lowestPort + Math.floor(Math.random() * (high - lowestPort));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port between ${lowestPort} and ${high} on 127.0.0.1`);
}
