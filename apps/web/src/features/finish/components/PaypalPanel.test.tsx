import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Finish } from '@preffy/api';
import '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { PaypalPanel } from './PaypalPanel.tsx';

const finish = { competitionId: 'c1', version: 3 } as Finish;
const batch = (batchStatus: string) => ({
  id: 'pp1',
  senderBatchId: 'preffy-pp1',
  payoutBatchId: 'PB1',
  batchStatus,
  itemCount: 3,
  itemStatuses: { SUCCESS: 2, UNCLAIMED: 1 },
  lastError: null,
  createdAt: 0,
  createdByName: 'Ada',
});

type Asked = { method: string; path: string; body: unknown; key: string | undefined };
function stubServer(states: unknown[]) {
  const asked: Asked[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    const url = new URL(path, 'http://app.test');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const method = init.method ?? 'GET';
    asked.push({
      method,
      path: url.pathname,
      body: init.body ? JSON.parse(String(init.body)) : null,
      key: headers['idempotency-key'],
    });
    if (method === 'POST') return Response.json({ payout: batch('NEW') }, { status: 202 });
    // The batch moves on between reads; the last state stays.
    return Response.json(states.length > 1 ? states.shift() : states[0]);
  });
  return asked;
}
afterEach(() => vi.unstubAllGlobals());

describe('Send via PayPal', () => {
  it('shows nothing when the server has no PayPal credentials', async () => {
    const asked = stubServer([{ configured: false, payouts: [] }]);
    renderPage('/finish', () => <PaypalPanel finish={finish} />);
    await waitFor(() => expect(asked.length).toBe(1));
    expect(screen.queryByTestId('paypal')).toBeNull();
  });

  it('sends after a confirmation with the wizard version and a key, and follows a moving batch until it ends', async () => {
    const asked = stubServer([
      { configured: true, payouts: [batch('PROCESSING')] },
      { configured: true, payouts: [batch('SUCCESS')] },
    ]);
    renderPage('/finish', () => <PaypalPanel finish={finish} />);
    const table = await screen.findByTestId('paypal-batches');
    expect(within(table).getByText('Processing')).toBeTruthy();
    expect(within(table).getByText('Success: 2, Unclaimed: 1')).toBeTruthy();
    // Read again while the batch is still moving, then no more.
    await waitFor(() => expect(within(table).getByText('Success')).toBeTruthy(), { timeout: 5000 });
    const reads = () => asked.filter((a) => a.method === 'GET').length;
    expect(reads()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(reads()).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Send via PayPal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the payout via PayPal?' });
    fireEvent.click(within(dialog).getByTestId('confirm-paypal'));
    expect(await screen.findByText('The PayPal batch of 3 payments is on its way.')).toBeTruthy();
    const sends = asked.filter((a) => a.method === 'POST');
    expect(sends.map((a) => [a.path, a.body])).toEqual([['/api/finish/c1/paypal', { version: 3 }]]);
    expect(sends[0]!.key).toBeTruthy();
  }, 20_000);
});
