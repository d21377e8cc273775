import { useEffect, useState } from 'react';
import type { AppointmentLinkScope } from '@repo/contracts';
import { ApiRequestError } from '@repo/ui';

/**
 * An appointment link (manage: the appointment page; track: the tracking page) carries its token in the URL fragment
 * (`#access=<token>`), which browsers never send to a server. A page keeps it for this tab and this appointment only
 * (sessionStorage, keyed by id), sends it as the X-Appointment-Access header on this appointment's calls
 * (`appointmentAccessHeaders` of @repo/ui/api), and takes it out of the address bar so a copied address or a
 * screenshot does not hand it on.
 */
const storageKey = (appointmentId: number) => `appointment-access:${appointmentId}`;

/** The token in a fragment such as `#access=abc` (percent-decoded), if any. */
export function accessTokenInFragment(hash: string): string | undefined {
  const match = /(?:^#?|&)access=([^&]*)/.exec(hash);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

function storedAccessToken(appointmentId: number): string | undefined {
  try {
    return window.sessionStorage.getItem(storageKey(appointmentId)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The access token for this appointment: from the address's fragment, else kept from earlier in this tab. */
export function readAccessToken(appointmentId: number): string | undefined {
  return accessTokenInFragment(window.location.hash) ?? storedAccessToken(appointmentId);
}

/** Keeps the fragment's token for this appointment and removes the fragment from the address bar (no new history entry). */
export function keepAccessToken(appointmentId: number, token: string): void {
  try {
    window.sessionStorage.setItem(storageKey(appointmentId), token);
  } catch {
    // Without storage the token lives in memory for this page view only.
  }
  if (accessTokenInFragment(window.location.hash) === undefined) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/** Forgets a token the server no longer accepts. */
export function forgetAccessToken(appointmentId: number): void {
  try {
    window.sessionStorage.removeItem(storageKey(appointmentId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/**
 * The link token of the appointment a page shows: read once (the fragment is gone from the address after the first
 * render), then kept for this tab. Undefined for the signed-in owner, whose session cookie speaks for them.
 */
export function useAppointmentAccess(appointmentId: number): string | undefined {
  const [token] = useState(() => readAccessToken(appointmentId));
  useEffect(() => {
    if (token) keepAccessToken(appointmentId, token);
  }, [appointmentId, token]);
  return token;
}

/** The status of a refused call, if the API refused it. */
export const refusedStatus = (error: unknown): number | undefined => (error instanceof ApiRequestError ? error.status : undefined);

/** Forgets the page's token once a call with it was refused with one of `statuses`: sending it again is pointless. */
export function useForgetRefusedAccess(appointmentId: number, token: string | undefined, error: unknown, statuses: readonly number[]): void {
  const refused = refusedStatus(error);
  const forget = token !== undefined && refused !== undefined && statuses.includes(refused);
  useEffect(() => {
    if (forget) forgetAccessToken(appointmentId);
  }, [appointmentId, forget]);
}

/**
 * The scope a link token says it has, read from its payload without checking the signature: only to choose what the
 * page offers (a track link is shared as it is; a manage link is never shared), never to grant anything.
 */
export function linkScopeOf(token: string): AppointmentLinkScope | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const scope = (claims as { scope?: unknown } | null)?.scope;
    return scope === 'manage' || scope === 'track' ? scope : undefined;
  } catch {
    return undefined;
  }
}
