import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { addDays, localDay } from '@preffy/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderedTableProps } from '../../../test/plain-data-table.tsx';
import { renderPage } from '../../../test/render-page.tsx';
import type { DashboardSearch } from '../dashboard-search.ts';
import { DashboardPage } from './DashboardPage.tsx';
import { testAccount } from '../../../test/account.ts';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

// jsdom has no scrollIntoView; the chart Select scrolls its chosen option into view on opening.
Element.prototype.scrollIntoView ??= () => {};

const LINKS = ['/update', '/correct', '/preffy/payments', '/inquiries', '/preffy/calendar'];

const staffTiles = {
  review: {
    total: 3,
    top: [
      { id: 'c1', name: 'Beta Active', count: 2 },
      { id: 'c3', name: 'Gamma', count: 1 },
    ],
  },
  flagged: { total: 1, top: [{ id: 'c2', name: 'Alpha Ended', count: 1 }] },
  payments: { count: 2, amount: 150.35, paid: 70 },
  inquiries: { unseen: 4 },
  holds: { count: 1, firstStart: Date.parse('2025-06-01T12:00:00Z') },
};
const organizerTiles = {
  review: { total: 0, top: [] },
  flagged: { total: 0, top: [] },
  payments: null,
  inquiries: null,
  holds: { count: 0, firstStart: null },
};

function stubServer(
  tiles: unknown,
  role = 'staff',
  counts = [0, 3],
  tileFailures = 0,
  account = testAccount,
) {
  const asked: URL[] = [];
  let failures = tileFailures;
  vi.stubGlobal('fetch', async (path: string) => {
    const url = new URL(path, 'http://app.test');
    asked.push(url);
    if (url.pathname === '/api/auth/me')
      return Response.json({
        user: { role, name: 'S', email: 's@x.test' },
        businessTimeZone: 'UTC',
        account,
      });
    if (url.pathname === '/api/dashboard/tiles' && failures-- > 0)
      return Response.json({ statusCode: 500, code: 'INTERNAL', message: 'x' }, { status: 500 });
    if (url.pathname === '/api/dashboard/tiles') return Response.json(tiles);
    if (url.pathname === '/api/dashboard/chart')
      return Response.json({
        kind: url.searchParams.get('kind'),
        from: '2025-01-01',
        to: '2025-01-02',
        points: counts.map((count, i) => ({ day: `2025-01-0${i + 1}`, count })),
        computedAt: Date.UTC(2025, 0, 2, 9, 30),
      });
    if (url.pathname === '/api/dashboard/competitions')
      return Response.json({
        items: [{ id: 'c1', name: 'Beta Active', organizer: 'Luna Vega', prizeTotal: 200, ugcCount: 1234 }],
        total: 1,
      });
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
  });
  return asked;
}
afterEach(() => {
  vi.unstubAllGlobals();
  renderedTableProps.length = 0;
});

