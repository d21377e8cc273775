import { useState, type ReactNode } from 'react';
import { AppProviders, createQueryClient } from '@repo/ui';
import { adminApi } from '../lib/api-client.ts';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient({ api: adminApi }));
  return <AppProviders queryClient={queryClient}>{children}</AppProviders>;
}
