import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage as renderPageIn } from '../../../test/render-page.tsx';
import { ReferralsPage } from './ReferralsPage.tsx';
import { signedInQueryClient } from '../../../test/account.ts';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

const post = {
  id: 'p1',
  version: 1,
  createdAt: 0,
  link: 'https://www.instagram.com/reel/Cx1abcDEF/',
  email: 'promo@creators.test',
  creator: 'promo',
  platform: 'instagram',
  postId: 'Cx1abcDEF',
  likes: 1200,
  views: 5000,
  viewsKind: 'reported',
  comments: 3,
  shares: 0,
  bonusLikes: null,
  creativityScore: 0,
  source: 'form',
  country: null,
  author: null,
  postedDate: null,
  statsCheckedAt: null,
  statsProvider: null,
  statsError: null,
  statsFailure: null,
  competitionId: 'c1',
  competitionName: 'Song',
  deleted: false,
  referralCount: 2,
  duplicateAttempts: 0,
  flags: [],
  risk: { score: 0, parts: [] },
  flagsCleared: false,
  providerCountry: null,
  deletedReason: null,
  disqualification: null,
  profileUrl: null,
};

/** Answers the page's GETs and records their addresses. */
function stubServer() {
  const asked: URL[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    const url = new URL(path, 'http://app.test');
    asked.push(url);
    if (url.pathname === '/api/competitions/c1')
      return Response.json({ competition: { id: 'c1', name: 'Summer Song', organizer: 'Luna' } });
    if (url.pathname === '/api/competitions/c1/referral-creators')
      return Response.json({
        items: [{ email: 'promo@creators.test' }, { email: 'other@creators.test' }],
        total: 2,
      });
    if (url.pathname === '/api/posts') return Response.json({ items: [post], total: 1 });
    return Response.json(
      { statusCode: 404, code: 'NOT_FOUND', message: 'Record not found' },
      { status: 404 },
    );
  });
  return asked;
}
afterEach(() => vi.unstubAllGlobals());

function renderPage(email: string | undefined, onChange = vi.fn()) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ReferralsPage id="c1" email={email} creator={undefined} onChange={onChange} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onChange;
}

describe('the Referral view', () => {
  it("offers the promotions' creator emails and keeps the reset table's creator when one is picked", async () => {
    const asked = stubServer();
    const onChange = renderPage(undefined);
    expect(await screen.findByRole('heading', { name: 'Referrals: Summer Song' })).toBeTruthy();
    expect(screen.getByText(/Pick a creator from this competition's promotions/)).toBeTruthy();
    await waitFor(() =>
      expect(asked.some((u) => u.pathname === '/api/competitions/c1/referral-creators')).toBe(true),
    );
    fireEvent.click(screen.getByTestId('referral-email-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'other@creators.test', hidden: true }));
    expect(onChange).toHaveBeenCalledWith({ email: 'other@creators.test', creator: undefined });
    expect(asked.some((u) => u.pathname === '/api/posts')).toBe(false);
  });

  it("shows the chosen creator's posts in this competition as 240×500 embeds", async () => {
    const asked = stubServer();
    renderPage('promo@creators.test');
    const card = await screen.findByTestId('post-card');
    const frame = within(card).getByTitle('promo');
    expect(frame.getAttribute('src')).toBe('https://www.instagram.com/p/Cx1abcDEF/embed/');
    expect([frame.getAttribute('width'), frame.getAttribute('height')]).toEqual(['240', '500']);
    await waitFor(() => expect(screen.getByTestId('post-count').textContent).toBe('1 post'));
    const list = asked.find((u) => u.pathname === '/api/posts')!;
    expect(Object.fromEntries(list.searchParams)).toMatchObject({
      competitionId: 'c1',
      email: 'promo@creators.test',
      deleted: 'false',
    });
  });
});

describe('the Referral reset table', () => {
  it("lists the creator's posts with referrals under ID, Link, Likes, Bonus Likes, View and Reset", async () => {
    const asked = stubServer();
    renderPageIn(
      '/referrals',
      () => <ReferralsPage id="c1" email={undefined} creator="promo" onChange={vi.fn()} />,
      { queryClient: signedInQueryClient('staff') },
    );
    await screen.findByTestId('bonus-likes');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'ID',
      'Link',
      'Likes',
      'Bonus Likes',
      'View',
      'Reset',
    ]);
    const cells = [...screen.getAllByRole('row')[1]!.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells).toEqual(['p1', 'Open', '1,200', '0', 'View 2 links', 'Reset']);
    const list = asked.find((u) => u.pathname === '/api/posts' && u.searchParams.get('creator'))!;
    expect(Object.fromEntries(list.searchParams)).toMatchObject({ creator: 'promo', withReferrals: 'true' });
  });

  it('on a 409 says the post changed, with its current likes and bonus, resets nothing and reads the table again', async () => {
    const referred = { ...post, likes: 1200, bonusLikes: 200 };
    const stored = { ...referred, version: 2, likes: 1500, bonusLikes: 300 };
    const asked: { method: string; url: URL; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
      if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
      const url = new URL(path, 'http://app.test');
      asked.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      if (url.pathname === '/api/competitions/c1')
        return Response.json({ competition: { id: 'c1', name: 'Summer Song', organizer: 'Luna' } });
      if (url.pathname === '/api/posts') return Response.json({ items: [referred], total: 1 });
      if (url.pathname === '/api/posts/p1/reset-referrals')
        return Response.json(
          { statusCode: 409, code: 'VERSION_CONFLICT', message: 'changed', current: stored },
          { status: 409 },
        );
      return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
    });
    const queryClient = signedInQueryClient('staff');
    renderPageIn(
      '/referrals',
      () => <ReferralsPage id="c1" email={undefined} creator="promo" onChange={vi.fn()} />,
      { queryClient },
    );
    expect((await screen.findByTestId('bonus-likes')).textContent).toBe('200');
    const lists = () => asked.filter((a) => a.url.pathname === '/api/posts').length;
    const before = lists();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    fireEvent.click(await screen.findByTestId('confirm-reset'));
    expect(
      await screen.findByText(
        "promo's post changed since the table was loaded: it now has 1,500 likes and a bonus of 300. Nothing was reset; the table shows it as it is now.",
      ),
    ).toBeTruthy();
    expect(screen.getByText('The post changed')).toBeTruthy();
    // No generic failure toast beside it.
    expect(screen.queryByText('changed')).toBeNull();
    const resets = asked.filter((a) => a.url.pathname === '/api/posts/p1/reset-referrals');
    expect(resets.map((a) => [a.method, a.body])).toEqual([['POST', { version: 1 }]]);
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  });
});
