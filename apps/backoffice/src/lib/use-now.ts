import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`: "within two hours" alerts move with the clock, not only with data. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