/** The page as its route renders it, the search kept in state. */
function Page({ initial = {} }: { initial?: DashboardSearch }) {
  const [search, setSearch] = useState<DashboardSearch>(initial);
  return <DashboardPage search={search} onSearchChange={setSearch} />;
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('the dashboard', () => {
  it('says when the tiles could not be loaded, and Try again loads them', async () => {
    stubServer(staffTiles, 'staff', [0, 3], 1);
    renderPage('/dashboard', Page, { links: LINKS });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The tiles could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('dashboard-tiles')).toBeTruthy();
  });

  it('links each tile to the screen that works on it', async () => {
    stubServer(staffTiles);
    renderPage('/dashboard', Page, { links: LINKS });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    await screen.findByTestId('dashboard-tiles');
    expect(hrefOf('Beta Active (2)')).toBe('/update?id=c1');
    expect(hrefOf('Gamma (1)')).toBe('/update?id=c3');
    expect(hrefOf('Alpha Ended (1)')).toBe('/correct?id=c2');
    expect(hrefOf('Open the To Be Paid payments')).toBe('/preffy/payments?tab=to-be-paid');
    expect(within(screen.getByTestId('tile-payments')).getByText('Total: $150.35')).toBeTruthy();
    // The money paid, with what it counts (decision 0106).
    expect(screen.getByTestId('tile-payments-paid').textContent).toBe('Paid so far: $70');
    expect(within(screen.getByTestId('tile-payments')).getByTestId('paid-money-help').textContent).toMatch(
      /^Paid: the amounts sent to creators .* All competitions\.$/,
    );
    expect(hrefOf('Open the Unseen inquiries')).toBe('/inquiries?status=unseen');
    expect(hrefOf('Open the calendar at the first hold (2025-06-01)')).toBe('/preffy/calendar?month=2025-06');
  });

  it('says why a tile is empty, and shows organizers no money or inquiries', async () => {
    stubServer(organizerTiles, 'organizer');
    renderPage('/dashboard', Page, { links: LINKS });
    await screen.findByTestId('dashboard-tiles');
    expect(screen.getByText('No posts are waiting for review')).toBeTruthy();
    expect(screen.getByText('No calendar holds are waiting for confirmation')).toBeTruthy();
    expect(screen.queryByTestId('tile-payments')).toBeNull();
    expect(screen.queryByTestId('tile-inquiries')).toBeNull();
  });

  it('lists the competitions under Name, Artist, Prizes total and UGC count, in pages of 10, 25 or 100, with money and counts formatted', async () => {
    const asked = stubServer(staffTiles);
    renderPage('/dashboard', Page, { links: LINKS });
    expect(await screen.findByText('$200')).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Artist',
      'Prizes total',
      'UGC count',
    ]);
    const cells = [...screen.getAllByRole('row')[1]!.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells).toEqual(['Beta Active', 'Luna Vega', '$200', '1,234']);
    const list = asked.find((u) => u.pathname === '/api/dashboard/competitions')!;
    expect(Object.fromEntries(list.searchParams)).toMatchObject({ page: '1', pageSize: '10' });
    expect(renderedTableProps.at(-1)).toMatchObject({
      recordsPerPage: 10,
      recordsPerPageOptions: [10, 25, 100],
    });
  });

  it('switches the chart between All UGC and New Creators', async () => {
    const asked = stubServer(staffTiles);
    renderPage('/dashboard', Page, { links: LINKS });
    expect(await screen.findByRole('heading', { name: 'All UGC Over Time' })).toBeTruthy();
    expect(asked.find((u) => u.pathname === '/api/dashboard/chart')!.searchParams.get('kind')).toBe('ugc');
    // Answers are kept briefly (decision 0045): the chart says when it was counted, in the
    // business time zone its days are in, named once under the days.
    expect((await screen.findByTestId('dashboard-chart-as-of')).textContent).toBe(
      'Counted at 1/2/25 9:30 AM',
    );
    fireEvent.click(screen.getByTestId('dashboard-chart-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'New Creators Over Time', hidden: true }));
    expect(await screen.findByRole('heading', { name: 'New Creators Over Time' })).toBeTruthy();
    await waitFor(() =>
      expect(
        asked
          .filter((u) => u.pathname === '/api/dashboard/chart')
          .at(-1)!
          .searchParams.get('kind'),
      ).toBe('newCreators'),
    );
  });

  it('says why the chart is empty', async () => {
    stubServer(staffTiles, 'staff', [0, 0]);
    renderPage('/dashboard', Page, { links: LINKS });
    expect((await screen.findByTestId('dashboard-chart-empty')).textContent).toBe(
      'No posts were entered on these days',
    );
  });

  it('asks for the days in the address, and shows them in the picker', async () => {
    const asked = stubServer(staffTiles);
    renderPage('/dashboard', () => <Page initial={{ from: '2025-01-01', to: '2025-01-31' }} />, {
      links: LINKS,
    });
    expect(await screen.findByText('2025-01-01 – 2025-01-31')).toBeTruthy();
    await waitFor(() => {
      const chart = asked.find((u) => u.pathname === '/api/dashboard/chart')!;
      expect(Object.fromEntries(chart.searchParams)).toEqual({
        kind: 'ugc',
        from: '2025-01-01',
        to: '2025-01-31',
      });
    });
  });

  it('shows the last 90 days by default, and one time zone, the business one, named once', async () => {
    // A user in New York on a UTC business: the card's days and time are both UTC.
    const asked = stubServer(staffTiles, 'staff', [0, 3], 0, {
      ...testAccount,
      timeZone: 'America/New_York',
    });
    renderPage('/dashboard', Page, { links: LINKS });
    const card = await screen.findByTestId('dashboard-chart');
    const today = localDay(Date.now(), 'UTC');
    expect(await within(card).findByText(`${addDays(today, -89)} – ${today}`)).toBeTruthy();
    expect(within(card).getByText('Days and times in the UTC time zone')).toBeTruthy();
    expect((await within(card).findByTestId('dashboard-chart-as-of')).textContent).toBe(
      'Counted at 1/2/25 9:30 AM',
    );
    expect(card.textContent).not.toMatch(/EST|EDT/);
    // No days in the address: the server's default, the same 90 days.
    const chart = asked.find((u) => u.pathname === '/api/dashboard/chart')!;
    expect(Object.fromEntries(chart.searchParams)).toEqual({ kind: 'ugc' });
  });
});
