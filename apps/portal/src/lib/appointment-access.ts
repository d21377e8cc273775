import { useEffect, useState } from 'react';
import type { AppointmentLinkScope } from '@repo/contracts';
import { ApiRequestError } from '@repo/ui';

/**
 * An appointment link (manage: the appointment page; track: the tracking page) or an invoice's emailed link carries its
 * token in the URL fragment (`#access=<token>`), which browsers never send to a server. A page keeps it for this tab
 * and this appointment or invoice only (sessionStorage, keyed by kind and id), sends it as its header on that
 * object's calls (X-Appointment-Access through `appointmentAccessHeaders` of @repo/ui/api, X-Invoice-Access), and
 * takes it out of the address bar so a copied address or a screenshot does not hand it on.
 */
export type LinkKind = 'appointment' | 'invoice';
const storageKey = (id: number, kind: LinkKind) => `${kind}-access:${id}`;

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

function storedAccessToken(id: number, kind: LinkKind): string | undefined {
  try {
    return window.sessionStorage.getItem(storageKey(id, kind)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The access token for this appointment (or invoice): from the address's fragment, else kept from earlier in this tab. */
export function readAccessToken(id: number, kind: LinkKind = 'appointment'): string | undefined {
  return accessTokenInFragment(window.location.hash) ?? storedAccessToken(id, kind);
}

/** Keeps the fragment's token for this appointment (or invoice) and removes the fragment from the address bar (no new history entry). */
export function keepAccessToken(id: number, token: string, kind: LinkKind = 'appointment'): void {
  try {
    window.sessionStorage.setItem(storageKey(id, kind), token);
  } catch {
    // Without storage the token lives in memory for this page view only.
  }
  if (accessTokenInFragment(window.location.hash) === undefined) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/** Forgets a token the server no longer accepts. */
export function forgetAccessToken(id: number, kind: LinkKind = 'appointment'): void {
  try {
    window.sessionStorage.removeItem(storageKey(id, kind));
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/**
 * The link token of the appointment (or invoice) a page shows: read once (the fragment is gone from the address after
 * the first render), then kept for this tab. Undefined for the signed-in owner, whose session cookie speaks for them.
 */
export function useLinkAccess(id: number, kind: LinkKind): string | undefined {
  const [token] = useState(() => readAccessToken(id, kind));
  useEffect(() => {
    if (token) keepAccessToken(id, token, kind);
  }, [id, token, kind]);
  return token;
}

export const useAppointmentAccess = (appointmentId: number) => useLinkAccess(appointmentId, 'appointment');

/** The status of a refused call, if the API refused it. */
export const refusedStatus = (error: unknown): number | undefined => (error instanceof ApiRequestError ? error.status : undefined);

/** Forgets the page's token once a call with it was refused with one of `statuses`: sending it again is pointless. */
export function useForgetRefusedAccess(id: number, token: string | undefined, error: unknown, statuses: readonly number[], kind: LinkKind = 'appointment'): void {
  const refused = refusedStatus(error);
  const forget = token !== undefined && refused !== undefined && statuses.includes(refused);
  useEffect(() => {
    if (forget) forgetAccessToken(id, kind);
  }, [id, forget, kind]);
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
