import { useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { BrandedLayout, NotFoundPage, pageHasSignOut, RouteErrorState, RouteLoadingState } from '@repo/ui';
import { env } from '../config/env.ts';
import { paths } from '../config/paths.ts';

/** The header every portal page shares, with the page in its main landmark. */
export function PortalLayout() {
  return <BrandedLayout homeHref={env.webOrigin} tag="Customer Portal" />;
}

/**
 * Every page is a thin module in ./routes, named after its path, composing the features; each loads with its route.
 * The prerender step finds a page's chunks by that name.
 */
export const routes: RouteObject[] = [
  {
    Component: PortalLayout,
    HydrateFallback: RouteLoadingState,
    ErrorBoundary: RouteErrorState,
    children: [
      { path: paths.home, element: <Navigate to={paths.login} replace /> },
      { path: paths.login, lazy: () => import('./routes/login.tsx') },
      { path: paths.register, lazy: () => import('./routes/register.tsx') },
      { path: paths.forgotPassword, lazy: () => import('./routes/forgot-password.tsx') },
      { path: paths.resetPassword, lazy: () => import('./routes/reset-password.tsx') },
      { path: paths.emailSignIn, lazy: () => import('./routes/email-sign-in.tsx') },
      { path: paths.signInLink, lazy: () => import('./routes/sign-in-link.tsx') },
      { path: paths.confirmEmail, lazy: () => import('./routes/confirm-email.tsx') },
      { path: paths.confirmEmailChange, lazy: () => import('./routes/confirm-email-change.tsx') },
      { path: paths.customerPortal, handle: pageHasSignOut, lazy: () => import('./routes/customer-portal.tsx') },
      { path: paths.messagePreferences, lazy: () => import('./routes/message-preferences.tsx') },
      { path: paths.appointmentRoute, lazy: () => import('./routes/appointment.tsx') },
      { path: paths.invoices, handle: pageHasSignOut, lazy: () => import('./routes/invoices.tsx') },
      { path: paths.invoiceRoute, handle: pageHasSignOut, lazy: () => import('./routes/invoice.tsx') },
      { path: paths.appliances, handle: pageHasSignOut, lazy: () => import('./routes/appliances.tsx') },
      { path: paths.technicianTrackingRoute, lazy: () => import('./routes/technician-tracking.tsx') },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** The router is made on first render so it reads the address the app starts at. */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
