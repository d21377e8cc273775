import { lazy, Suspense, useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { PublicLayout } from '../components/public-layout.tsx';
import { paths } from '../config/paths.ts';

/** A state of the shared kit that is rarely shown, loaded when it is, so the pages' first load stays small. */
function rarelyShown(load: () => Promise<ComponentType>): ComponentType {
  const Lazy = lazy(() => load().then((Component) => ({ default: Component })));
  return function RarelyShown() {
    return (
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>
    );
  };
}

const RouteLoadingState = rarelyShown(() => import('./kit-states.ts').then((kit) => kit.RouteLoadingState));
const RouteErrorState = rarelyShown(() => import('./kit-states.ts').then((kit) => kit.RouteErrorState));

/**
 * Every page is a thin module in ./routes (named after its path) composing the features; each loads with its route.
 * The prerender step finds a page's chunks by that name.
 */
export const routes: RouteObject[] = [
  {
    Component: PublicLayout,
    HydrateFallback: RouteLoadingState,
    ErrorBoundary: RouteErrorState,
    children: [
      { path: paths.home, lazy: () => import('./routes/home.tsx') },
      { path: paths.careers, lazy: () => import('./routes/careers.tsx') },
      { path: paths.subZeroRepair, lazy: () => import('./routes/sub-zero-repair.tsx') },
      { path: paths.wolfRepair, lazy: () => import('./routes/wolf-repair.tsx') },
      { path: paths.fontExamples, lazy: () => import('./routes/font-examples.tsx') },
      { path: paths.privacy, lazy: () => import('./routes/privacy.tsx') },
      { path: paths.smsTerms, lazy: () => import('./routes/sms-terms.tsx') },
      {
        // The pages that fetch data share one query cache; its code loads with theirs.
        lazy: () => import('./data-layout.tsx').then(({ DataLayout }) => ({ Component: DataLayout })),
        children: [
          { path: paths.bookAppointment, lazy: () => import('./routes/book-appointment.tsx') },
          { path: paths.payment, lazy: () => import('./routes/payment.tsx') },
          { path: paths.paymentSuccess, lazy: () => import('./routes/payment-success.tsx') },
          { path: paths.findAppointment, lazy: () => import('./routes/find-appointment.tsx') },
        ],
      },
      { path: '*', lazy: () => import('./kit-states.ts').then(({ NotFoundPage }) => ({ Component: NotFoundPage })) },
    ],
  },
];

/** The router is made on first render so it reads the address the app starts at. */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
