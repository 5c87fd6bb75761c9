import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderedTableProps } from '../../../test/plain-data-table.tsx';
import { renderPage } from '../../../test/render-page.tsx';
import { InquiriesPage } from './InquiriesPage.tsx';
import { testAccount } from '../../../test/account.ts';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

const inquiry = (fields: Record<string, unknown>) => ({
  id: 'i1',
  firstName: 'Ann',
  lastName: 'Artist',
  fullName: 'Ann Artist',
  email: 'ann@label.test',
  phone: null,
  source: 'Website',
  inquiryType: 'Campaign',
  platforms: 'TikTok',
  message: 'Hello',
  status: 'In Progress',
  assignedToEmail: null,
  assignedToName: null,
  date: Date.UTC(2026, 10, 20, 12),
  competitionId: null,
  version: 1,
  createdAt: 0,
  updatedAt: 0,
  ...fields,
});

function stubServer(items: unknown[]) {
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
    if (url.pathname === '/api/inquiries') return Response.json({ items, total: items.length });
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
  });
  return asked;
}

/** The page as the router gives it: ?status read from the address. */
function Page() {
  const status = new URLSearchParams(window.location.search).get('status') ?? undefined;
  return <InquiriesPage status={status} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
  renderedTableProps.length = 0;
});

describe('the inquiry inbox', () => {
  it.each([
    ['unseen', 'Unseen Inquiries', 'unseen'],
    ['inprogress', 'In Progress Inquiries', 'inprogress'],
    ['completed', 'Completed Inquiries', 'completed'],
    ['paid', 'All Inquiries', null],
  ])('?status=%s is headed %s and asks the server for that status', async (status, heading, sent) => {
    const asked = stubServer([]);
    renderPage('/inquiries', () => <InquiriesPage status={status} />);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeTruthy();
    await waitFor(() => expect(asked.some((u) => u.pathname === '/api/inquiries')).toBe(true));
    const list = asked.find((u) => u.pathname === '/api/inquiries')!;
    expect(list.searchParams.get('status')).toBe(sent);
    expect(list.searchParams.get('pageSize')).toBe('10');
  });

  it('shows each row with its day, its translated status badge and a View Details link', async () => {
    stubServer([
      inquiry({}),
      inquiry({ id: 'i2', fullName: 'Bo Band', status: 'Legacy', email: 'bo@x.test' }),
    ]);
    renderPage('/inquiries', Page, { links: ['/contacts-profile'] });
    expect(await screen.findByText('Ann Artist')).toBeTruthy();
    expect(screen.getAllByText('2026-11-20').length).toBe(2);
    const badges = screen.getAllByTestId('inquiry-status');
    expect(badges.map((b) => b.textContent)).toEqual(['In Progress', 'Legacy']);
    const link = screen.getByRole('link', { name: 'View details of Ann Artist' });
    expect(link.getAttribute('href')).toBe('/contacts-profile?id=i1');
  });

  it("shows the spec's columns: Full Name, Date, Email, Source, Assigned To, Inquiry Type, Status, View Details", async () => {
    stubServer([inquiry({ assignedToName: 'Sam Staff', assignedToEmail: 'sam@x.test' })]);
    renderPage('/inquiries', Page, { links: ['/contacts-profile'] });
    expect(await screen.findByText('Ann Artist')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Full Name',
      'Date',
      'Email',
      'Source',
      'Assigned To',
      'Inquiry Type',
      'Status',
      'Details',
    ]);
    const cells = [...screen.getAllByRole('row')[1]!.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells).toEqual([
      'Ann Artist',
      '2026-11-20',
      'ann@label.test',
      'Website',
      'Sam Staff',
      'Campaign',
      'In Progress',
      'View Details',
    ]);
  });

  it('says why the list is empty', async () => {
    stubServer([]);
    renderPage('/inquiries', () => <InquiriesPage status="unseen" />);
    await waitFor(() =>
      expect(renderedTableProps.at(-1)).toMatchObject({
        noRecordsText: 'No unseen inquiries: every inquiry has been opened.',
        recordsPerPageOptions: [10, 25, 100],
      }),
    );
  });
});
