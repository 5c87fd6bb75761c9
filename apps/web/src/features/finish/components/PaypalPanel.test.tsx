import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Finish, PaypalPayout } from '@preffy/api';
import '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { PaypalPanel, paymentsToSend } from './PaypalPanel.tsx';
import { testAccount } from '../../../test/account.ts';

const finish = { competitionId: 'c1', version: 3 } as Finish;
const batch = (batchStatus: string, lastError: string | null = null): PaypalPayout => ({
  id: 'pp1',
  senderBatchId: 'preffy-pp1',
  payoutBatchId: 'PB1',
  batchStatus,
  itemCount: 3,
  itemStatuses: { SUCCESS: 2, UNCLAIMED: 1 },
  lastError,
  createdAt: 0,
  createdByName: 'Ada',
});

type Asked = { method: string; path: string; body: unknown; key: string | undefined };
function stubServer(states: unknown[], toBePaid = 4) {
  const asked: Asked[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    if (path === '/api/auth/me')
      return Response.json({ user: { role: 'staff' }, businessTimeZone: 'UTC', account: testAccount });
    const url = new URL(path, 'http://app.test');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const method = init.method ?? 'GET';
    asked.push({
      method,
      path: url.pathname,
      body: init.body ? JSON.parse(String(init.body)) : null,
      key: headers['idempotency-key'],
    });
    if (url.pathname === '/api/payments')
      return Response.json({
        items: Array.from({ length: toBePaid }, () => ({ amount: 10 })),
        total: toBePaid,
      });
    if (method === 'POST') return Response.json({ payout: batch('NEW') }, { status: 202 });
    // The batch moves on between reads; the last state stays.
    return Response.json(states.length > 1 ? states.shift() : states[0]);
  });
  return asked;
}
afterEach(() => vi.unstubAllGlobals());

const paypalReads = (asked: Asked[]) => asked.filter((a) => a.path === '/api/finish/c1/paypal').length;

describe('Send via PayPal', () => {
  it('shows nothing when the server has no PayPal credentials', async () => {
    const asked = stubServer([{ configured: false, payouts: [] }]);
    renderPage('/finish', () => <PaypalPanel finish={finish} />);
    await waitFor(() => expect(asked.length).toBe(1));
    expect(screen.queryByTestId('paypal')).toBeNull();
  });

  it('sends after a confirmation naming the payments, with the wizard version and a key, and follows a moving batch until it ends', async () => {
    const asked = stubServer([
      { configured: true, payouts: [batch('PROCESSING')] },
      { configured: true, payouts: [batch('SUCCESS')] },
    ]);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderPage('/finish', () => <PaypalPanel finish={finish} />, { queryClient });
    const table = await screen.findByTestId('paypal-batches');
    expect(within(table).getByText('Processing')).toBeTruthy();
    expect(within(table).getByText('Success: 2, Unclaimed: 1')).toBeTruthy();
    // Read again while the batch is still moving, then no more.
    await waitFor(() => expect(within(table).getByText('Success')).toBeTruthy());
    expect(paypalReads(asked)).toBe(2);
    // The batch moved on: the To Be Paid list and the wizard are read again.
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toContainEqual(['finish', 'wizard', 'c1', 'payments']);
    expect(keys).toContainEqual(['finish', 'wizard', 'c1', 'state']);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(paypalReads(asked)).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Send via PayPal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the payout via PayPal?' });
    // Four To Be Paid; the finished batch holds none of them.
    expect(within(dialog).getByTestId('paypal-confirm-body').textContent).toContain(
      'PayPal pays 4 To Be Paid payments',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-paypal'));
    expect(await screen.findByText('The PayPal batch of 3 payments is on its way.')).toBeTruthy();
    const sends = asked.filter((a) => a.method === 'POST');
    expect(sends.map((a) => [a.path, a.body])).toEqual([['/api/finish/c1/paypal', { version: 3 }]]);
    expect(sends[0]!.key).toBeTruthy();
  });

  it("says what a batch's error means in the user's language, PayPal's text as the detail", async () => {
    stubServer([
      {
        configured: true,
        payouts: [
          batch('NEEDS_REVIEW', 'socket hang up'),
          { ...batch('DENIED', 'Insufficient funds'), id: 'pp2', senderBatchId: 'preffy-pp2' },
        ],
      },
    ]);
    renderPage('/finish', () => <PaypalPanel finish={finish} />);
    const errors = await screen.findAllByTestId('paypal-batch-error');
    expect(errors[0]!.textContent).toContain(
      "PayPal's answer was unclear: check batch preffy-pp1 in PayPal before paying these payments another way.",
    );
    expect(errors[0]!.querySelector('details')!.textContent).toContain('socket hang up');
    expect(errors[1]!.textContent).toContain(
      'PayPal did not pay batch preffy-pp2: its payments were released and can be sent again.',
    );
  });

  it('counts what a send would take: To Be Paid less what an open or unclear batch still holds', () => {
    expect(paymentsToSend(5, [batch('PROCESSING'), batch('SUCCESS'), batch('DENIED')])).toBe(2);
    expect(paymentsToSend(5, [batch('NEEDS_REVIEW')])).toBe(2);
    expect(paymentsToSend(2, [batch('NEW')])).toBe(0);
  });
});
