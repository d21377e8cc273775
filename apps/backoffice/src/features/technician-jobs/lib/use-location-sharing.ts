import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@repo/ui';
import { sendLocation } from '../api/jobs.ts';

/** At most one position every this often, however often the phone reports one. */
export const locationSendIntervalMs = 5_000;

export type SharingState =
  | { state: 'off' }
  /** The browser cannot share a position here (no geolocation, or a page not served over https or localhost). */
  | { state: 'unavailable' }
  | { state: 'denied' }
  | { state: 'waiting' }
  | { state: 'sharing'; lastSentAt: Date | undefined; problem: string | undefined };

type Position = { lat: number; lng: number };

const geolocationHere = (): Geolocation | undefined =>
  typeof navigator !== 'undefined' && 'geolocation' in navigator && window.isSecureContext ? navigator.geolocation : undefined;

const fromCoords = ({ coords }: GeolocationPosition): Position => ({ lat: coords.latitude, lng: coords.longitude });

/**
 * While `technicianId` is set (a job is en route), watches the phone's position and sends it at most every 5 s; stops
 * watching when it is unset or the page closes. `sendNow` sends the latest (or a fresh) position at once.
 */
export function useLocationSharing(technicianId: string | undefined, watching: boolean) {
  const [status, setStatus] = useState<'waiting' | 'denied' | 'sharing'>('waiting');
  const [lastSentAt, setLastSentAt] = useState<Date>();
  const [problem, setProblem] = useState<string>();
  const latest = useRef<Position | undefined>(undefined);
  const lastSentMs = useRef(0);
  const geolocation = geolocationHere();

  const send = useCallback(
    async (position: Position) => {
      if (!technicianId) return;
      lastSentMs.current = Date.now();
      try {
        await sendLocation(technicianId, position);
        setLastSentAt(new Date());
        setProblem(undefined);
      } catch (error) {
        setProblem(errorMessage(error, 'Your location could not be sent. It will be tried again.'));
      }
    },
    [technicianId],
  );

  const onError = useCallback((error: GeolocationPositionError) => {
    if (error.code === error.PERMISSION_DENIED) setStatus('denied');
    else setProblem("Your phone couldn't find your position just now. It keeps trying.");
  }, []);

  useEffect(() => {
    if (!watching || !technicianId || !geolocation) return undefined;
    const id = geolocation.watchPosition(
      (reported) => {
        const position = fromCoords(reported);
        latest.current = position;
        setStatus('sharing');
        if (Date.now() - lastSentMs.current >= locationSendIntervalMs) void send(position);
      },
      onError,
      { enableHighAccuracy: true, maximumAge: locationSendIntervalMs, timeout: 30_000 },
    );
    return () => geolocation.clearWatch(id);
  }, [watching, technicianId, geolocation, send, onError]);

  const sendNow = useCallback(() => {
    if (latest.current) {
      void send(latest.current);
      return;
    }
    geolocation?.getCurrentPosition(
      (reported) => {
        latest.current = fromCoords(reported);
        setStatus('sharing');
        void send(latest.current);
      },
      onError,
      { enableHighAccuracy: true, timeout: 30_000 },
    );
  }, [geolocation, send, onError]);

  const sharing: SharingState = !geolocation
    ? { state: 'unavailable' }
    : status === 'denied'
      ? { state: 'denied' }
      : !watching
        ? { state: 'off' }
        : status === 'sharing'
          ? { state: 'sharing', lastSentAt, problem }
          : { state: 'waiting' };
  return { sharing, sendNow, canSend: Boolean(geolocation && technicianId), lastSentAt, problem };
}
