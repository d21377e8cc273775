import { currentBusinessYear } from '@repo/contracts';
import { useHydrated } from './use-hydrated.ts';

/**
 * This year in business time, for a footer's ©. A prerendered page carries the year it was built in, and hydration
 * does not patch a differing text, so once hydrated the year is rendered again as a new element: a page built last
 * year shows this year as soon as its scripts run.
 */
export function CopyrightYear() {
  const hydrated = useHydrated();
  return (
    <span key={hydrated ? 'shown' : 'built'} suppressHydrationWarning>
      {currentBusinessYear()}
    </span>
  );
}
