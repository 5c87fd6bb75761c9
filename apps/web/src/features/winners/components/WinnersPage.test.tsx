import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { WinnersPage } from './WinnersPage.tsx';

// mantine-datatable renders rows without cells under jsdom (icflorescu/mantine-datatable#626): a
// plain table stands in for it, fed the props ServerTable gives it (as in ServerTable.test.tsx).
const tableProps: { recordsPerPageOptions?: number[]; recordsPerPage?: number }[] = [];
vi.mock('mantine-datatable', () => ({
  DataTable: (props: {
    columns: { accessor: string; render?: (row: unknown) => ReactNode }[];
    records: Record<string, unknown>[];
    idAccessor: string;
    recordsPerPageOptions?: number[];
    recordsPerPage?: number;
  }) => {
    tableProps.push(props);
    return (
      <table>
        <tbody>
          {props.records.map((row) => (
            <tr key={String(row[props.idAccessor])}>
              {props.columns.map((c) => (
                <td key={c.accessor}>{c.render ? c.render(row) : String(row[c.accessor])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  },
}));

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
  tableProps.length = 0;
});

function renderPage() {
  const rootRoute = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/winners', component: WinnersPage });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/winners'] }),
  });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the winners directory', () => {
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
    expect(tableProps.at(-1)).toMatchObject({ recordsPerPage: 10, recordsPerPageOptions: [10, 25, 100] });
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
