import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage as renderPageIn } from '../../../test/render-page.tsx';
import { renderedTableProps } from '../../../test/plain-data-table.tsx';
import { WinnersPage } from './WinnersPage.tsx';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

const ann = {
  id: 'w1',
  email: 'ann@winners.test',
  paypal: 'ann@paypal.test',
  balance: 120,
  isBanned: false,
  isVetted: false,
  isUnsubscribed: false,
  version: 1,
  createdAt: 0,
  updatedAt: 0,
};

type Asked = { method: string; url: URL; body: unknown };
function stubServer(answerPatch: (body: unknown) => Response) {
  const asked: Asked[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    const url = new URL(path, 'http://app.test');
    const body = init.body ? JSON.parse(String(init.body)) : null;
    asked.push({ method: init.method ?? 'GET', url, body });
    if (url.pathname === '/api/winners') return Response.json({ items: [ann], total: 1 });
    if (url.pathname === '/api/winners/w1' && init.method === 'PATCH') return answerPatch(body);
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
  });
  return asked;
}
afterEach(() => {
  vi.unstubAllGlobals();
  renderedTableProps.length = 0;
});

function renderPage() {
  renderPageIn('/winners', WinnersPage);
}

describe('the winners directory', () => {
  it("shows the spec's columns, each flag as a True/False choice", async () => {
    stubServer(() => Response.json({}));
    renderPage();
    expect(await screen.findByText('ann@winners.test')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Email',
      'PayPal',
      'Balance',
      'Is Banned',
      'Is Vetted',
      'Is Unsubscribed',
      'Delete',
    ]);
    const cells = [...screen.getAllByRole('row')[1]!.querySelectorAll('td')];
    expect(cells.slice(0, 3).map((c) => c.textContent)).toEqual([
      'ann@winners.test',
      'ann@paypal.test',
      '$120',
    ]);
    for (const flag of ['Is Banned', 'Is Vetted', 'Is Unsubscribed']) {
      const select = screen.getByRole('combobox', { name: `${flag}: ann@winners.test` }) as HTMLSelectElement;
      expect([...select.options].map((o) => o.textContent)).toEqual(['True', 'False']);
      expect(select.value).toBe('false');
    }
    expect(screen.getByRole('button', { name: /ann@winners.test/ }).textContent).toBe('Delete');
  });

  it('asks the server for pages of 10 by email, and offers 10, 25 and 100 rows a page', async () => {
    const asked = stubServer(() => Response.json({}));
    renderPage();
    expect(await screen.findByText('ann@winners.test')).toBeTruthy();
    const list = asked.find((a) => a.url.pathname === '/api/winners')!;
    expect(Object.fromEntries(list.url.searchParams)).toMatchObject({
      page: '1',
      pageSize: '10',
      sortBy: 'email',
      sortDirection: 'asc',
    });
    expect(renderedTableProps.at(-1)).toMatchObject({
      recordsPerPage: 10,
      recordsPerPageOptions: [10, 25, 100],
    });
  });

  it('sends a flag with the version read, and shows a 409 in the shared conflict dialog', async () => {
    const theirs = { ...ann, isBanned: true, version: 2 };
    const asked = stubServer((body) =>
      (body as { version: number }).version === 1
        ? Response.json(
            { statusCode: 409, code: 'VERSION_CONFLICT', message: 'changed', current: theirs },
            { status: 409 },
          )
        : Response.json({ winner: { ...theirs, isVetted: true, version: 3 } }),
    );
    renderPage();
    const vetted = await screen.findByRole('combobox', { name: 'Is Vetted: ann@winners.test' });
    fireEvent.change(vetted, { target: { value: 'true' } });
    expect(await screen.findByText('ann@winners.test was changed by someone else')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() =>
      expect(asked.filter((a) => a.method === 'PATCH').map((a) => [a.url.pathname, a.body])).toEqual([
        ['/api/winners/w1', { version: 1, isVetted: true }],
        ['/api/winners/w1', { version: 2, isVetted: true }],
      ]),
    );
    expect(await screen.findByText('Is Vetted is saved for ann@winners.test.')).toBeTruthy();
  });
});
