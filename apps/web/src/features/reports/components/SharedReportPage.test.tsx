import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { SharedReportPage } from './SharedReportPage.tsx';
import { publicReport } from './report-fixture.ts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

function stubServer() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    asked.push(path);
    if (path === `/api/public/reports/${TOKEN}`)
      return Response.json({ report: publicReport, expiresAt: Date.UTC(2026, 5, 30, 12) });
    return Response.json(
      { statusCode: 404, code: 'NOT_FOUND', message: 'This link has expired or was revoked' },
      { status: 404 },
    );
  });
  return asked;
}
afterEach(() => vi.unstubAllGlobals());

describe('the shared report page', () => {
  it('shows the report read-only, with the public downloads, the expiry and the name as the tab title', async () => {
    const asked = stubServer();
    renderPage('/r/x', () => <SharedReportPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Song' })).toBeTruthy();
    expect(screen.getByTestId('shared-expires').textContent).toBe('This link works until 2026-06-30.');
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      `/api/public/reports/${TOKEN}/pdf`,
    );
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/public/reports/${TOKEN}/csv`,
    );
    expect(screen.queryByRole('button', { name: 'Share with the artist' })).toBeNull();
    expect(screen.queryByTestId('report-money')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Summer Song'));
    // No session is asked for: the page works signed out.
    expect(asked.some((path) => path.startsWith('/api/auth'))).toBe(false);
  });

  it('an expired or revoked link says so for the artist, with no way into the admin', async () => {
    stubServer();
    renderPage('/r/x', () => <SharedReportPage token="revokedrevokedrevokedrevoked" />);
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeTruthy();
    expect(screen.queryByTestId('not-found')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
