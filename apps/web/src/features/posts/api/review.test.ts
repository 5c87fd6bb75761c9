import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardsQuery } from './review.ts';

afterEach(() => vi.unstubAllGlobals());

/** The address a card list's first page is asked at, for a view. */
async function askedFor(view?: Parameters<typeof cardsQuery>[2]) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return Response.json({ items: [], total: 0, next: null });
  });
  await new QueryClient().fetchInfiniteQuery(cardsQuery('queue', 'c1', view));
  return asked;
}

describe('the review queue’s views', () => {
  it('asks oldest first as it always did, and riskiest first or from a minimum risk when chosen', async () => {
    expect(await askedFor()).toEqual(['/api/competitions/c1/review?limit=10']);
    expect(await askedFor({ order: 'risk', minRisk: 0 })).toEqual([
      '/api/competitions/c1/review?limit=10&order=risk',
    ]);
    expect(await askedFor({ order: 'oldest', minRisk: 50 })).toEqual([
      '/api/competitions/c1/review?limit=10&minRisk=50',
    ]);
  });

  it('keeps each view apart in the cache, under the list’s key', () => {
    const key = cardsQuery('queue', 'c1', { order: 'risk', minRisk: 25 }).queryKey;
    expect(key.slice(0, 3)).toEqual(['review', 'queue', 'c1']);
    expect(key).not.toEqual(cardsQuery('queue', 'c1').queryKey);
  });
});
