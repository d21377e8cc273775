import { redirect } from 'react-router-dom';
import { storageKeys } from '@repo/contracts';
import { clearStoredToken, hasUnexpiredToken, showToast } from '@repo/ui';
import { paths } from '../../config/paths.ts';

/**
 * Loader of every back-office page: without an unexpired admin token the page is not shown; the stale token is
 * dropped and the visitor is sent to sign in. The server checks the token again on every call.
 */
export function requireAdminSession() {
  if (hasUnexpiredToken(storageKeys.adminToken)) return null;
  clearStoredToken(storageKeys.adminToken);
  showToast({ title: 'Authentication Required', description: 'Please sign in to continue.', variant: 'destructive' });
  return redirect(paths.adminLogin);
}

/** Loader of the sign-in page: someone already signed in goes straight to the back office. */
export function skipSignInWhenSignedIn() {
  return hasUnexpiredToken(storageKeys.adminToken) ? redirect(paths.customerManagement) : null;
}
