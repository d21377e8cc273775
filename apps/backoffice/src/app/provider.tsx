import { useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders, createQueryClient } from '@repo/ui';
import { adminApi } from '../lib/api-client.ts';

/** The back office's query client: its calls go through the back-office API client. */
export const createBackOfficeQueryClient = () => createQueryClient({ api: adminApi });

/** `queryClient`: one made before the first render (main.tsx, whose router's first loaders use it); else its own. */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createBackOfficeQueryClient());
  return <AppProviders queryClient={queryClient}>{children}</AppProviders>;
}
