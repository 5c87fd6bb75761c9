/**
 * Moving through the review grid by keyboard (J or ↓ next, ↑ previous). At the last card, next
 * asks for the next page (Load More) when there is one, so a reviewer never needs the mouse.
 */
export function moveCard(
  current: number,
  count: number,
  direction: 'next' | 'previous',
  hasMore: boolean,
): { index: number; loadMore: boolean } {
  if (count === 0) return { index: 0, loadMore: direction === 'next' && hasMore };
  const at = clampCard(current, count);
  if (direction === 'previous') return { index: Math.max(0, at - 1), loadMore: false };
  if (at < count - 1) return { index: at + 1, loadMore: false };
  return { index: at, loadMore: hasMore };
}

/**
 * The card L or K moves on to once the current one is scored: the next one after it that is not
 * yet Done (scored or deleted); past the last loaded card, the next page when there is one.
 * With nothing left to score it stays where it is.
 */
export function nextToScore(
  current: number,
  done: readonly boolean[],
  hasMore: boolean,
): { index: number; loadMore: boolean } {
  const at = clampCard(current, done.length);
  const found = done.findIndex((isDone, index) => index > at && !isDone);
  if (found !== -1) return { index: found, loadMore: false };
  return { index: at, loadMore: hasMore };
}

/**
 * Whether a key press is meant for the review grid: the focus is on the page itself (nothing
 * focused) or inside the grid. Elsewhere (another table on the page, the menu) keys do their
 * usual work, and ↑/↓ scroll as always.
 */
export function keysForGrid(active: Element | null, grid: Element | null): boolean {
  if (!active) return true;
  const document = active.ownerDocument;
  if (active === document.body || active === document.documentElement) return true;
  return grid !== null && grid.contains(active);
}

/**
 * Whether a key press typed a Latin letter. A letter shortcut is matched by the letter typed; on a
 * layout that types no Latin letter (Cyrillic: the L key types 'д'), by the key's place instead
 * (its code, KeyL). A Latin layout keeps its printed letters (AZERTY's A is not Q).
 */
export const typesLatinLetter = (key: string) => /^[a-z]$/i.test(key);

/** The current card once cards leave (a deleted post): the one that took its place, or the last. */
export const clampCard = (current: number, count: number) => Math.max(0, Math.min(current, count - 1));

/** The review screen's shortcuts, as the '?' list shows them and useHotkeys binds them. */
export const REVIEW_SHORTCUTS = [
  { keys: ['L'], action: 'love' },
  { keys: ['K'], action: 'like' },
  { keys: ['D'], action: 'delete' },
  { keys: ['J', '↓'], action: 'next' },
  { keys: ['↑'], action: 'previous' },
  { keys: ['?'], action: 'help' },
] as const;
export type ShortcutAction = (typeof REVIEW_SHORTCUTS)[number]['action'];
