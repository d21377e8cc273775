import { startTransition, useEffect, useState } from 'react';

let appHydrated = false;

/** Called once the app's first render (the hydration of the prerendered page) has committed. */
export function markAppHydrated(): void {
  appHydrated = true;
}

/**
 * False while prerendering and while the page hydrates, then true, like the kit's `useHydrated`, but the change is a
 * transition: React renders what it changes (the booking calendar, say) in short tasks, where `useHydrated`'s change
 * re-renders the page synchronously, one long task that blocks input on a slow phone. A page opened by a client-side
 * navigation, after the app has hydrated, gets true at once.
 */
export function useAfterHydration(): boolean {
  const [ready, setReady] = useState(appHydrated);
  useEffect(() => {
    if (!ready) startTransition(() => setReady(true));
  }, [ready]);
  return ready;
}
