import type { CompetitionListItem } from '@preffy/api';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { signedInQueryClient } from '../../../test/account.ts';
import { renderedTableProps } from '../../../test/plain-data-table.tsx';
import { testCompetitionListItem } from '../../../test/competition.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { CompetitionsPage } from './CompetitionsPage.tsx';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

const row: CompetitionListItem = testCompetitionListItem;

const TOOL_PATHS = [
  '/reports',
  '/correct',
  '/update',
  '/table-update',
  '/preffy/manual',
  '/preffy/referrals',
  '/edit',
];

/** The list queries the page sent (tab counts apart). */
function stubServer() {
  const lists: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    const url = new URL(path, 'http://app.test');
    if (url.pathname === '/api/competitions/tab-counts')
      return Response.json({ upcoming: 0, active: 1, completed: 0 });
    if (url.pathname === '/api/competitions') {
      lists.push(url.searchParams);
      return Response.json({ items: [row], total: 1 });
    }
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
  });
  return lists;
}
beforeEach(() => {
  renderedTableProps.length = 0;
});

function renderCompetitions() {
  return renderPage('/preffy/view', () => <CompetitionsPage tab="active" onTabChange={vi.fn()} />, {
    links: ['/preffy/add', ...TOOL_PATHS],
    queryClient: signedInQueryClient('staff'),
  });
}

describe('All Competitions', () => {
  it("shows the spec's columns, then Last Update and the row actions", async () => {
    stubServer();
    renderCompetitions();
    expect(await screen.findByRole('cell', { name: 'Luna Vega' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'ID',
      'Song',
      'Email',
      'Artist',
      'Start Date',
      'End Date',
      'State',
      'Hold',
      'Last Update',
      'Actions',
    ]);
    const cells = [...screen.getAllByRole('row')[1]!.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual([
      '7',
      'Summer Song',
      'organizer@label.test',
      'Luna Vega',
      '2026-06-01',
      '2026-06-08',
    ]);
    // The hold's confirmation is said in words beside the badge, not a bare check mark.
    expect(cells.slice(7, 9)).toEqual(['HoldConfirm the hold', '2026-05-20']);
  });

  it('names the song, the artist and the dates in the confirm, state and delete dialogs', async () => {
    stubServer();
    renderCompetitions();
    const named = '“Summer Song” by Luna Vega, 2026-06-01 – 2026-06-08';
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm the hold: Summer Song' }));
    expect(await screen.findByRole('dialog', { name: `Confirm the hold for ${named}?` })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.change(screen.getByRole('combobox', { name: 'State: Summer Song' }), {
      target: { value: 'completed' },
    });
    expect(await screen.findByRole('dialog', { name: `Change the state of ${named}?` })).toBeTruthy();
  });

  it('keeps dates whole and wraps an artist name only between its words', async () => {
    stubServer();
    renderCompetitions();
    const artist = await screen.findByRole('cell', { name: 'Luna Vega' });
    const words = Array.from(artist.querySelectorAll('span')).map((w) => [w.textContent, w.style.whiteSpace]);
    expect(words).toEqual([
      ['Luna', 'nowrap'],
      ['Vega', 'nowrap'],
    ]);
    for (const date of ['2026-06-01', '2026-06-08', '2026-05-20'])
      expect(screen.getByRole('cell', { name: date }).style.whiteSpace).toBe('nowrap');
  });

  it('offers pages of 10, 25 or 50, 10 by default', async () => {
    const lists = stubServer();
    renderCompetitions();
    await screen.findByRole('cell', { name: 'Luna Vega' });
    expect(renderedTableProps.at(-1)).toMatchObject({
      recordsPerPage: 10,
      recordsPerPageOptions: [10, 25, 50],
    });
    expect(lists[0]!.get('pageSize')).toBe('10');
  });

  it('sorts by End Date (newest first by default), Song, Artist and Last Update on the server', async () => {
    const lists = stubServer();
    renderCompetitions();
    await screen.findByRole('cell', { name: 'Luna Vega' });
    const props = () => renderedTableProps.at(-1)!;
    expect(
      props()
        .columns.filter((c) => c.sortable)
        .map((c) => c.title),
    ).toEqual(['Song', 'Artist', 'End Date', 'Last Update']);
    expect(props().sortStatus).toEqual({ columnAccessor: 'endDate', direction: 'desc' });
    expect([lists[0]!.get('sortBy'), lists[0]!.get('sortDirection')]).toEqual(['endDate', 'desc']);
    for (const [accessor, sortBy] of [
      ['lastUpdated', 'lastUpdated'],
      ['organizer', 'organizer'],
      ['endDate', 'endDate'],
    ] as const) {
      act(() => props().onSortStatusChange!({ columnAccessor: accessor, direction: 'asc' }));
      await waitFor(() =>
        expect([lists.at(-1)!.get('sortBy'), lists.at(-1)!.get('sortDirection')]).toEqual([sortBy, 'asc']),
      );
    }
  });

  it('the row menu opens the public page and each tool of the competition, with its id', async () => {
    stubServer();
    const router = renderCompetitions();
    const openMenu = async () =>
      fireEvent.click(await screen.findByRole('button', { name: 'Actions: Summer Song' }));
    await openMenu();
    const listed = await screen.findAllByRole('menuitem');
    expect(listed.map((i) => i.textContent)).toEqual([
      'View',
      'Report',
      'Errors',
      'Update',
      'Entries',
      'Creators',
      'Referrals',
      'Edit',
    ]);
    const view = listed[0]!;
    expect([view.getAttribute('href'), view.getAttribute('target')]).toEqual(['/c/c1', '_blank']);
    const targets: [string, string][] = [
      ['Report', '/reports'],
      ['Errors', '/correct'],
      ['Update', '/update'],
      ['Entries', '/table-update'],
      ['Creators', '/preffy/manual'],
      ['Edit', '/edit'],
    ];
    for (const [label, path] of targets) {
      // Each tool leaves the page: come back and open the menu again. Its items are read even
      // while its dropdown fades (display: none under jsdom's transitions).
      if (router.state.location.pathname !== '/preffy/view') {
        await act(() => router.navigate({ to: '/preffy/view' }));
        await openMenu();
      }
      const items = await screen.findAllByRole('menuitem', { hidden: true });
      const item = items.find((i) => i.textContent === label)!;
      fireEvent.click(item);
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      expect(router.state.location.search).toEqual({ id: 'c1' });
    }
  });
});
