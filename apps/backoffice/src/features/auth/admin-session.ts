import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import type { BackOfficeUser } from '@repo/contracts';
import { showToast } from '@repo/ui';
import { paths } from '../../config/paths.ts';
import { backOfficeSessionQuery } from './api/back-office-session.ts';
import { forgetSession, logOutOfBackOffice } from './api/logout.ts';

export type BackOfficeRole = BackOfficeUser['role'];
export const staffRoles: readonly BackOfficeRole[] = ['staff', 'admin'];
export const technicianRoles: readonly BackOfficeRole[] = ['technician'];
/** Staff management, the customer import and the payments ledger are the administrator's alone. */
export const adminRoles: readonly BackOfficeRole[] = ['admin'];

/** Where someone lands after signing in, or when a page is not theirs: technicians their jobs, staff the customers. */
export const homeFor = (user: BackOfficeUser) => (user.role === 'technician' ? paths.myJobs : paths.customerManagement);

/** The guarded pages: the only places sign-in sends someone back to. */
const guardedPaths = new Set<string>([
  paths.customerManagement,
  paths.technicianManagement,
  paths.adminTracking,
  paths.adminPayments,
  paths.adminDeliveries,
  paths.adminNotifications,
  paths.adminStaff,
  paths.myJobs,
]);

// The page a signed-out visitor was sent away from, for this tab only: kept in memory, never in the address or storage.
let returnPath: string | undefined;

function rememberReturnPath(url: URL): void {
  returnPath = guardedPaths.has(url.pathname) ? `${url.pathname}${url.search}${url.hash}` : undefined;
}

/** The page to go back to after signing in (once), or undefined. Always one of this app's own guarded paths. */
export function takeReturnPath(): string | undefined {
  const path = returnPath;
  returnPath = undefined;
  return path;
}

/** Asks the server each time: the session may have ended (signed out elsewhere, idle, expired) since the last page. */
const currentUser = (queryClient: QueryClient) => queryClient.fetchQuery({ ...backOfficeSessionQuery(), staleTime: 0 });

/**
 * Loader of the guarded pages: nobody signed in is sent to sign in with an Authentication Required toast; a
 * signed-in person whose role the pages are not for goes to their own home (a technician opening a staff page lands
 * on their jobs). The server checks the session and role again on every call.
 */
export function requireBackOfficeRole(queryClient: QueryClient, roles: readonly BackOfficeRole[]) {
  return async ({ request }: LoaderFunctionArgs) => {
    const user = await currentUser(queryClient);
    if (!user) {
      rememberReturnPath(new URL(request.url));
      showToast({ title: 'Authentication Required', description: 'Please sign in to continue.', variant: 'destructive' });
      return redirect(paths.adminLogin);
    }
    return roles.includes(user.role) ? null : redirect(homeFor(user));
  };
}

export type AdministratorCheck = { administrator: boolean };

/**
 * Loader of the administrators' pages, inside the staff pages' guard (which signs out visitors and moves technicians):
 * says whether the person may see them. Staff get a page saying so rather than a call the server would refuse with
 * 403, which would sign them out (any refused back-office call ends the session; see `onRefused` in lib/api-client.ts).
 */
export function checkAdministrator(queryClient: QueryClient) {
  return async (): Promise<AdministratorCheck> => {
    const user = await currentUser(queryClient);
    return { administrator: user !== null && adminRoles.includes(user.role) };
  };
}

/** Loader of the sign-in page: someone already signed in goes to their home; when the server cannot tell, the form shows. */
export function skipSignInWhenSignedIn(queryClient: QueryClient) {
  return async () => {
    const user = await currentUser(queryClient).catch(() => null);
    return user ? redirect(homeFor(user)) : null;
  };
}

let signingOut = false;

/**
 * After a back-office call was refused (401 or 403): the session is ended at the server too (it may be over already),
 * everything loaded is forgotten, and the person is sent to sign in with 'Admin authentication required'.
 * Refusals that arrive meanwhile, or on the sign-in page, change nothing more.
 */
export async function signOutAfterRefusal(queryClient: QueryClient, router: { state: { location: { pathname: string } }; navigate: (to: string, options: { replace: boolean }) => Promise<void> }) {
  if (signingOut || router.state.location.pathname === paths.adminLogin) return;
  signingOut = true;
  try {
    await logOutOfBackOffice().catch(() => undefined);
    returnPath = undefined;
    showToast({ title: 'Admin authentication required', description: 'Please sign in again to continue.', variant: 'destructive' });
    await router.navigate(paths.adminLogin, { replace: true });
    forgetSession(queryClient);
  } finally {
    signingOut = false;
  }
}
