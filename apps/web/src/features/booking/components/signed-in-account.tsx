import { useEffect } from 'react';
import type { Customer } from '@repo/contracts';
import { useSignedInCustomer } from '@repo/ui';

/**
 * Asks, in the background, who is signed in, and hands a customer's account to the wizard; renders nothing. A visitor,
 * or a failed check, hands nothing. Its own component (loaded once the visitor starts booking), so the question's
 * progress re-renders only this, not the whole wizard, and the session's contract code stays out of the page's load.
 */
export function SignedInAccount({ onAccount }: { onAccount: (account: Customer) => void }) {
  const account = useSignedInCustomer().data ?? null;
  useEffect(() => {
    if (account) onAccount(account);
  }, [account, onAccount]);
  return null;
}
