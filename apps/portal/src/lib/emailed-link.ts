import { ApiRequestError, errorMessage } from '@repo/ui';

/** What the portal says when the API cannot be reached (or answers nothing it understands). */
export const unreachableMessage = 'An error occurred. Please check your connection and try again.';

/** An emailed link's token, from the address's fragment (`#token=…`), which browsers never send to a server. */
export const linkTokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/**
 * Why confirming with an emailed link and the password failed, as its page shows it: a wrong password under the
 * password field (`password`: the link stays usable); a link that cannot be used (`link`: 400 or 409 naming the token,
 * with the answer's status) in place of the form; anything else (`toast`: the server unreachable or failing).
 */
export type LinkConfirmationRefusal = { kind: 'password'; message: string } | { kind: 'link'; message: string; status: number } | { kind: 'toast'; message: string };

export function linkConfirmationRefusal(error: unknown): LinkConfirmationRefusal {
  if (!(error instanceof ApiRequestError)) return { kind: 'toast', message: unreachableMessage };
  const tokenError = error.apiError?.fields?.token;
  const passwordError = error.apiError?.fields?.password;
  if (!tokenError && passwordError) return { kind: 'password', message: passwordError };
  const message = tokenError ?? errorMessage(error, unreachableMessage);
  return error.status === 400 || error.status === 409 ? { kind: 'link', message, status: error.status } : { kind: 'toast', message };
}
