import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage as renderPageIn } from '../../../test/render-page.tsx';
import { renderedTableProps } from '../../../test/plain-data-table.tsx';
import { PaymentsPage } from './PaymentsPage.tsx';
import type { PaymentTab } from '../payment-tabs.ts';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

const payment = {
  id: 'p1',
  competitionId: 'c1',
  competitionName: 'Summer Song',
  contactEmail: 'ana@creators.test',
  paymentEmail: 'ana@paypal.test',
  amount: 80,
  source: 'Preffy',
  status: 'To Be Paid',
  paypalStatus: null as string | null,
  version: 1,
  createdAt: 0,
  updatedAt: 0,
};

type Sent = { method: string; url: URL; body: unknown; key: string | undefined };

/** Answers the page's calls; `moves` are the answers to Sent/Unsend, in order ('network': no answer). */
function stubServer(moves: (Response | 'network')[], listed = [payment]) {
  const asked: Sent[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    const url = new URL(path, 'http://app.test');
    const headers = (init.headers ?? {}) as Record<string, string>;
    asked.push({
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : null,
      key: headers['idempotency-key'],
    });
    if (url.pathname === '/api/payments') return Response.json({ items: listed, total: listed.length });
    if (url.pathname === '/api/payments/totals')
      return Response.json({ toBePaid: { count: 1, amount: 80 }, paid: { count: 3, amount: 480.5 } });
    const answer = moves.shift();
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return answer ?? Response.json({}, { status: 500 });
  });
  return asked;
}
afterEach(() => vi.unstubAllGlobals());

function renderPage(tab: PaymentTab = 'to-be-paid') {
  renderPageIn('/payments', () => <PaymentsPage tab={tab} onTabChange={vi.fn()} />, {
    links: ['/table-update'],
  });
}

const moves = (asked: Sent[]) => asked.filter((a) => a.method === 'POST');
const sentButton = () =>
  screen.findByRole('button', { name: 'Mark the payment to ana@creators.test as sent' });

describe('payments admin', () => {
  it("shows the spec's columns, the competition by name, and pages of 10, 25 or 100", async () => {
    const asked = stubServer([]);
    renderedTableProps.length = 0;
    renderPage();
    await sentButton();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Competition',
      'Contact Email',
      'Payment Email',
      'Amount',
      'Source',
      'Status',
      'Check',
      'Action',
    ]);
    const cells = [...screen.getAllByRole('row')[1]!.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells).toEqual([
      'Summer Song',
      'ana@creators.test',
      'ana@paypal.test',
      '$80',
      'Preffy',
      'To Be Paid',
      'Check',
      'Sent',
    ]);
    expect(renderedTableProps.at(-1)).toMatchObject({
      recordsPerPage: 10,
      recordsPerPageOptions: [10, 25, 100],
    });
    const list = asked.find((a) => a.url.pathname === '/api/payments')!;
    expect(list.url.searchParams.get('pageSize')).toBe('10');
  });

  it("shows the tab's totals and asks for the Paid tab when on Sent To CSV", async () => {
    const asked = stubServer([]);
    renderPage('sent');
    await waitFor(() =>
      expect(screen.getByTestId('payment-totals').textContent).toBe('3 payments sent to CSV, $480.50 in all'),
    );
    const list = asked.find((a) => a.url.pathname === '/api/payments')!;
    expect(list.url.searchParams.get('status')).toBe('Paid');
    expect(screen.getByRole('link', { name: 'Summer Song' }).getAttribute('href')).toBe(
      '/table-update?id=c1',
    );
  });

  it('sends nothing until confirmed; a retried Sent reuses its Idempotency-Key, a new one gets a new key', async () => {
    const asked = stubServer([
      'network',
      Response.json({ payment: { ...payment, status: 'Paid', version: 2 } }),
      Response.json({ payment: { ...payment, status: 'Paid', version: 2 } }),
    ]);
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('payment-totals').textContent).toBe('1 payment to be paid, $80 in all'),
    );

    fireEvent.click(await sentButton());
    expect(await screen.findByText('Mark this payment as sent?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Mark this payment as sent?')).toBeNull());
    expect(moves(asked)).toEqual([]);

    // The first try never reaches the server; the retry is the same submission.
    for (let i = 0; i < 2; i++) {
      fireEvent.click(await sentButton());
      fireEvent.click(await screen.findByTestId('confirm-payment'));
      await waitFor(() => expect(moves(asked).length).toBe(i + 1));
    }
    expect(await screen.findByText('The payment to ana@creators.test is marked as sent.')).toBeTruthy();
    const [first, retry] = moves(asked);
    expect(first!.url.pathname).toBe('/api/payments/p1/send');
    expect(first!.body).toEqual({ version: 1 });
    expect(first!.key).toBeTruthy();
    expect(retry!.key).toBe(first!.key);

    // After a success the next click is a new submission.
    fireEvent.click(await sentButton());
    fireEvent.click(await screen.findByTestId('confirm-payment'));
    await waitFor(() => expect(moves(asked).length).toBe(3));
    expect(moves(asked)[2]!.key).not.toBe(first!.key);
  });

  it('a payment changed meanwhile (409) is explained, nothing else is shown, and the table is read again', async () => {
    const asked = stubServer([
      Response.json(
        { statusCode: 409, code: 'PAYMENT_STATUS', message: 'This payment is already marked as sent' },
        { status: 409 },
      ),
    ]);
    renderPage();
    const lists = () => asked.filter((a) => a.url.pathname === '/api/payments').length;
    fireEvent.click(await sentButton());
    const before = lists();
    fireEvent.click(await screen.findByTestId('confirm-payment'));
    expect(await screen.findByText('This payment changed')).toBeTruthy();
    expect(screen.queryByText('This payment is already marked as sent')).toBeNull();
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  });

  it("Check shows the payment email and, for a payment paid through PayPal, PayPal's item status", async () => {
    stubServer(
      [],
      [payment, { ...payment, id: 'p2', contactEmail: 'bo@creators.test', paypalStatus: 'UNCLAIMED' }],
    );
    renderPage();
    // Only the PayPal payment carries a badge, in the user's language.
    await waitFor(() =>
      expect(screen.getAllByTestId('paypal-status').map((b) => b.textContent)).toEqual(['PayPal: Unclaimed']),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check the payment email of bo@creators.test' }));
    expect((await screen.findByTestId('check-payment-email')).textContent).toBe('ana@paypal.test');
    expect(await screen.findByText('PayPal status')).toBeTruthy();
  });
});
