import { paths } from '../../../config/paths.ts';

/**
 * The confirmation's own address: `/book-appointment?confirmed=<id>`. The manage token that opens the appointment is
 * kept for this tab in sessionStorage (keyed by id) and never put in the address, so a refresh shows the
 * confirmation again while a copied address hands nothing on. A fragment `#access=<token>` (the manage link's form)
 * is read too.
 */
export const confirmedParam = 'confirmed';

const storageKey = (id: number) => `booking-confirmation:${id}`;

export const confirmationAddress = (id: number) => `${paths.bookAppointment}?${confirmedParam}=${id}`;

/** The appointment id in the address, when it is a confirmation's. */
export function confirmedAppointmentId(search: URLSearchParams): number | null {
  const value = search.get(confirmedParam);
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

export function keepConfirmationToken(id: number, token: string): void {
  try {
    window.sessionStorage.setItem(storageKey(id), token);
  } catch {
    // Storage refused (private mode): the confirmation still shows now, only a refresh cannot.
  }
}

/** The manage token for the confirmation of appointment `id`: from the fragment, else kept by this tab. */
export function confirmationToken(id: number, hash: string): string | null {
  const fromFragment = /(?:^#?|&)access=([^&]+)/.exec(hash)?.[1];
  if (fromFragment) {
    try {
      return decodeURIComponent(fromFragment);
    } catch {
      // A malformed fragment is no token.
    }
  }
  try {
    return window.sessionStorage.getItem(storageKey(id));
  } catch {
    return null;
  }
}
