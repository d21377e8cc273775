import { act, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import type { WsServerMessage } from '@repo/contracts';

/**
 * A stand-in for the browser's WebSocket behind `openLiveSocket` (jsdom's would dial a server that is not there),
 * driven by the test: it stays connecting until the test opens it, and the test sends it messages and drops it.
 *
 * Not MSW's `ws` handlers, although they intercept jsdom's WebSocket here: a mocked connection opens by itself a few
 * microtasks after the page makes it, so a test could neither hold one in CONNECTING (the pages show "Connecting...")
 * nor choose when an attempt opens or fails while the page reconnects.
 */
export class FakeSocket {
  static made: FakeSocket[] = [];

  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  readyState = 0;
  /** What the page sent, parsed. */
  readonly sent: unknown[] = [];
  closedByPage = false;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    this.readyState = 3;
    this.closedByPage = true;
  }

  /** The server accepted the connection. */
  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    });
  }

  /** A message from the server. */
  receive(message: WsServerMessage) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })));
  }

  /** The connection failed or dropped, as a browser reports it: an error, then the close. */
  drop() {
    act(() => {
      this.readyState = 3;
      this.onerror?.(new Event('error'));
      this.onclose?.(new CloseEvent('close', { code: 1006 }));
    });
  }
}

/** Puts `FakeSocket` in place of the global WebSocket (`vi.unstubAllGlobals` takes it away) with no socket made yet. */
export function fakeLiveSocket() {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  return {
    /** The sockets the page made, oldest first. */
    made: () => FakeSocket.made,
    /** The page's newest socket; throws when it made none. */
    latest: (): FakeSocket => {
      const socket = FakeSocket.made.at(-1);
      if (!socket) throw new Error('The page opened no live socket.');
      return socket;
    },
    /**
     * The page's newest socket, once it has one: React opens it in an effect, which may run after the page's heading
     * is on screen.
     */
    current: () =>
      waitFor(() => {
        const socket = FakeSocket.made.at(-1);
        if (!socket) throw new Error('The page opened no live socket.');
        return socket;
      }),
  };
}

export type FakeLiveSocket = ReturnType<typeof fakeLiveSocket>;
