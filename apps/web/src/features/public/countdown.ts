import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What is left until `end`, in whole days, hours and minutes; null once it has passed. */
export function timeLeft(now: number, end: number): { days: number; hours: number; minutes: number } | null {
  const left = end - now;
  if (left <= 0) return null;
  // Whole minutes rounded up: '1 minute' is shown until the very end, never '0 minutes'.
  const minutes = Math.ceil(left / MINUTE);
  return {
    days: Math.floor(minutes / (DAY / MINUTE)),
    hours: Math.floor((minutes % (DAY / MINUTE)) / (HOUR / MINUTE)),
    minutes: minutes % (HOUR / MINUTE),
  };
}

/** The current time, moving on every `everyMs` (a countdown ticks without a reload). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
