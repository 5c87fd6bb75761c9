import type { Competition, CompetitionListItem, CompetitionPayouts, CompetitionTab } from '@preffy/api';
import type { Role } from '@preffy/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { signedInQueryClient } from '../../../test/account.ts';
import { testCompetition, testCompetitionListItem } from '../../../test/competition.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { CompetitionsPage } from './CompetitionsPage.tsx';
import { EditCompetitionPage } from './EditCompetitionPage.tsx';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));
// jsdom has no document.fonts; the edit form's autosized text areas listen to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const row: CompetitionListItem = {
  ...testCompetitionListItem,
  version: 3,
  state: 'completed',
  isConfirmed: true,
};
const named = '“Summer Song” by Luna Vega, 2026-06-01 – 2026-06-08';
const UNPAID: CompetitionPayouts = { payments: 0, submittedWinners: false, paypalBatches: 0 };
const PAID: CompetitionPayouts = { payments: 3, submittedWinners: true, paypalBatches: 1 };

type Sent = { method: string; url: URL; body: unknown };
/** The API as the screens see it: the list, the payouts the dialog asks for, delete and restore. */
function stubServer(payouts: CompetitionPayouts, competition: Competition = testCompetition) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    const url = new URL(path, 'http://app.test');
    const method = init.method ?? 'GET';
    sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : null });
    if (url.pathname === '/api/competitions/tab-counts')
      return Response.json({ upcoming: 0, active: 0, completed: 1, deleted: 2 });
    if (url.pathname === '/api/competitions') return Response.json({ items: [row], total: 1 });
    if (url.pathname === '/api/competitions/c1/payouts') return Response.json({ payouts });
    if (url.pathname === '/api/competitions/c1' && method === 'DELETE') return Response.json({ ok: true });
    if (url.pathname === '/api/competitions/c1/restore')
      return Response.json({
        competition: { ...competition, deleted: false, version: competition.version + 1 },
      });
    if (url.pathname === '/api/competitions/c1') return Response.json({ competition });
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
  });
  return sent;
}

function renderList(role: Role, tab: CompetitionTab = 'completed') {
  return renderPage('/preffy/view', () => <CompetitionsPage tab={tab} onTabChange={vi.fn()} />, {
    links: ['/preffy/add', '/reports', '/edit'],
    queryClient: signedInQueryClient(role),
  });
}

async function chooseFromMenu(item: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions: Summer Song' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

const deletes = (sent: Sent[]) =>
  sent.filter((s) => s.method === 'DELETE').map((s) => Object.fromEntries(s.url.searchParams));

describe('Delete on All Competitions', () => {
  it('names what a paid competition would hide, and deletes it only with the confirmation', async () => {
    const sent = stubServer(PAID);
    renderList('admin');
    await chooseFromMenu('Delete');
    const dialog = await screen.findByRole('dialog', { name: `Delete ${named}?` });
    const held = await within(dialog).findByTestId('delete-payouts');
    expect(
      within(held)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['3 payments', 'submitted winners', '1 PayPal batch']);
    expect(dialog.textContent).toContain('an administrator can restore it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete it anyway' }));
    await waitFor(() => expect(deletes(sent)).toEqual([{ version: '3', confirmPayouts: 'true' }]));
  });

  it('asks as before for a competition nobody was paid for, and sends no confirmation', async () => {
    const sent = stubServer(UNPAID);
    renderList('admin');
    await chooseFromMenu('Delete');
    const dialog = await screen.findByRole('dialog', { name: `Delete ${named}?` });
    expect(await within(dialog).findByText('Are you sure?')).toBeTruthy();
    expect(within(dialog).queryByTestId('delete-payouts')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes(sent)).toEqual([{ version: '3', confirmPayouts: 'false' }]));
  });

  it('is not offered to staff', async () => {
    stubServer(PAID);
    renderList('staff');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions: Summer Song' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).not.toContain('Delete');
  });
});

describe('the Deleted tab', () => {
  it('shows to staff and admins with its count, never to an organizer', async () => {
    stubServer(UNPAID);
    renderList('staff');
    expect(await screen.findByRole('tab', { name: 'Deleted (2)' })).toBeTruthy();
    cleanup();
    renderList('organizer');
    await screen.findByRole('tab', { name: 'Completed (1)' });
    expect(screen.queryByRole('tab', { name: /Deleted/ })).toBeNull();
  });

  it('offers the report, the edit page and, to an admin, Restore, asked first with the version read', async () => {
    const sent = stubServer(UNPAID);
    renderList('admin', 'deleted');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions: Summer Song' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Report', 'Edit', 'Restore']);
    fireEvent.click(items.find((i) => i.textContent === 'Restore')!);
    const dialog = await screen.findByRole('dialog', { name: `Restore ${named}?` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(sent.filter((s) => s.method === 'POST').map((s) => [s.url.pathname, s.body])).toEqual([
        ['/api/competitions/c1/restore', { version: 3 }],
      ]),
    );
    expect(await screen.findByText('Restored')).toBeTruthy();
  });

  it('offers staff no Restore', async () => {
    stubServer(UNPAID);
    renderList('staff', 'deleted');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions: Summer Song' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Report', 'Edit']);
  });
});

describe('a deleted competition on its edit page', () => {
  const deleted: Competition = { ...testCompetition, deleted: true, version: 4 };
  function renderEdit(role: Role) {
    const queryClient = signedInQueryClient(role);
    queryClient.setQueryData(['competition', 'c1'], { competition: deleted });
    renderPage('/edit', () => <EditCompetitionPage id="c1" />, { queryClient, links: ['/reports'] });
  }

  it('says so, shows the form read-only without Save, and lets an admin restore it', async () => {
    const sent = stubServer(UNPAID, deleted);
    renderEdit('admin');
    const banner = await screen.findByTestId('deleted-banner');
    expect(within(banner).getByText('This competition is deleted')).toBeTruthy();
    expect(screen.getByTestId<HTMLFieldSetElement>('competition-fields').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(within(banner).getByRole('button', { name: 'Restore' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByTestId('deleted-banner')).toBeNull());
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([{ version: 4 }]);
    expect(screen.getByTestId<HTMLFieldSetElement>('competition-fields').disabled).toBe(false);
  });

  it('offers staff no Restore', async () => {
    stubServer(UNPAID, deleted);
    renderEdit('staff');
    const banner = await screen.findByTestId('deleted-banner');
    expect(within(banner).queryByRole('button', { name: 'Restore' })).toBeNull();
  });
});
