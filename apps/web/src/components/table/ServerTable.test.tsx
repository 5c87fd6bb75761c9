import { MantineProvider, Switch } from '@mantine/core';
import { type User, users } from '@preffy/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import '../../lib/i18n/index.ts';
import { type Column, ServerTable, csvColumns } from './ServerTable.tsx';
import { csvText } from './export-csv.ts';
import { SEARCH_MAX_LENGTH, tableSearchSchema } from './table-search.ts';
import { useUrlFilter } from './use-table-state.ts';
import { useServerTable } from './use-server-table.ts';

// mantine-datatable renders rows without cells under jsdom (icflorescu/mantine-datatable#626):
// a plain table stands in for it, fed the props ServerTable gives it.
// The library's table drawn plainly: its scroll area's viewport (which gets `viewportProps`)
// around a table of the columns and records it was given.
vi.mock('mantine-datatable', () => import('../../test/plain-data-table.tsx'));

const ann: User = {
  id: 'u1',
  email: 'ann@example.com',
  name: 'Ann',
  role: 'staff',
  disabled: false,
  createdAt: Date.UTC(2030, 0, 2),
  version: 1,
} as User;
const bob: User = { ...ann, id: 'u2', email: 'bob@example.com', name: '=Bob', disabled: true };

const columns: Column<User>[] = [
  { key: 'name', title: 'Name', sortKey: 'name' },
  { key: 'email', title: 'Email', sortKey: 'email' },
  {
    key: 'disabled',
    title: 'Status',
    cell: (u) => <b>{u.disabled ? 'Off' : 'On'}</b>,
    csv: (u) => (u.disabled ? 'disabled' : 'active'),
  },
  { key: 'createdAt', title: 'Created', cell: () => 'a day', csv: false },
];

/** The /api/users queries the table sent, and a server answering with `rows` (all, or none). */
function stubServer(rows: User[]) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname !== '/api/users') return new Response('{}', { status: 404 });
    queries.push(searchParams);
    return new Response(JSON.stringify({ items: rows, total: rows.length }));
  });
  return queries;
}
afterEach(() => vi.unstubAllGlobals());

function UsersTable() {
  const [disabled, setDisabled] = useUrlFilter<boolean>('disabled');
  const table = useServerTable({
    key: 'test-users',
    endpoint: users.list,
    sortBy: 'name',
    extra: { disabled: disabled ? 'true' : undefined },
  });
  return (
    <ServerTable
      table={table}
      columns={columns}
      search={{ label: 'Search users' }}
      filtered={disabled === true}
      toolbar={
        <Switch
          label="Disabled only"
          checked={disabled === true}
          onChange={(e) => setDisabled(e.currentTarget.checked || undefined)}
        />
      }
      csv={{ filename: 'users.csv' }}
      emptyText="No users yet"
      noMatchText={(search) => `No users match "${search}"`}
      rowMenu={{ items: (u) => [{ label: `Disable ${u.name}`, onClick: () => {} }], label: (u) => u.email }}
    />
  );
}

