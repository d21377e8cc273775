import { useRef, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ui } from '@repo/contracts';
import { createQueryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export const toastRegionLabel = 'Notifications (F8)';

/** The toast stack inside a labelled region that F8 focuses, from anywhere on the page (form fields included). */
function ToastRegion() {
  const region = useRef<HTMLDivElement>(null);
  useHotkeys([['F8', () => region.current?.focus()]], []);
  return (
    <div ref={region} role="region" aria-label={toastRegionLabel} tabIndex={-1} className="toast-region">
      <Notifications
        withinPortal={false}
        position="top-right"
        limit={ui.toastLimit}
        autoClose={ui.toastDurationMs}
      />
    </div>
  );
}

export type AppProvidersProps = {
  children: ReactNode;
  /** A client made by `createQueryClient`; one with the default options is made when absent. */
  queryClient?: QueryClient;
};

/** Theme, toasts and data cache for an app. The router stays in each app, inside these providers. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <QueryClientProvider client={client}>
        {children}
        <ToastRegion />
      </QueryClientProvider>
    </MantineProvider>
  );
}
