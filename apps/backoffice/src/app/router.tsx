import { useState } from 'react';
import { Anchor } from '@mantine/core';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { BrandedLayout, NotFoundPage, RouteErrorState, RouteLoadingState } from '@repo/ui';
import { env } from '../config/env.ts';
import { paths } from '../config/paths.ts';
import { requireAdminSession, skipSignInWhenSignedIn } from '../features/auth/admin-session.ts';

function BackOfficeLayout() {
  return (
    <BrandedLayout
      homeHref={paths.home}
      tag="Back Office"
      actions={
        <Anchor href={env.webOrigin} size="sm" fw={600}>
          Public website
        </Anchor>
      }
    />
  );
}

/** Every page is a thin module in ./routes, named after its path, composing the features; each loads with its route. */
export const routes: RouteObject[] = [
  {
    Component: BackOfficeLayout,
    HydrateFallback: RouteLoadingState,
    ErrorBoundary: RouteErrorState,
    children: [
      { path: paths.home, element: <Navigate to={paths.adminLogin} replace /> },
      {
        path: paths.adminLogin,
        loader: skipSignInWhenSignedIn,
        lazy: () => import('./routes/admin-login.tsx'),
      },
      {
        // Every back-office page sits under this guard; it checks the token on each navigation.
        loader: requireAdminSession,
        shouldRevalidate: () => true,
        children: [
          { path: paths.customerManagement, lazy: () => import('./routes/admin-customer-management.tsx') },
          { path: paths.technicianManagement, lazy: () => import('./routes/technician-management.tsx') },
          { path: paths.adminTracking, lazy: () => import('./routes/admin-tracking.tsx') },
          { path: paths.myJobs, lazy: () => import('./routes/my-jobs.tsx') },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** The router is made on first render so it reads the address the app starts at. */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