function renderAt(url: string) {
  const rootRoute = createRootRoute({ component: Outlet });
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/list',
    validateSearch: tableSearchSchema.extend({ disabled: z.boolean().optional().catch(undefined) }),
    component: UsersTable,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([listRoute]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

describe('ServerTable', () => {
  it('shows each column once as a cell and once as a CSV value', async () => {
    stubServer([ann, bob]);
    renderAt('/list');
    const row = (await screen.findByText('ann@example.com')).closest('tr')!;
    expect(within(row).getByText('Ann')).toBeTruthy();
    expect(within(row).getByText('On')).toBeTruthy();
    expect(within(row).getByText('a day')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions: ann@example.com' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Email',
      'Status',
      'Created',
      'Actions',
    ]);
    // The CSV leaves out `csv: false` and neutralises formulas.
    expect(csvText(csvColumns(columns), [ann, bob]).split('\r\n')).toEqual([
      'Name,Email,Status',
      'Ann,ann@example.com,active',
      "'=Bob,bob@example.com,disabled",
      '',
    ]);
  });

  it('can be scrolled by keyboard when it is wider than the screen: its scroll region takes focus', async () => {
    stubServer([ann]);
    renderAt('/list');
    const row = (await screen.findByText('ann@example.com')).closest('tr')!;
    expect(row.closest('[data-testid=scroll-viewport]')!.getAttribute('tabindex')).toBe('0');
  });

  it('exports the filtered list, every page of it', async () => {
    const queries = stubServer([ann]);
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x') }));
    URL.revokeObjectURL = () => {};
    renderAt('/list?search=ann');
    await screen.findByText('ann@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(await blobs[0]!.text()).toBe('Name,Email,Status\r\nAnn,ann@example.com,active\r\n');
    const exported = queries.at(-1)!;
    expect(exported.get('search')).toBe('ann');
    expect(exported.get('pageSize')).toBe('100');
  });

  it('says why it is empty: no data, or no match for the search', async () => {
    stubServer([]);
    renderAt('/list');
    expect(await screen.findByText('No users yet')).toBeTruthy();
    cleanupAndRender('/list?search=zed');
    expect(await screen.findByText('No users match "zed"')).toBeTruthy();
  });

  it('keeps a filter in the URL, goes back to page 1 when it changes, and says when it hides everything', async () => {
    const queries = stubServer([]);
    const router = renderAt('/list?page=3&disabled=true');
    expect(await screen.findByText('Nothing matches these filters')).toBeTruthy();
    expect(queries[0]!.get('disabled')).toBe('true');
    fireEvent.click(screen.getByRole('switch', { name: 'Disabled only' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('disabled'));
    expect(router.state.location.search).not.toHaveProperty('page');
    expect(await screen.findByText('No users yet')).toBeTruthy();
    expect(queries.at(-1)!.get('disabled')).toBeNull();
  });

  it('keeps a search longer than the lists accept, cut to their limit', () => {
    const long = 'x'.repeat(SEARCH_MAX_LENGTH + 50);
    expect(tableSearchSchema.parse({ search: long }).search).toBe('x'.repeat(SEARCH_MAX_LENGTH));
  });

  it('reads page, size, search and sort from the URL and writes them back', async () => {
    const queries = stubServer([ann]);
    const router = renderAt('/list?page=2&pageSize=20&search=an&sort=email&dir=desc');
    await screen.findByText('ann@example.com');
    const first = queries[0]!;
    expect(Object.fromEntries(first)).toEqual({
      page: '2',
      pageSize: '20',
      search: 'an',
      sortBy: 'email',
      sortDirection: 'desc',
    });
    const box = screen.getByRole('textbox', { name: 'Search users' }) as HTMLInputElement;
    expect(box.value).toBe('an');
    // A new search goes back to page 1 and lands in the URL once typing pauses.
    fireEvent.change(box, { target: { value: 'bob' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'bob' }));
    expect(router.state.location.search).not.toHaveProperty('page');
    await waitFor(() => expect(queries.at(-1)!.get('search')).toBe('bob'));
    expect(queries.at(-1)!.get('page')).toBe('1');
  });

  it('searches the same text again when it is typed at once after the URL cleared it (another tab)', async () => {
    const queries = stubServer([ann]);
    const router = renderAt('/list?search=ann');
    await screen.findByText('ann@example.com');
    const box = screen.getByRole('textbox', { name: 'Search users' }) as HTMLInputElement;
    // A tab change clears the search from the URL: the box follows.
    router.history.push('/list');
    await waitFor(() => expect(box.value).toBe(''));
    await waitFor(() => expect(queries.at(-1)!.get('search')).toBeNull());
    // The same text again, before a pause could have written the cleared one: it is searched.
    fireEvent.change(box, { target: { value: 'ann' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'ann' }));
    await waitFor(() => expect(queries.at(-1)!.get('search')).toBe('ann'));
  });

  it('moves a page past the end to the last page', async () => {
    const queries: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      const page = new URL(url, 'http://localhost').searchParams.get('page')!;
      queries.push(page);
      return new Response(JSON.stringify({ items: page === '1' ? [ann] : [], total: 1 }));
    });
    const router = renderAt('/list?page=4');
    await screen.findByText('ann@example.com');
    expect(queries).toEqual(['4', '1']);
    expect(router.state.location.search).not.toHaveProperty('page');
  });

  it('falls back to the defaults on a mangled URL', async () => {
    const queries = stubServer([ann]);
    renderAt('/list?page=abc&pageSize=7&sort=nonsense&dir=sideways');
    await screen.findByText('ann@example.com');
    expect(Object.fromEntries(queries[0]!)).toEqual({
      page: '1',
      pageSize: '10',
      sortBy: 'name',
      sortDirection: 'asc',
    });
  });
});

function cleanupAndRender(url: string) {
  document.body.innerHTML = '';
  renderAt(url);
}
