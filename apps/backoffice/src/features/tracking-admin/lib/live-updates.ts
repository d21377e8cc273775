import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WsClientMessage, WsServerMessage } from '@repo/contracts';
import { useLiveSocket } from '@repo/ui';
import { queryKeys } from '../api/query-keys.ts';

const followEverything: WsClientMessage[] = [{ type: 'subscribe_all' }];

/** What each live message makes stale: a tracking change moves the technician's status and the appointment too. */
const staleAfter: Record<'tracking_update' | 'location_update', readonly (readonly unknown[])[]> = {
  tracking_update: [queryKeys.tracking, queryKeys.technicians, queryKeys.appointments],
  location_update: [queryKeys.technicians, queryKeys.tracking],
};

/**
 * The staff screens' live feed: `/ws` with `subscribe_all`, refetching what each message concerns. Answers whether
 * updates are arriving (connected and the subscription accepted); while they are not, the screens poll instead
 * (`fallbackPoll`, at the `tracking.poll*Ms` intervals of packages/contracts/src/constants.ts), so they stay current.
 */
export function useStaffLiveUpdates(): boolean {
  const queryClient = useQueryClient();
  const [accepted, setAccepted] = useState(false);
  const refresh = (keys: readonly (readonly unknown[])[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const state = useLiveSocket(followEverything, {
    onMessage: (message: WsServerMessage) => {
      if (message.type === 'subscribed') setAccepted(message.appointmentId === null);
      else if (message.type === 'error') setAccepted(false);
      else refresh(staleAfter[message.type]);
    },
    // Whatever changed while the socket was down.
    onReconnected: () => refresh([queryKeys.technicians, queryKeys.tracking, queryKeys.appointments]),
  });
  // After a reconnection the server answers the repeated subscription at once (subscribed or error).
  return state === 'connected' && accepted;
}

/** The polling interval of a list: none while live updates arrive, `intervalMs` otherwise. */
export const fallbackPoll = (live: boolean, intervalMs: number): number | false => (live ? false : intervalMs);
