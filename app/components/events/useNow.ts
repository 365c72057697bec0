import { useEffect, useState } from 'react';

/**
 * The current time, ticking every `intervalMs` in the browser. The first render (server and
 * hydration alike) uses `initialNow` from the loader, so both produce the same markup; the clock
 * takes over after mount.
 */
export function useNow(initialNow: number, intervalMs = 1000): number {
  const [now, setNow] = useState(initialNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Whole days, hours, minutes and seconds left until `target` (all zero once it has passed). */
export function timeLeft(target: number, now: number) {
  const total = Math.max(0, Math.floor((target - now) / 1000));
  return {
    total,
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
