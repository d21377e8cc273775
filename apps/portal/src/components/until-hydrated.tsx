import type { ReactNode } from 'react';
import { useHydrated } from '@repo/ui';

/**
 * A prerendered form's controls, disabled until React handles them: text typed before would be lost, and a native
 * submission would put the fields, password included, into the address. Pages rendered in the browser are hydrated
 * from the start, so their forms are never disabled.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
