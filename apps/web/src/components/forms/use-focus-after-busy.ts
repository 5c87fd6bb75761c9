import { type RefObject, useEffect, useRef } from 'react';

/**
 * A button that shows its loading state is disabled meanwhile, and a disabled element loses the
 * focus to the page: a keyboard user is sent back to the top. When `busy` ends with the focus
 * lost, it goes to `target` (the result, or the button again); focus the user moved elsewhere
 * meanwhile (a field with an error) stays where it is.
 */
export function useFocusAfterBusy<T extends HTMLElement>(busy: boolean, target: RefObject<T | null>) {
  const wasBusy = useRef(busy);
  useEffect(() => {
    const ended = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (!ended) return;
    const active = document.activeElement;
    if (!active || active === document.body) target.current?.focus();
  }, [busy, target]);
}
