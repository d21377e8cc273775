import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TrackingRecord, WsClientMessage, WsServerMessage } from '@repo/contracts';
import { showToast, useLiveSocket, type LiveSocketOptions, type LiveState } from '@repo/ui';
import { queryKeys } from '../../../lib/query-keys.ts';
import { isOngoing } from './tracking.ts';

/** What the connection indicator shows: the socket's state, or that the server refused to follow this appointment. */
export type LiveStatus = LiveState | 'refused';

/** The toast when the socket fails; shown once per outage, so a flapping connection does not stack them. */
export const connectionIssueToast = {
  title: 'Connection Issue',
  description: 'Real-time updates are temporarily unavailable. Data will still refresh automatically.',
  variant: 'destructive',
} as const;

/**
 * Follows one appointment over /ws while its visit is ongoing: a tracking_update for it, or a location_update of its
 * technician, refetches the record (and, for a move, the technician); after a reconnection both are refetched to
 * catch up. The 30 s polling of `useTracking` carries on underneath, so nothing depends on the socket alone.
 * The owner's session cookie authorises the subscription; a link holder's token goes in the subscribe message.
 * Undefined while there is nothing to follow (no record yet, or the visit is over).
 */
export function useLiveTracking(
  appointmentId: number,
  accessToken: string | undefined,
  record: TrackingRecord | undefined,
  options: Pick<LiveSocketOptions, 'url' | 'backoff' | 'WebSocketImpl'> = {},
): LiveStatus | undefined {
  const queryClient = useQueryClient();
  const following = record !== undefined && isOngoing(record);
  const technicianId = record?.technicianId;
  const id = String(appointmentId);
  const subscribe = useMemo<WsClientMessage[]>(
    () => (following ? [{ type: 'subscribe', appointmentId: id, ...(accessToken ? { access: accessToken } : {}) }] : []),
    [following, id, accessToken],
  );
  const [refused, setRefused] = useState(false);

  const refetchRecord = () => void queryClient.invalidateQueries({ queryKey: queryKeys.tracking(appointmentId), exact: true });
  const refetchTechnician = () => {
    if (technicianId) void queryClient.invalidateQueries({ queryKey: queryKeys.technician(technicianId, appointmentId), exact: true });
  };

  const onMessage = (message: WsServerMessage) => {
    switch (message.type) {
      case 'subscribed':
        if (message.appointmentId === id) setRefused(false);
        break;
      case 'tracking_update':
        if (message.appointmentId === id) refetchRecord();
        break;
      case 'location_update':
        if (message.technicianId === technicianId && (message.appointmentId === null || message.appointmentId === id)) {
          refetchRecord();
          refetchTechnician();
        }
        break;
      case 'error':
        if (message.appointmentId === id) {
          setRefused(true);
          console.warn('Live updates refused:', message.message);
        }
        break;
    }
  };

  const state = useLiveSocket(
    subscribe,
    {
      onMessage,
      onTrouble: () => showToast(connectionIssueToast),
      onReconnected: () => {
        refetchRecord();
        refetchTechnician();
      },
    },
    options,
  );
  if (!following) return undefined;
  return refused && state === 'connected' ? 'refused' : state;
}
