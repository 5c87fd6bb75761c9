import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderedTableProps } from '../../../test/plain-data-table.tsx';
import { renderPage } from '../../../test/render-page.tsx';
import { signedInQueryClient } from '../../../test/account.ts';
import { testCompetition } from '../../../test/competition.ts';
import { EntriesPage } from './EntriesPage.tsx';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

const entry = {
  rank: 4,
  creator: 'luna.dance',
  platform: 'tiktok',
  email: 'luna@creators.test',
  source: 'form',
  postCount: 1412,
  likes: 31404,
  views: 2_500_000,
  creativityScore: 0,
  prizeLabel: null,
  prizeAmount: null,
  reason: 'rank 4 by likes (31404), no prize left',
  flags: [],
};

function stubServer() {
  vi.stubGlobal('fetch', async (path: string) => {
    const url = new URL(path, 'http://app.test');
    if (url.pathname === '/api/competitions/c1') return Response.json({ competition: testCompetition });
    if (url.pathname === '/api/competitions/c1/leaderboard')
      return Response.json({ items: [entry], total: 1, computedAt: null });
    return Response.json({ items: [], total: 0 });
  });
}
afterEach(() => {
  vi.unstubAllGlobals();
  renderedTableProps.length = 0;
});

describe('the leaderboard tab', () => {
  it('names the platform as people write it and gives every number in the reader’s format', async () => {
    stubServer();
    renderPage('/table-update', () => <EntriesPage id="c1" tab="leaderboard" onTabChange={() => {}} />, {
      queryClient: signedInQueryClient(),
    });
    const row = await waitFor(() => screen.getByRole('cell', { name: 'luna.dance' }).closest('tr')!);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toContain('TikTok');
    expect(cells).not.toContain('tiktok');
    expect(cells).toContain('1,412');
    expect(cells).toContain('31,404');
    expect(cells).toContain('2.5M');
    expect(cells).toContain('Rank 4 by likes (31,404), no prize left');
  });
});
