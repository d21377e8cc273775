// Every Mantine component's styles, in a cascade layer so they never override the site's own rules.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { createQueryClient, ToastRegion } from '@repo/ui';

/** One cache for the session, kept while the visitor moves between booking, payment and the marketing pages. */
const queryClient = createQueryClient();

/** The data cache, toasts (with their F8 region) and full Mantine styles of the pages that call the API. */
export function DataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <ToastRegion />
    </QueryClientProvider>
  );
}
