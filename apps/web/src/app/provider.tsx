import type { ReactNode } from 'react';
import { ThemeProvider } from '@repo/ui';

/**
 * The theme for every page. The toast region and data cache come with the routes that use them (see `DataLayout`), so
 * the marketing pages do not load their code.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return <ThemeProvider>{children}</ThemeProvider>;
}
