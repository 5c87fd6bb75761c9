import { type HotkeyItem, useHotkeys } from '@mantine/hooks';
import { type RefObject, useEffect, useEffectEvent } from 'react';
import { type ShortcutAction, keysForGrid, typesLatinLetter } from '../card-navigation.ts';

/** The letter shortcuts; each also answers at its key's place on a non-Latin layout. */
const LETTERS = [
  ['l', 'love'],
  ['k', 'like'],
  ['d', 'delete'],
  ['j', 'next'],
] as const satisfies readonly (readonly [string, ShortcutAction])[];

const dialogOpen = () => document.querySelector('[role="dialog"]') !== null;
const CARD = '[data-testid="review-card"]';
/** How long after the window's blur the grid looks where the focus went (into a video's frame). */
const FRAME_FOCUS_DELAY_MS = 50;

/**
 * The review grid's keys (L, K, D, J, ↑, ↓, ?), given to `onShortcut` as actions; the letters work
 * on a Cyrillic layout too, by their place (`typesLatinLetter`). They are the
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
  const atPlace = { preventDefault: false, usePhysicalKeys: true };
  useHotkeys([
    ...LETTERS.flatMap(([letter, action]): HotkeyItem[] => [
      [letter, (event) => onKey(action, event), own],
      [letter, (event) => !typesLatinLetter(event.key) && onKey(action, event), atPlace],
    ]),
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
