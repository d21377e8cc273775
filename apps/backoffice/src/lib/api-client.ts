import { createApiClient, type ApiClient, type ApiRequestError } from '@repo/ui';

type SessionRefusedHandler = (error: ApiRequestError) => void;
let sessionRefused: SessionRefusedHandler | undefined;

/** Calls whose 401 is their answer rather than a lost session: a wrong password, or signing out of an ended session. */
const sessionCalls = new Set(['/api/admin/login', '/api/admin/logout']);

/**
 * What happens when a back-office call is refused with 401 or 403 (the app signs out and returns to sign-in: the
 * session is over or not enough, and a page half-refused would mislead). One handler at a time; answers the function
 * that removes it.
 */
export function onSessionRefused(handler: SessionRefusedHandler): () => void {
  sessionRefused = handler;
  return () => {
    if (sessionRefused === handler) sessionRefused = undefined;
  };
}

/**
 * The back office's API client. The session is the httpOnly `staff_session` cookie the sign-in set (sent with
 * credentials included); no token is sent by script or kept in browser storage.
 */
export const adminApi: ApiClient = createApiClient({
  onRefused: (error, { path }) => {
    if ((error.status === 401 || error.status === 403) && !sessionCalls.has(path)) sessionRefused?.(error);
  },
});
