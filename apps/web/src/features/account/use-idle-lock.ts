import { useEffect, useRef } from 'react';

/** The last user activity in any tab of this browser (epoch ms), shared through localStorage. */
export const LAST_ACTIVITY_KEY = 'preffy.lastActivity';
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** Activity is written at most this often: pointer moves come by the hundred. */
const WRITE_EVERY_MS = 5_000;
const CHECK_EVERY_MS = 10_000;

/**
 * Calls `onIdle` once after `minutes` without keyboard, pointer or scroll activity in any tab of
 * the app (0: never). Mantine's useIdle watches one tab only: with two tabs open, the one in the
 * background would lock the session the user is working in.
 */
export function useIdleLock(minutes: number, onIdle: () => void) {
  const callback = useRef(onIdle);
  useEffect(() => {
    callback.current = onIdle;
  });
  useEffect(() => {
    if (!minutes) return;
    const limit = minutes * 60_000;
    let written = 0;
    let fired = false;
    const touch = () => {
      const at = Date.now();
      if (at - written < WRITE_EVERY_MS) return;
      written = at;
      localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
    };
    touch();
    for (const event of ACTIVITY_EVENTS)
      window.addEventListener(event, touch, { passive: true, capture: true });
    const timer = setInterval(() => {
      const last = Math.max(written, Number(localStorage.getItem(LAST_ACTIVITY_KEY)) || 0);
      if (fired || Date.now() - last < limit) return;
      fired = true;
      callback.current();
    }, CHECK_EVERY_MS);
    return () => {
      clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, touch, { capture: true });
    };
  }, [minutes]);
}
