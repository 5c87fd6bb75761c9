import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { signedInQueryClient } from '../../../test/account.ts';
import { renderedTableProps } from '../../../test/plain-data-table.tsx';
import { renderPage } from '../../../test/render-page.tsx';
import { EmailPage } from './EmailPage.tsx';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

const subscriber = { id: 'w1', email: 'ann@winners.test', paypal: null, balance: 120, isVetted: true };

function stubServer() {
  const lists: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    const url = new URL(path, 'http://app.test');
    if (url.pathname !== '/api/email/subscribers')
      return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
    lists.push(url.searchParams);
    return Response.json({ items: [subscriber], total: 1 });
  });
  return lists;
}
beforeEach(() => {
  renderedTableProps.length = 0;
});

function renderEmail() {
  renderPage('/preffy/email', EmailPage, {
    links: ['/preffy/outbox'],
    queryClient: signedInQueryClient('staff'),
  });
}

describe('the Email page', () => {
  it('offers pages of 10, 20 or 50 subscribers, 10 by default, sorted by email', async () => {
    const lists = stubServer();
    renderEmail();
    expect(await screen.findByText('ann@winners.test')).toBeTruthy();
    expect(renderedTableProps.at(-1)).toMatchObject({
      recordsPerPage: 10,
      recordsPerPageOptions: [10, 20, 50],
    });
    expect(Object.fromEntries(lists[0]!)).toMatchObject({ pageSize: '10', sortBy: 'email' });
    act(() => renderedTableProps.at(-1)!.onRecordsPerPageChange!(20));
    await waitFor(() => expect(lists.at(-1)!.get('pageSize')).toBe('20'));
  });

  it('the Dense padding switch tightens the rows, and turning it off loosens them again', async () => {
    stubServer();
    renderEmail();
    await screen.findByText('ann@winners.test');
    expect(renderedTableProps.at(-1)!.verticalSpacing).toBe('sm');
    const dense = screen.getByRole('switch', { name: 'Dense padding' });
    expect((dense as HTMLInputElement).checked).toBe(false);
    fireEvent.click(dense);
    await waitFor(() => expect(renderedTableProps.at(-1)!.verticalSpacing).toBe(4));
    fireEvent.click(dense);
    await waitFor(() => expect(renderedTableProps.at(-1)!.verticalSpacing).toBe('sm'));
  });
});
