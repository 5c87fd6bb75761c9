import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import type { AnalyticsSearch } from '../analytics-search.ts';
import { AnalyticsPage } from './AnalyticsPage.tsx';
import { testAccount } from '../../../test/account.ts';

const figures = {
  period: { preset: 'last30', from: '2025-01-01', to: '2025-01-31' },
  competitionsRun: 2,
  posts: 1234,
  creators: { total: 5, new: 4, returning: 1 },
  views: 215,
  likes: 21,
  prizeMoney: { paid: 200, owed: 150.5 },
  revenue: 2500,
  entered: 8,
  flagged: { count: 1, rate: 0.125 },
  disqualified: { count: 0, rate: 0 },
  byPlatform: [{ platform: 'tiktok', posts: 5, views: 185 }],
  byContinent: [{ continent: 'Europe', posts: 2, views: 35 }],
  byCountry: [{ country: 'FR', continent: 'Europe', posts: 2, views: 35 }],
  otherCountries: { countries: 3, posts: 4, views: 9 },
  computedAt: Date.UTC(2025, 0, 31, 12, 5),
};
const nothing = {
  ...figures,
  competitionsRun: 0,
  posts: 0,
  creators: { total: 0, new: 0, returning: 0 },
  views: 0,
  likes: 0,
  prizeMoney: { paid: 0, owed: 0 },
  revenue: 0,
  entered: 0,
  flagged: { count: 0, rate: 0 },
  byPlatform: [],
  byContinent: [],
  byCountry: [],
  otherCountries: { countries: 0, posts: 0, views: 0 },
};

function stubServer(answer: unknown) {
  const asked: URL[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    const url = new URL(path, 'http://app.test');
    asked.push(url);
    if (url.pathname === '/api/auth/me')
      return Response.json({
        user: { role: 'staff', name: 'S', email: 's@x.test' },
        businessTimeZone: 'UTC',
        account: testAccount,
      });
    if (url.pathname === '/api/analytics') return Response.json(answer);
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
  });
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

const LINKS = ['/preffy/view', '/preffy/posts', '/preffy/payments'];

describe('the analytics page', () => {
  it('shows each figure formatted, linking to the list behind it', async () => {
    const asked = stubServer(figures);
    renderPage('/preffy/analytics', () => <AnalyticsPage search={{}} onSearchChange={() => {}} />, {
      links: LINKS,
    });
    expect(await screen.findByRole('heading', { name: 'Analytics', level: 1 })).toBeTruthy();
    const posts = await screen.findByTestId('figure-posts');
    expect(within(posts).getByText('1,234')).toBeTruthy();
    expect(within(screen.getByTestId('figure-creators')).getByText('4 new, 1 returning')).toBeTruthy();
    expect(within(screen.getByTestId('figure-owed')).getByText('$150.50')).toBeTruthy();
    // What paid counts, beside the figure (decision 0106).
    expect(within(screen.getByTestId('figure-paid')).getByTestId('paid-money-help').textContent).toMatch(
      /^Paid: the amounts sent to creators .*, each payment counted once, in USD\. Competitions that ended in this period\.$/,
    );
    const flags = screen.getByTestId('figure-flagRate');
    expect(within(flags).getByText('12.5%')).toBeTruthy();
    expect(within(flags).getByText('1 of 8 posts entered')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Open sent payments: Prize money paid' }).getAttribute('href'),
    ).toBe('/preffy/payments?tab=sent');
    expect(screen.getByRole('link', { name: 'Open removed posts: Flag rate' }).getAttribute('href')).toBe(
      '/preffy/posts?tab=inactive',
    );
    // The splits: a table for every chart, continents translated, the other countries summed.
    const byCountry = screen.getByRole('table', { name: 'By country' });
    expect(within(byCountry).getByText('France')).toBeTruthy();
    expect(within(byCountry).getByText('3 other countries')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'By platform' })).getByText('TikTok')).toBeTruthy();
    expect(asked.find((u) => u.pathname === '/api/analytics')!.searchParams.get('preset')).toBe('last30');
    // Answers are kept briefly (decision 0045): the page says when these were counted.
    expect(screen.getByTestId('analytics-period').textContent).toContain('Counted at 1/31/25 12:05 PM UTC');
  });

  it('says nothing happened in an empty period', async () => {
    stubServer(nothing);
    renderPage('/preffy/analytics', () => (
      <AnalyticsPage search={{ preset: 'last7' }} onSearchChange={() => {}} />
    ));
    expect(await screen.findByText('Nothing happened in this period')).toBeTruthy();
    expect(screen.queryByTestId('figure-posts')).toBeNull();
  });

  it('asks for a custom range only once it has both days, and switches presets through the address', async () => {
    const asked = stubServer(figures);
    const changes: AnalyticsSearch[] = [];
    renderPage('/preffy/analytics', () => (
      <AnalyticsPage
        search={{ preset: 'custom', from: '2025-01-01' }}
        onSearchChange={(s) => changes.push(s)}
      />
    ));
    expect(await screen.findByText('Pick the first and the last day of the period.')).toBeTruthy();
    expect(asked.some((u) => u.pathname === '/api/analytics')).toBe(false);
    fireEvent.click(screen.getAllByLabelText('Period')[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'This year', hidden: true }));
    await waitFor(() => expect(changes.at(-1)).toEqual({ preset: 'thisYear' }));
  });
});
