import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLoaderData, type RouteObject } from 'react-router-dom';
import { BrandedLayout, NotFoundPage, RouteErrorState, RouteLoadingState } from '@repo/ui';
import { env } from '../config/env.ts';
import { paths } from '../config/paths.ts';
import {
  checkAdministrator,
  requireBackOfficeRole,
  signOutAfterRefusal,
  type AdministratorCheck,
  skipSignInWhenSignedIn,
  staffRoles,
  technicianRoles,
} from '../features/auth/admin-session.ts';
import { AdministratorsOnly } from '../features/auth/components/administrators-only.tsx';
import { BackOfficeHeaderActions } from '../features/auth/components/back-office-header-actions.tsx';
import { onSessionRefused } from '../lib/api-client.ts';

/** The shared layout with the back office's navigation, which wraps under the business name on a phone. */
export function BackOfficeLayout() {
  return <BrandedLayout homeHref={paths.home} tag="Back Office" wrapActions actions={<BackOfficeHeaderActions publicSiteHref={env.webOrigin} />} />;
}

/** The administrators' pages, or for staff a page saying they are not theirs (never a call the server refuses). */
function AdministratorsGate() {
  const { administrator } = useLoaderData() as AdministratorCheck;
  return administrator ? <Outlet /> : <AdministratorsOnly />;
}

/**
 * Every page is a thin module in ./routes, named after its path, composing the features; each loads with its route.
 * The guards ask the server who is signed in on each navigation (the session is an httpOnly cookie).
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      Component: BackOfficeLayout,
      HydrateFallback: RouteLoadingState,
      ErrorBoundary: RouteErrorState,
      children: [
        { path: paths.home, element: <Navigate to={paths.adminLogin} replace /> },
        {
          path: paths.adminLogin,
          loader: skipSignInWhenSignedIn(queryClient),
          lazy: () => import('./routes/admin-login.tsx'),
        },
        {
          // Staff and administrators; a technician is sent to their jobs.
          loader: requireBackOfficeRole(queryClient, staffRoles),
          shouldRevalidate: () => true,
          children: [
            { path: paths.customerManagement, lazy: () => import('./routes/admin-customer-management.tsx') },
            { path: paths.customerRecordPattern, lazy: () => import('./routes/customer-record.tsx') },
            { path: paths.technicianManagement, lazy: () => import('./routes/technician-management.tsx') },
            { path: paths.adminTracking, lazy: () => import('./routes/admin-tracking.tsx') },
            { path: paths.dispatchBoard, lazy: () => import('./routes/dispatch-board.tsx') },
            { path: paths.closures, lazy: () => import('./routes/closures.tsx') },
            { path: paths.invoices, lazy: () => import('./routes/invoices.tsx') },
            { path: paths.invoicePattern, lazy: () => import('./routes/invoice.tsx') },
            { path: paths.priceBook, lazy: () => import('./routes/price-book.tsx') },
            { path: paths.adminDeliveries, lazy: () => import('./routes/admin-deliveries.tsx') },
            { path: paths.adminNotifications, lazy: () => import('./routes/admin-notifications.tsx') },
            { path: paths.apiReference, lazy: () => import('./routes/api-reference.tsx') },
            {
              // Administrators only: staff management, the payments ledger, the owner's numbers (and, within customers, the import).
              loader: checkAdministrator(queryClient),
              shouldRevalidate: () => true,
              Component: AdministratorsGate,
              children: [
                { path: paths.adminPayments, lazy: () => import('./routes/admin-payments.tsx') },
                { path: paths.adminStaff, lazy: () => import('./routes/admin-staff.tsx') },
                { path: paths.numbers, lazy: () => import('./routes/numbers.tsx') },
              ],
            },
          ],
        },
        {
          // The technician's phone view; staff are sent to the back office's home.
          loader: requireBackOfficeRole(queryClient, technicianRoles),
          shouldRevalidate: () => true,
          children: [{ path: paths.myJobs, lazy: () => import('./routes/my-jobs.tsx') }],
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

export type BackOfficeRouter = ReturnType<typeof createBrowserRouter>;

/** The back office's router in the browser, on the address the page opened at. */
export const createBackOfficeRouter = (queryClient: QueryClient): BackOfficeRouter => createBrowserRouter(createRoutes(queryClient));

/**
 * `router`: one made before the first render (main.tsx); without it, one is made on first render, so it reads the
 * address the app starts at. A back-office call refused with 401 or 403 signs out and returns to sign-in: the session
 * is over or was never enough, so nothing on screen is kept.
 */
export function AppRouter({ router: given }: { router?: BackOfficeRouter }) {
  const queryClient = useQueryClient();
  const [router] = useState(() => given ?? createBackOfficeRouter(queryClient));
  useEffect(() => onSessionRefused(() => void signOutAfterRefusal(queryClient, router)), [queryClient, router]);
  return <RouterProvider router={router} />;
}
