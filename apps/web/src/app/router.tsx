import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { NotFoundPage, RouteErrorState, RouteLoadingState } from '@repo/ui';
import { PublicLayout } from '../components/public-layout.tsx';
import { bookingRoutes } from '../features/booking/routes.tsx';
import { paymentRoutes } from '../features/payment/routes.tsx';
import { siteRoutes } from '../features/site/routes.tsx';

export const routes: RouteObject[] = [
  {
    Component: PublicLayout,
    HydrateFallback: RouteLoadingState,
    ErrorBoundary: RouteErrorState,
    children: [
      ...siteRoutes,
      ...bookingRoutes,
      ...paymentRoutes,
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** The router is made on first render so it reads the address the app starts at. */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
