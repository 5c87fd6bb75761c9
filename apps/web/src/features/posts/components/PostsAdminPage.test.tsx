import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { signedInQueryClient } from '../../../test/account.ts';
import { renderedTableProps } from '../../../test/plain-data-table.tsx';
import { renderPage } from '../../../test/render-page.tsx';
import { PostsAdminPage } from './PostsAdminPage.tsx';
import { post } from './review-post-fixture.ts';
import type { PostsAdminTab } from '../posts-admin-tabs.ts';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

const listed = [
  { ...post(1, { id: 'p1234567890', likes: 1500 }), competitionName: 'Summer Song' },
  {
    ...post(2, { deleted: true, deletedReason: 'disqualified', disqualification: 'general' }),
    competitionName: 'Summer Song',
  },
];

function stubServer() {
  const lists: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    const url = new URL(path, 'http://app.test');
    if (url.pathname !== '/api/posts')
      return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
    lists.push(url.searchParams);
    return Response.json({ items: listed, total: listed.length });
  });
  return lists;
}
beforeEach(() => {
  renderedTableProps.length = 0;
});

function renderPostsAdmin(tab: PostsAdminTab) {
  renderPage('/preffy/posts', () => <PostsAdminPage tab={tab} onTabChange={vi.fn()} />, {
    queryClient: signedInQueryClient('staff'),
  });
}

describe('posts admin', () => {
  it("shows the spec's columns, then the competition and the row actions", async () => {
    stubServer();
    renderPostsAdmin('active');
    expect(await screen.findByText('creator1')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Active Posts', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Inactive Posts' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'ID',
      'Creator',
      'Email',
      'Likes',
      'Link',
      'Deleted',
      'Competition',
      'Actions',
    ]);
    const cells = (n: number) =>
      [...screen.getAllByRole('row')[n]!.querySelectorAll('td')].slice(0, 7).map((c) => c.textContent);
    expect(cells(1)).toEqual([
      'p1234567',
      'creator1',
      'creator1@creators.test',
      '1,500',
      'Open',
      'No',
      'Summer Song',
    ]);
    expect(cells(2)[5]).toBe('Disqualified');
  });

  it('offers pages of 10, 25 or 50, 10 by default, newest first', async () => {
    const lists = stubServer();
    renderPostsAdmin('active');
    await screen.findByText('creator1');
    expect(renderedTableProps.at(-1)).toMatchObject({
      recordsPerPage: 10,
      recordsPerPageOptions: [10, 25, 50],
    });
    expect(Object.fromEntries(lists[0]!)).toMatchObject({
      pageSize: '10',
      sortBy: 'createdAt',
      sortDirection: 'desc',
      deleted: 'false',
    });
  });

  it('Inactive Posts asks for the deleted posts', async () => {
    const lists = stubServer();
    renderPostsAdmin('inactive');
    await waitFor(() => expect(lists[0]?.get('deleted')).toBe('true'));
  });
});
