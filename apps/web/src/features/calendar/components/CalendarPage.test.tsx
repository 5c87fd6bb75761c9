import type { CalendarMonth, DayCompetition } from '@preffy/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { signedInQueryClient } from '../../../test/account.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { CalendarPage } from './CalendarPage.tsx';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

const FORM_URL = 'https://forms.genni.test/direct-ob';

const month = (genniDirectFormUrl: string | null): CalendarMonth => ({
  month: '2026-06',
  today: '2026-06-03',
  timeZone: 'UTC',
  genniDirectFormUrl,
  days: [
    {
      day: '2026-06-10',
      inMonth: true,
      entries: [
        {
          id: 'c1',
          organizer: 'Luna Vega',
          isConfirmed: false,
          isDirect: false,
          is555: false,
          tone: 'warning',
        },
      ],
      moreEntries: 0,
      confirmedCount: 0,
    },
    // Three confirmed competitions that started earlier cover the day; none starts on it.
    { day: '2026-06-12', inMonth: true, entries: [], moreEntries: 0, confirmedCount: 3 },
    { day: '2026-06-20', inMonth: true, entries: [], moreEntries: 0, confirmedCount: 0 },
  ],
});

const covering: DayCompetition = {
  id: 'c1',
  version: 1,
  name: 'Summer Song',
  organizer: 'Luna Vega',
  email: 'organizer@label.test',
  startDate: Date.UTC(2026, 5, 10, 15),
  endDate: Date.UTC(2026, 5, 17, 15),
  prizeTotal: 1500,
  isConfirmed: false,
  isDirect: false,
  is555: false,
  tone: 'warning',
  canChange: true,
  canStart: true,
};

function stubServer(genniDirectFormUrl: string | null) {
  vi.stubGlobal('fetch', async (path: string) => {
    const url = new URL(path, 'http://app.test');
    if (url.pathname === '/api/calendar/months/2026-06') return Response.json(month(genniDirectFormUrl));
    if (url.pathname === '/api/calendar/days/2026-06-10')
      return Response.json({ items: [covering], total: 1 });
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
  });
}

function renderCalendar(role: 'staff' | 'organizer' = 'staff') {
  renderPage('/preffy/calendar', () => <CalendarPage month="2026-06" onMonthChange={vi.fn()} />, {
    links: ['/edit', '/preffy/add'],
    queryClient: signedInQueryClient(role),
  });
}

describe('the competition calendar', () => {
  it('links the Genni Direct OB Form, in a new tab, when its address is set up', async () => {
    stubServer(FORM_URL);
    renderCalendar();
    const link = await screen.findByRole('link', { name: 'Genni Direct OB Form' });
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual([FORM_URL, '_blank']);
    expect(screen.queryByTestId('genni-form-missing')).toBeNull();
  });

  it('tells staff in words that the form is not linked yet, naming no setting', async () => {
    stubServer(null);
    renderCalendar();
    expect((await screen.findByTestId('genni-form-missing')).textContent).toBe(
      "Genni Direct OB Form: not linked yet. Ask an administrator to add the form's address.",
    );
    expect(document.body.textContent).not.toContain('GENNI_DIRECT_FORM_URL');
    expect(screen.queryByRole('link', { name: 'Genni Direct OB Form' })).toBeNull();
  });

  it('shows organizers nothing about a form that is not linked', async () => {
    stubServer(null);
    renderCalendar('organizer');
    await screen.findByTestId('day-2026-06-10');
    expect(screen.queryByTestId('genni-form-missing')).toBeNull();
    expect(document.body.textContent).not.toContain('GENNI_DIRECT_FORM_URL');
  });

  it('does not call a day covered by confirmed competitions Available', async () => {
    stubServer(FORM_URL);
    renderCalendar();
    const covered = await screen.findByTestId('day-2026-06-12');
    expect(within(covered).getByTestId('confirmed-count').textContent).toBe('3 confirmed');
    expect(covered.textContent).not.toContain('Available');
    expect(screen.getByTestId('day-2026-06-20').textContent).toContain('Available');
  });

  it("a day opens '{date} Competitions' with the spec's columns, Edit leading to the competition's form", async () => {
    stubServer(FORM_URL);
    renderCalendar();
    const cell = await screen.findByTestId('day-2026-06-10');
    fireEvent.click(within(cell).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: '2026-06-10 Competitions' });
    await waitFor(() => expect(within(dialog).getAllByRole('row')).toHaveLength(2));
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Email', 'Artist Name', 'Start Date', 'Total Prizes', 'Confirmed', 'Edit', 'Delete']);
    const cells = [...within(dialog).getAllByRole('row')[1]!.querySelectorAll('td')];
    expect(cells.slice(0, 3).map((c) => c.textContent)).toEqual([
      'organizer@label.test',
      'Luna Vega',
      '2026-06-10',
    ]);
    expect(cells[3]!.textContent).toBe('$1,500');
    expect(cells[4]!.textContent).toContain('Hold');
    expect(within(cells[5]!).getByRole('link', { name: 'Edit: Luna Vega' }).getAttribute('href')).toBe(
      '/edit?id=c1',
    );
    expect(within(cells[6]!).getByRole('button', { name: 'Delete: Luna Vega' })).toBeTruthy();
  });

  it('starts the competition from a waiting hold: the row links to Start A Competition with the hold', async () => {
    stubServer(FORM_URL);
    renderCalendar();
    fireEvent.click(within(await screen.findByTestId('day-2026-06-10')).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: '2026-06-10 Competitions' });
    const start = await within(dialog).findByRole('link', { name: 'Start competition: Luna Vega' });
    expect(start.getAttribute('href')).toBe('/preffy/add?hold=c1');
  });

  it('names the song, the artist and the dates when asking to delete', async () => {
    stubServer(FORM_URL);
    renderCalendar();
    fireEvent.click(within(await screen.findByTestId('day-2026-06-10')).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: '2026-06-10 Competitions' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Delete: Luna Vega' }));
    expect(
      await screen.findByRole('dialog', {
        name: 'Delete “Summer Song” by Luna Vega, 2026-06-10 – 2026-06-17?',
      }),
    ).toBeTruthy();
  });
});
