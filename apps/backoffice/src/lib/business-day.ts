import { useCallback, useState } from 'react';
import { businessDate, isoDateSchema } from '@repo/contracts';
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
 * chooses another day; choosing today follows the clock again. `initial`: the day a link asked for (`?date=` on the
 * dispatch board, from a customer's record), when it is a date.
 */
export function useBusinessDay(initial?: string | null): BusinessDay {
  const today = businessDate(useNow(60_000));
  const [chosen, setChosen] = useState<string | null>(() => (initial && isoDateSchema.safeParse(initial).success && initial !== today ? initial : null));
  const day = chosen ?? today;
  // The same function until the day changes, so that what is handed it can be memoised.
  const choose = useCallback((next: string) => setChosen(next === today ? null : next), [today]);
  return { day, today, isToday: day === today, choose };
}
