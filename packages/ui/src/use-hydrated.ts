import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while prerendering and during hydration, true afterwards. A page whose content depends on the address's
 * query or today's date (which the prerendered HTML cannot know) renders the same placeholder as the server until
 * then, and a prerendered form stays disabled until React can handle what the visitor types.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
