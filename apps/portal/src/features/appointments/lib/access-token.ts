import { appointmentAccessHeader } from '@repo/contracts';

/**
 * A manage link carries its token in the URL fragment (`#access=<token>`), which browsers never send to a server.
 * The page keeps it for this tab and this appointment only (sessionStorage, keyed by id), sends it as the
 * X-Appointment-Access header on this appointment's calls, and takes it out of the address bar so a copied address
 * or a screenshot does not hand it on.
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

/** The header that carries the token, or none for the signed-in owner (the session cookie speaks for them). */
export const accessHeaders = (token: string | undefined): Record<string, string> | undefined =>
  token ? { [appointmentAccessHeader]: token } : undefined;
