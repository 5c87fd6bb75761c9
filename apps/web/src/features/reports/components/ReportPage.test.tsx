import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportShare } from '@preffy/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { ReportPage } from './ReportPage.tsx';
import { money, publicReport } from './report-fixture.ts';
import { testAccount } from '../../../test/account.ts';

const liveShare: ReportShare = {
  id: 's1',
  version: 2,
  createdAt: Date.UTC(2026, 5, 16),
  createdByName: 'Sam Staff',
  expiresAt: Date.UTC(2026, 5, 30),
  revokedAt: null,
  live: true,
};
const SHARED_URL = 'http://app.test/r/abcdefghijklmnopqrstuvwxyz012345';

type Asked = { method: string; url: URL; body: unknown; key: string | undefined };
function stubServer({
  role,
  revokeStatus = 200,
  postGate,
}: {
  role: 'staff' | 'organizer';
  revokeStatus?: number;
  /** The POST answers only once this settles: the form can be seen while it waits. */
  postGate?: Promise<void>;
}) {
  const asked: Asked[] = [];
  let shares = [liveShare];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    const url = new URL(path, 'http://app.test');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : null;
    asked.push({ method, url, body, key: headers['idempotency-key'] });
    if (url.pathname === '/api/auth/me')
      return Response.json({
        user: { role, name: 'U', email: 'u@x.test' },
        businessTimeZone: 'UTC',
        account: testAccount,
      });
    if (url.pathname === '/api/reports/c1')
      return Response.json({ report: { ...publicReport, money: role === 'staff' ? money : null } });
    if (url.pathname === '/api/reports/c1/shares' && method === 'GET')
      return Response.json({ items: shares });
    if (url.pathname === '/api/reports/c1/shares' && method === 'POST') {
      await postGate;
      const made = { ...liveShare, id: 's2', version: 1, createdAt: Date.UTC(2026, 5, 17) };
      shares = [made, ...shares];
      return Response.json({ share: made, url: SHARED_URL }, { status: 201 });
    }
    if (url.pathname === '/api/reports/shares/s1' && method === 'DELETE') {
      const revoked = { ...liveShare, version: 3, revokedAt: Date.UTC(2026, 5, 17), live: false };
      shares = shares.map((s) => (s.id === 's1' ? revoked : s));
      if (revokeStatus === 409)
        return Response.json(
          { statusCode: 409, code: 'VERSION_CONFLICT', message: 'Changed', current: revoked },
          { status: 409 },
        );
      return Response.json({ share: revoked });
    }
    return Response.json(
      { statusCode: 404, code: 'NOT_FOUND', message: 'Report not found' },
      { status: 404 },
    );
  });
  return asked;
}

const Page = ({ id = 'c1' }: { id?: string }) => <ReportPage id={id} />;
afterEach(() => vi.unstubAllGlobals());

describe('the signed-in report page', () => {
  it('staff share with the artist: the link is shown once, then the list has it', async () => {
    let answer = () => {};
    const asked = stubServer({ role: 'staff', postGate: new Promise<void>((r) => (answer = r)) });
    renderPage('/reports', () => <Page />);
    expect(await screen.findByTestId('report-money')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Share with the artist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share with the artist' });
    const days = within(dialog).getByRole('textbox', { name: 'Expires in (days)' });
    expect((days as HTMLInputElement).value).toBe('14');

    fireEvent.change(days, { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the link' }));
    expect(await within(dialog).findByText('Between 1 and 90 days')).toBeTruthy();
    expect(asked.some((a) => a.method === 'POST')).toBe(false);

    fireEvent.change(days, { target: { value: '30' } });
    const create = within(dialog).getByRole('button', { name: 'Create the link' }) as HTMLButtonElement;
    fireEvent.click(create);
    // No Idempotency-Key (the answer carries the secret address, which must not be stored for a
    // replay): a second click while the link is being made is refused by the disabled button.
    await waitFor(() => expect(create.disabled).toBe(true));
    fireEvent.click(create);
    answer();
    const made = await within(dialog).findByTestId('share-made');
    expect(made.textContent).toContain('it will not be shown again');
    expect((within(made).getByRole('textbox', { name: 'Shared link' }) as HTMLInputElement).value).toBe(
      SHARED_URL,
    );
    expect(within(made).getByRole('button', { name: 'Copy' })).toBeTruthy();
    const posts = asked.filter((a) => a.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ expiresInDays: 30 });
    expect(posts[0]!.key).toBeUndefined();
    await waitFor(() => expect(within(dialog).getAllByTestId('share-row')).toHaveLength(2));
  });

  it('staff revoke a link after confirming, sending the version read', async () => {
    const asked = stubServer({ role: 'staff' });
    renderPage('/reports', () => <Page />);
    fireEvent.click(await screen.findByRole('button', { name: 'Share with the artist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share with the artist' });
    expect(
      within(await within(dialog).findByTestId('share-row')).getByTestId('share-status').textContent,
    ).toBe('Live');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke the link created 2026-06-16' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    expect(asked.some((a) => a.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByTestId('confirm-revoke-share'));
    expect(await screen.findByText('The link is revoked: it no longer opens the report.')).toBeTruthy();
    const sent = asked.find((a) => a.method === 'DELETE')!;
    expect(sent.url.pathname).toBe('/api/reports/shares/s1');
    expect(sent.url.searchParams.get('version')).toBe('2');
    await waitFor(() => expect(within(dialog).getByTestId('share-status').textContent).toBe('Revoked'));
    expect(within(dialog).queryByRole('button', { name: /^Revoke/ })).toBeNull();
  });

  it('a revoke that meets a changed link reads the list again and says so', async () => {
    stubServer({ role: 'staff', revokeStatus: 409 });
    renderPage('/reports', () => <Page />);
    fireEvent.click(await screen.findByRole('button', { name: 'Share with the artist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share with the artist' });
    fireEvent.click(await within(dialog).findByRole('button', { name: /^Revoke the link/ }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke this link?' })).getByTestId(
        'confirm-revoke-share',
      ),
    );
    expect(
      await screen.findByText('This link was changed meanwhile; the list now shows it as it is.'),
    ).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('share-status').textContent).toBe('Revoked'));
  });

  it('organizers read the report with no Share button and no money', async () => {
    const asked = stubServer({ role: 'organizer' });
    renderPage('/reports', () => <Page />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Song' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share with the artist' })).toBeNull();
    expect(screen.queryByTestId('report-money')).toBeNull();
    expect(asked.some((a) => a.url.pathname.endsWith('/shares'))).toBe(false);
  });

  it('a competition the user cannot see is the not-found page', async () => {
    stubServer({ role: 'organizer' });
    renderPage('/reports', () => <Page id="other" />, { links: ['/dashboard'] });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });
});
