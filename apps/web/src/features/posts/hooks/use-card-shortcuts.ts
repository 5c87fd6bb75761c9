import { useHotkeys } from '@mantine/hooks';
import { type RefObject, useEffect, useEffectEvent } from 'react';
import { type ShortcutAction, keysForGrid } from '../card-navigation.ts';

const dialogOpen = () => document.querySelector('[role="dialog"]') !== null;
const CARD = '[data-testid="review-card"]';
/** How long after the window's blur the grid looks where the focus went (into a video's frame). */
const FRAME_FOCUS_DELAY_MS = 50;

/**
 * The review grid's keys (L, K, D, J, ↑, ↓, ?), given to `onShortcut` as actions. They are the
 * grid's only while the focus is on the page or in the grid; anywhere else (the flagged table
 * below, the menu, a dialog) they do their usual work, ↑/↓ scrolling included. A dialog (ours, a
 * card's conflict, a confirmation) holds the keyboard while it is open.
 *
 * A click on a video puts the focus in the platform's frame, where the keys never arrive: the
 * window blurs, and the card of that video is given to `onFrameFocus` and takes the focus back.
 */
export function useCardShortcuts(
  gridRef: RefObject<HTMLElement | null>,
  onShortcut: (action: ShortcutAction) => void,
  onFrameFocus: (index: number) => void,
) {
  const onKey = (action: ShortcutAction, event: KeyboardEvent) => {
    if (dialogOpen() || !keysForGrid(document.activeElement, gridRef.current)) return;
    event.preventDefault();
    onShortcut(action);
  };
  const own = { preventDefault: false };
  useHotkeys([
    ['l', (event) => onKey('love', event), own],
    ['k', (event) => onKey('like', event), own],
    ['d', (event) => onKey('delete', event), own],
    ['j', (event) => onKey('next', event), own],
    ['ArrowDown', (event) => onKey('next', event), own],
    ['ArrowUp', (event) => onKey('previous', event), own],
    ['shift+?', (event) => onKey('help', event), own],
  ]);
  const frameFocused = useEffectEvent(onFrameFocus);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onBlur = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const frame = document.activeElement;
        const grid = gridRef.current;
        if (!(frame instanceof HTMLIFrameElement) || !grid?.contains(frame)) return;
        const card = frame.closest<HTMLElement>(CARD);
        if (!card) return;
        const index = Array.from(grid.querySelectorAll(CARD)).indexOf(card);
        if (index !== -1) frameFocused(index);
        card.focus({ preventScroll: true });
      }, FRAME_FOCUS_DELAY_MS);
    };
    window.addEventListener('blur', onBlur);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('blur', onBlur);
    };
  }, [gridRef]);
}
