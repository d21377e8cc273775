import { useCallback, useState } from 'react';
import { businessDate } from '@repo/contracts';
import { useNow } from './use-now.ts';

export type BusinessDay = {
  /** The day shown, 'YYYY-MM-DD' in the business time zone. */
  day: string;
  today: string;
  isToday: boolean;
  choose: (day: string) => void;
};

/**
 * The business day a screen shows: today (following the clock past midnight in America/New_York) until someone
 * chooses another day; choosing today follows the clock again.
 */
export function useBusinessDay(): BusinessDay {
  const today = businessDate(useNow(60_000));
  const [chosen, setChosen] = useState<string | null>(null);
  const day = chosen ?? today;
  // The same function until the day changes, so that what is handed it can be memoised.
  const choose = useCallback((next: string) => setChosen(next === today ? null : next), [today]);
  return { day, today, isToday: day === today, choose };
}
