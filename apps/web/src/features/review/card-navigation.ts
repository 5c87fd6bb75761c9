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
