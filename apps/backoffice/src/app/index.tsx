import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './provider.tsx';
import { AppRouter, type BackOfficeRouter } from './router.tsx';

/** The back office. main.tsx hands in the query client and router it made (and let finish its first navigation). */
export function App({ queryClient, router }: { queryClient?: QueryClient; router?: BackOfficeRouter }) {
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter router={router} />
    </AppProvider>
  );
}
