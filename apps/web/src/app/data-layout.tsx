import '../styles/mantine-data.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { createQueryClient } from '@repo/ui';
import { useAfterHydration } from '../lib/after-hydration.ts';

/** One cache for the session, kept while the visitor moves between booking, payment and the marketing pages. */
const queryClient = createQueryClient();

/**
 * Toasts only follow something the visitor did, so their region (with its F8 shortcut) is added once the page has
 * hydrated, and its code (Mantine's notifications, transitions and portal) stays out of the first load. It takes no
 * room in the page (the toasts are fixed over it), so adding it moves nothing.
 */
const ToastRegion = lazy(() => import('./toast-region.ts').then(({ ToastRegion: Region }) => ({ default: Region })));

/** The data cache, toasts (with their F8 region) and the Mantine styles of the pages that call the API. */
export function DataLayout() {
  const hydrated = useAfterHydration();
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      {hydrated ? (
        <Suspense fallback={null}>
          <ToastRegion />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
