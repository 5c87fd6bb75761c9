import { describe, expect, it } from 'vitest';
import { clampCard, keysForGrid, moveCard, nextToScore, typesLatinLetter } from './card-navigation.ts';

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

describe('the card L or K moves on to', () => {
  it('is the next card after the current one that is not Done, skipping the Done ones', () => {
    expect(nextToScore(0, [false, false, false], false)).toEqual({ index: 1, loadMore: false });
    expect(nextToScore(0, [false, true, true, false], true)).toEqual({ index: 3, loadMore: false });
    // Cards before the current one are not gone back to.
    expect(nextToScore(2, [false, false, false, true], false)).toEqual({ index: 2, loadMore: false });
  });

  it('asks for more past the last loaded card to score, and stays when there are no more', () => {
    expect(nextToScore(1, [false, false], true)).toEqual({ index: 1, loadMore: true });
    expect(nextToScore(0, [false, true], true)).toEqual({ index: 0, loadMore: true });
    expect(nextToScore(1, [false, false], false)).toEqual({ index: 1, loadMore: false });
    expect(nextToScore(5, [false, false], false)).toEqual({ index: 1, loadMore: false });
  });
});

describe('whether a key is meant for the grid', () => {
  it('is, with the focus on the page or inside the grid, and is not anywhere else', () => {
    document.body.innerHTML = '<div id="grid"><button id="in">in</button></div><button id="out">out</button>';
    const grid = document.getElementById('grid');
    expect(keysForGrid(null, grid)).toBe(true);
    expect(keysForGrid(document.body, grid)).toBe(true);
    expect(keysForGrid(document.documentElement, grid)).toBe(true);
    expect(keysForGrid(grid, grid)).toBe(true);
    expect(keysForGrid(document.getElementById('in'), grid)).toBe(true);
    expect(keysForGrid(document.getElementById('out'), grid)).toBe(false);
    // No grid on the screen (still loading, empty): only the page's own focus counts.
    expect(keysForGrid(document.getElementById('in'), null)).toBe(false);
    expect(keysForGrid(document.body, null)).toBe(true);
  });
});

describe('letter shortcuts on any keyboard layout', () => {
  it('tells a Latin letter from what a Cyrillic layout types at its place', () => {
    expect(typesLatinLetter('l')).toBe(true);
    expect(typesLatinLetter('L')).toBe(true);
    expect(typesLatinLetter('д')).toBe(false);
    expect(typesLatinLetter('Д')).toBe(false);
    expect(typesLatinLetter('ArrowDown')).toBe(false);
  });
});
