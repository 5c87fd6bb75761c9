import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderedTableProps } from '../../../test/plain-data-table.tsx';
import { renderPage } from '../../../test/render-page.tsx';
import { signedInQueryClient } from '../../../test/account.ts';
import { UsersPage } from './UsersPage.tsx';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

const user = (email: string, fields: { invited: boolean; disabled?: boolean }) => ({
  id: email,
  email,
  name: email.split('@')[0],
  role: 'staff',
  disabled: false,
  language: null,
  version: 1,
  createdAt: 0,
  updatedAt: 0,
  twoStepEnabled: false,
  ...fields,
});

afterEach(() => {
  vi.unstubAllGlobals();
  renderedTableProps.length = 0;
});

describe('the users page', () => {
  it('lists an invited user as Invited until they set their password', async () => {
    vi.stubGlobal('fetch', async (path: string) => {
      const url = new URL(path, 'http://app.test');
      if (url.pathname === '/api/users')
        return Response.json({
          items: [
            user('new@preffy.test', { invited: true }),
            user('set@preffy.test', { invited: false }),
            user('gone@preffy.test', { invited: false, disabled: true }),
          ],
          total: 3,
        });
      return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
    });
    renderPage('/admin/users', UsersPage, { queryClient: signedInQueryClient() });
    const statusOf = async (email: string) =>
      within((await screen.findByRole('cell', { name: email })).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(await statusOf('new@preffy.test')).toContain('Invited');
    expect(await statusOf('new@preffy.test')).not.toContain('Active');
    expect(await statusOf('set@preffy.test')).toContain('Active');
    expect(await statusOf('gone@preffy.test')).toContain('Disabled');
  });
});
