import { useEffect, useRef, useState } from 'react';
import { wsPath, wsServerMessageSchema, type WsClientMessage, type WsServerMessage } from '@repo/contracts';

/** The socket as a person sees it: connecting at first, then connected, or reconnecting after a drop. */
export type LiveState = 'connecting' | 'connected' | 'reconnecting';

export type LiveSocketOptions = {
  /** Sent again on every (re)connection. */
  subscribe: WsClientMessage[];
  onMessage: (message: WsServerMessage) => void;
  onState?: (state: LiveState) => void;
  /** The connection failed or dropped (once per outage): the page may say so. */
  onTrouble?: () => void;
  /** Called after a reconnection, so the page catches up on what it missed while away. */
  onReconnected?: () => void;
  /** Same-origin `/ws` by default (wss on https). */
  url?: string;
  /** Delays between attempts: doubling from `initialMs` up to `maxMs`, with jitter. */
  backoff?: { initialMs: number; maxMs: number };
  WebSocketImpl?: typeof WebSocket;
};

export const defaultLiveBackoff = { initialMs: 1_000, maxMs: 30_000 } as const;

export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${wsPath}`;
}

/**
 * A /ws connection that subscribes on open, reconnects with backoff after a drop, and reports its state. A malformed
 * message is only logged (one bad message must not end the live view). Returns a function that closes it for good.
 */
export function openLiveSocket(options: LiveSocketOptions): () => void {
  const Impl = options.WebSocketImpl ?? WebSocket;
  const backoff = options.backoff ?? defaultLiveBackoff;
  let socket: WebSocket | undefined;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let everOpened = false;
  let troubleReported = false;

  const trouble = () => {
    if (troubleReported) return;
    troubleReported = true;
    options.onTrouble?.();
  };

  const connect = () => {
    if (closed) return;
    const current = new Impl(options.url ?? liveSocketUrl());
    socket = current;
    current.onopen = () => {
      attempt = 0;
      troubleReported = false;
      for (const message of options.subscribe) current.send(JSON.stringify(message));
      options.onState?.('connected');
      if (everOpened) options.onReconnected?.();
      everOpened = true;
    };
    current.onmessage = (event) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(event.data));
      } catch {
        parsed = undefined;
      }
      const message = wsServerMessageSchema.safeParse(parsed);
      if (message.success) options.onMessage(message.data);
      else console.warn('Ignored a malformed live update', event.data);
    };
    current.onerror = () => trouble();
    current.onclose = () => {
      if (closed || socket !== current) return;
      options.onState?.(everOpened ? 'reconnecting' : 'connecting');
      trouble();
      const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempt);
      attempt += 1;
      timer = setTimeout(connect, ceiling / 2 + Math.random() * (ceiling / 2));
    };
  };

  options.onState?.('connecting');
  connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    socket?.close(1000, 'page closed');
  };
}

/**
 * React's view of `openLiveSocket`: connects while `subscribe` is non-empty (a new list reconnects) and answers the
 * connection state. The handlers are read through a ref, so passing new functions each render does not reconnect.
 */
export function useLiveSocket(
  subscribe: WsClientMessage[],
  handlers: Pick<LiveSocketOptions, 'onMessage' | 'onTrouble' | 'onReconnected'>,
  options: Pick<LiveSocketOptions, 'url' | 'backoff' | 'WebSocketImpl'> = {},
): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const key = JSON.stringify(subscribe);
  const { url, backoff, WebSocketImpl } = options;
  useEffect(() => {
    const messages = JSON.parse(key) as WsClientMessage[];
    if (messages.length === 0) return undefined;
    return openLiveSocket({
      subscribe: messages,
      url,
      backoff,
      WebSocketImpl,
      onState: setState,
      onMessage: (message) => latest.current.onMessage(message),
      onTrouble: () => latest.current.onTrouble?.(),
      onReconnected: () => latest.current.onReconnected?.(),
    });
  }, [key, url, backoff, WebSocketImpl]);
  return state;
}
