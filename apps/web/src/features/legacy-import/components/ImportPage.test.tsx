import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderedTableProps } from '../../../test/plain-data-table.tsx';
import { renderPage } from '../../../test/render-page.tsx';
import { testAccount } from '../../../test/account.ts';
import { ImportPage } from './ImportPage.tsx';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

const counts = (fields: Record<string, number> = {}) => ({
  total: 0,
  read: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  tombstones: 0,
  deleted: 0,
  invalid: 0,
  orphans: 0,
  older: 0,
  ...fields,
});
const TABLES = [
  'Competition',
  'Post',
  'Referral',
  'Winners',
  'Payment',
  'Promotion',
  'Inquiry',
  'InquiryNote',
  'InquiryActivity',
];
const run = (fields: Record<string, unknown> = {}) => ({
  id: 'r1',
  dryRun: true,
  status: 'done',
  timeZone: 'America/New_York',
  sources: ['legacy.zip'],
  pass: 4,
  report: {
    tables: {
      ...Object.fromEntries(TABLES.map((t) => [t, counts()])),
      Competition: counts({ total: 3, read: 3, created: 2, invalid: 1 }),
      Post: counts({ total: 1200, read: 1200, created: 1190, orphans: 10 }),
    },
    unreadable: 1,
    payments: [{ status: 'Paid', count: 2, amountCents: 30050 }],
    promotions: { count: 0, amountCents: 0, remainingCents: 0 },
    images: { copied: 0, missing: 0 },
  },
  problems: 12,
  error: null,
  createdBy: 'u1',
  createdAt: Date.UTC(2026, 10, 28, 12),
  finishedAt: Date.UTC(2026, 10, 28, 12, 5),
  ...fields,
});

function stubServer(current: ReturnType<typeof run>) {
  const asked: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    const url = new URL(path, 'http://app.test');
    asked.push({ method: init.method ?? 'GET', path: url.pathname, body: init.body ?? null });
    if (url.pathname === '/api/auth/me')
      return Response.json({
        user: { role: 'admin', name: 'A', email: 'a@x.test' },
        businessTimeZone: 'UTC',
        account: testAccount,
      });
    if (url.pathname === '/api/legacy-import/runs') return Response.json({ items: [current], total: 1 });
    if (url.pathname === '/api/legacy-import/runs/r1') return Response.json({ run: current });
    if (url.pathname === '/api/legacy-import/runs/r1/problems') return Response.json({ items: [], total: 0 });
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
  });
  return asked;
}
afterEach(() => {
  vi.unstubAllGlobals();
  renderedTableProps.length = 0;
});

describe('the Import page', () => {
  it('opens a run from the list: its counts per table, the money, and the next step', async () => {
    stubServer(run());
    renderPage('/admin/import', ImportPage);
    fireEvent.click(await screen.findByRole('button', { name: /^Open the run of / }));
    const posts = await screen.findByTestId('counts-Post');
    expect(
      within(posts)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Posts', '1200', '1190', '0', '0', '0', '0', '10', '0']);
    // Tables with nothing in the files are left out.
    expect(screen.queryByTestId('counts-Referral')).toBeNull();
    expect(screen.getByText('Paid: 2 payments, $300.50')).toBeTruthy();
    expect(screen.getByText('1 line could not be read (listed below).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import these files' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the report (CSV)' }).getAttribute('href')).toBe(
      '/api/legacy-import/runs/r1/report.csv',
    );
    expect(screen.getByRole('heading', { name: '12 problems' })).toBeTruthy();
  });

  it('shows a running import as read of total per table, with a progress bar and no report yet', async () => {
    const running = run({
      dryRun: false,
      status: 'running',
      pass: 2,
      report: {
        ...run().report,
        tables: { ...run().report.tables, Post: counts({ total: 1200, read: 600, created: 600 }) },
      },
    });
    stubServer(running);
    renderPage('/admin/import', ImportPage);
    fireEvent.click(await screen.findByRole('button', { name: /^Open the run of / }));
    const posts = await screen.findByTestId('counts-Post');
    expect(within(posts).getAllByRole('cell')[1]!.textContent).toBe('600 / 1200');
    expect(screen.getByRole('progressbar', { name: '50% read' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /problems/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import these files' })).toBeNull();
  });
});
