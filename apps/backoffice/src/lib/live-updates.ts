import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WsClientMessage, WsServerMessage } from '@repo/contracts';
import { useLiveSocket } from '@repo/ui';

const followEverything: WsClientMessage[] = [{ type: 'subscribe_all' }];

type QueryKeys = readonly (readonly unknown[])[];

/** What a screen's cached queries are made stale by: each kind of live message, and a reconnection (anything). */
export type LiveStaleness = { tracking_update: QueryKeys; location_update: QueryKeys };

/**
 * The staff screens' live feed: `/ws` with `subscribe_all`, refetching what each message concerns (`stale`). Answers
 * whether updates are arriving (connected and the subscription accepted); while they are not, the screens poll instead
 * (`fallbackPoll`, at the `tracking.poll*Ms` intervals of packages/contracts/src/constants.ts), so they stay current.
 */
export function useStaffLiveUpdates(stale: LiveStaleness): boolean {
  const queryClient = useQueryClient();
  const [accepted, setAccepted] = useState(false);
  const refresh = (keys: QueryKeys) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const state = useLiveSocket(followEverything, {
    onMessage: (message: WsServerMessage) => {
      if (message.type === 'subscribed') setAccepted(message.appointmentId === null);
      else if (message.type === 'error') setAccepted(false);
      else refresh(stale[message.type]);
    },
    // Whatever changed while the socket was down.
    onReconnected: () => refresh([...new Set([...stale.tracking_update, ...stale.location_update])]),
  });
  // After a reconnection the server answers the repeated subscription at once (subscribed or error).
  return state === 'connected' && accepted;
}

/** The polling interval of a list: none while live updates arrive, `intervalMs` otherwise. */
export const fallbackPoll = (live: boolean, intervalMs: number): number | false => (live ? false : intervalMs);
