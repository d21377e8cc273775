import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { NotFoundPage, RouteErrorState, RouteLoadingState } from '@repo/ui';
import { PublicLayout } from '../components/public-layout.tsx';
import { paths } from '../config/paths.ts';

export const routes: RouteObject[] = [
  {
    Component: PublicLayout,
    HydrateFallback: RouteLoadingState,
    ErrorBoundary: RouteErrorState,
    children: [
      { path: paths.home, lazy: () => import('./routes/home.tsx').then(({ HomeRoute }) => ({ Component: HomeRoute })) },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** The router is made on first render so it reads the address the app starts at. */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
