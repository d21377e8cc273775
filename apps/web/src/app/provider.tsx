import type { ReactNode } from 'react';
import { AppProviders } from '@repo/ui';

export function AppProvider({ children }: { children: ReactNode }) {
  return <AppProviders>{children}</AppProviders>;
}
