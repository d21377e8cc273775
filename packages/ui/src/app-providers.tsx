import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './query-client.ts';
import { ThemeProvider } from './theme-provider.tsx';
import { ToastRegion } from './toast-region.tsx';

export { toastRegionLabel } from './toast-region.tsx';

export type AppProvidersProps = {
  children: ReactNode;
  /** A client made by `createQueryClient`; one with the default options is made when absent. */
  queryClient?: QueryClient;
};

/** Theme, toasts and data cache for an app. The router stays in each app, inside these providers. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        {children}
        <ToastRegion />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
