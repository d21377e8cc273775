import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a stand-in received it: when it started (ms), its path and query, and its headers. */
export type ReceivedRequest = { at: number; url: URL; headers: IncomingMessage['headers'] };

/**
 * How a stand-in answers the next requests: as the real service does (`ok`), with a 500 (`fail`), or not at all until
 * it is closed or told otherwise (`hang`, a server too slow to wait for).
 */
export type StandInMode = 'ok' | 'fail' | 'hang';

export type StandIn = {
  url: string;
  received: ReceivedRequest[];
  /** The most requests it was ever answering at once. */
  mostAtOnce: () => number;
  setMode: (mode: StandInMode) => void;
  close: () => Promise<void>;
};

/**
 * A local HTTP server for a vendor's API in tests: `answer` gives the status and JSON body of an `ok` request. Every
 * request is recorded; a held (`hang`) request is answered 500 when the mode changes or the server closes.
 */
export async function startStandIn(answer: (url: URL) => { status: number; body: unknown }): Promise<StandIn> {
  const received: ReceivedRequest[] = [];
  const held = new Set<ServerResponse>();
  let mode: StandInMode = 'ok';
  let atOnce = 0;
  let most = 0;
  const releaseHeld = () => {
    for (const response of held) response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"released"}');
    held.clear();
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    received.push({ at: Date.now(), url, headers: request.headers });
    atOnce += 1;
    most = Math.max(most, atOnce);
    response.on('close', () => {
      atOnce -= 1;
      held.delete(response);
    });
    if (mode === 'hang') {
      held.add(response);
      return;
    }
    const { status, body } = mode === 'fail' ? { status: 500, body: { error: 'Internal Server Error' } } : answer(url);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    mostAtOnce: () => most,
    setMode: (next) => {
      mode = next;
      if (next !== 'hang') releaseHeld();
    },
    close: async () => {
      releaseHeld();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
