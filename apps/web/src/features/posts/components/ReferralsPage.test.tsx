import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { ReferralsPage } from './ReferralsPage.tsx';

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
  competitionId: 'c1',
  competitionName: 'Song',
  deleted: false,
  referralCount: 2,
  flags: [],
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
