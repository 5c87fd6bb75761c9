import type { DuplicateAttempt } from '@preffy/api';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { signedInQueryClient } from '../../../test/account.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { DuplicateAttempts } from './DuplicateAttempts.tsx';

const attempt: DuplicateAttempt = {
  id: 'd1',
  attemptedAt: Date.UTC(2026, 10, 28, 15, 30),
  email: 'bob@creators.test',
  creator: 'bob',
  link: 'https://www.tiktok.com/@bob/video/7301',
  via: 'staff',
  attemptedByName: 'Sam Staff',
  earlier: {
    id: 'p1',
    creator: 'ann',
    email: 'ann@creators.test',
    link: 'https://www.tiktok.com/@ann/video/7301',
    removed: true,
  },
};

/** The API as the table sees it: one page of attempts; the URLs asked are kept. */
function stubAttempts(items: DuplicateAttempt[]) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return Response.json({ items, total: items.length });
  });
  return asked;
}
afterEach(() => vi.unstubAllGlobals());
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

const show = () =>
  renderPage('/correct', () => <DuplicateAttempts competitionId="c1" />, {
    links: ['/preffy/posts'],
    queryClient: signedInQueryClient(),
  });

describe('refused duplicates on the errors view', () => {
  it('lists who tried, when, through what, and links to the earlier entry', async () => {
    const asked = stubAttempts([attempt]);
    show();
    const row = (await screen.findByText('bob@creators.test')).closest('tr')!;
    expect(within(row).getByText('Added by hand')).toBeDefined();
    expect(within(row).getByText('by Sam Staff')).toBeDefined();
    expect(within(row).getByText('11/28/26, 3:30 PM')).toBeDefined();
    expect(within(row).getByText('Removed since')).toBeDefined();
    const earlier = within(row).getByRole('link', { name: 'ann (ann@creators.test)' });
    const target = new URL(earlier.getAttribute('href')!, 'http://app.test');
    expect([target.pathname, target.searchParams.get('tab'), target.searchParams.get('search')]).toEqual([
      '/preffy/posts',
      'inactive',
      'https://www.tiktok.com/@ann/video/7301',
    ]);
    const query = new URL(
      asked.find((u) => u.includes('/duplicate-attempts'))!,
      'http://app.test',
    );
    expect(query.pathname).toBe('/api/competitions/c1/duplicate-attempts');
  });

  it('says why the table is empty', async () => {
    stubAttempts([]);
    show();
    expect(
      await screen.findByText('No entry has been refused as a duplicate in this competition.'),
    ).toBeDefined();
  });
});
