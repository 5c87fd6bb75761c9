import { describe, expect, it } from 'vitest';
import { clampCard, moveCard } from './card-navigation.ts';

describe('moving through the review cards', () => {
  it('goes to the next and previous card and stops at the first', () => {
    expect(moveCard(0, 3, 'next', false)).toEqual({ index: 1, loadMore: false });
    expect(moveCard(2, 3, 'previous', false)).toEqual({ index: 1, loadMore: false });
    expect(moveCard(0, 3, 'previous', true)).toEqual({ index: 0, loadMore: false });
  });

  it('asks for more at the last card when there are more, and stays otherwise', () => {
    expect(moveCard(2, 3, 'next', true)).toEqual({ index: 2, loadMore: true });
    expect(moveCard(2, 3, 'next', false)).toEqual({ index: 2, loadMore: false });
    expect(moveCard(0, 0, 'next', true)).toEqual({ index: 0, loadMore: true });
    expect(moveCard(0, 0, 'previous', true)).toEqual({ index: 0, loadMore: false });
  });

  it('keeps a current card that no longer exists within the grid', () => {
    expect(moveCard(9, 3, 'next', false)).toEqual({ index: 2, loadMore: false });
    expect(clampCard(3, 3)).toBe(2);
    expect(clampCard(1, 3)).toBe(1);
    expect(clampCard(0, 0)).toBe(0);
  });
});
