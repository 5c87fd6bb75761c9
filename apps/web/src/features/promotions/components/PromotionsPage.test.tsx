import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderedTableProps } from '../../../test/plain-data-table.tsx';
import { renderPage } from '../../../test/render-page.tsx';
import { PromotionsPage } from './PromotionsPage.tsx';
import { testAccount } from '../../../test/account.ts';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

const promotion = (fields: Record<string, unknown>) => ({
  id: 'p1',
  name: 'Summer giveaway',
  competitionId: 'c1',
  competitionName: 'Midnight Drive',
  startDate: null,
  endDate: null,
  isActive: true,
  amount: 10,
  creatorEmails: ['ann@creators.test', 'bob@creators.test', 'cy@creators.test'],
  remainingBalance: 205,
  creatorCount: 20,
  canSend: true,
  sendBlock: null,
  version: 4,
  createdAt: 0,
  updatedAt: 0,
  ...fields,
});
const sendable = promotion({});
const empty = promotion({
  id: 'p2',
  name: 'Empty pot',
  remainingBalance: 0,
  creatorCount: 0,
  canSend: false,
  sendBlock: 'no-balance',
});

type Asked = { method: string; url: URL; body: unknown; key: string | undefined };
/** sends: how the server answers each Send, by promotion id, in turn (the default: queued). */
function stubServer(
  sends: Record<string, (() => Promise<Response>)[]> = {},
  items: unknown[] = [sendable, empty],
) {
  const asked: Asked[] = [];
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
    if (url.pathname === '/api/auth/me')
      return Response.json({
        user: { role: 'staff', name: 'S', email: 's@x.test' },
        businessTimeZone: 'UTC',
        account: testAccount,
      });
    if (url.pathname === '/api/promotions') return Response.json({ items, total: items.length });
    const sending = /^\/api\/promotions\/(\w+)\/send$/.exec(url.pathname);
    if (sending) {
      const answer = sends[sending[1]!]?.shift();
      if (answer) return answer();
      return Response.json({ messageId: 'm1', queued: 2, skipped: 1 }, { status: 202 });
    }
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
  });
  return asked;
}
afterEach(() => {
  vi.unstubAllGlobals();
  renderedTableProps.length = 0;
});

describe('the promotions page', () => {
  it('asks for pages of 10, newest first, and shows each creator count with its rule', async () => {
    const asked = stubServer();
    renderPage('/promotions', PromotionsPage);
    expect(await screen.findByText('Summer giveaway')).toBeTruthy();
    const list = asked.find((a) => a.url.pathname === '/api/promotions')!;
    expect(Object.fromEntries(list.url.searchParams)).toMatchObject({
      page: '1',
      pageSize: '10',
      sortBy: 'createdAt',
      sortDirection: 'desc',
    });
    expect(renderedTableProps.at(-1)).toMatchObject({
      recordsPerPage: 10,
      recordsPerPageOptions: [10, 25, 100],
    });
    expect(screen.getByText('$205 ÷ $10')).toBeTruthy();
  });

  it('says why a promotion cannot be sent, and its Send does nothing', async () => {
    const asked = stubServer();
    renderPage('/promotions', PromotionsPage);
    const send = await screen.findByRole('button', { name: 'Send promotion email: Empty pot' });
    expect(send.getAttribute('aria-disabled')).toBe('true');
    // The reason is text on the page, and the button's description for screen readers.
    const reason = screen.getByText('Cannot send: the remaining balance is 0.');
    expect(send.getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.click(send);
    expect(screen.queryByText('Send the promotion email of Empty pot?')).toBeNull();
    expect(asked.some((a) => a.url.pathname.endsWith('/send'))).toBe(false);
  });

  it('sends only after confirming, with the version read and an Idempotency-Key, and shows queued and skipped', async () => {
    const asked = stubServer();
    renderPage('/promotions', PromotionsPage);
    fireEvent.click(await screen.findByRole('button', { name: 'Send promotion email: Summer giveaway' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Send the promotion email of Summer giveaway?',
    });
    expect(confirm.textContent).toContain('goes to 3 creator emails');
    // What the email says: the amount per creator and how many creators the pot pays.
    expect(confirm.textContent).toContain('$10 for each of the next 20 creators');
    expect(asked.some((a) => a.url.pathname.endsWith('/send'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send promotion email' }));
    expect(
      await screen.findByText('2 emails queued. 1 address skipped (unsubscribed or banned).'),
    ).toBeTruthy();
    const sent = asked.find((a) => a.url.pathname === '/api/promotions/p1/send')!;
    expect(sent).toMatchObject({ method: 'POST', body: { version: 4 } });
    expect(sent.key).toEqual(expect.any(String));
  });

  const second = promotion({ id: 'p3', name: 'Winter giveaway' });
  const sendButton = (name: string) => screen.findByRole('button', { name: `Send promotion email: ${name}` });
  async function sendFromPage(name: string) {
    fireEvent.click(await sendButton(name));
    const confirm = await screen.findByRole('dialog', { name: `Send the promotion email of ${name}?` });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send promotion email' }));
  }
  const sendsOf = (asked: Asked[], id: string) =>
    asked.filter((a) => a.url.pathname === `/api/promotions/${id}/send`);
  const lost = () => Promise.reject(new TypeError('Failed to fetch'));

  it('keeps one Idempotency-Key per promotion: a retry after another promotion was sent is the same send', async () => {
    const asked = stubServer({ p1: [lost] }, [sendable, second]);
    renderPage('/promotions', PromotionsPage);
    // Summer's answer is lost; Winter is sent; Summer is tried again at the same version.
    await sendFromPage('Summer giveaway');
    await waitFor(() => expect(sendsOf(asked, 'p1')).toHaveLength(1));
    await waitFor(async () =>
      expect((await sendButton('Summer giveaway')).getAttribute('aria-disabled')).toBe('false'),
    );
    await sendFromPage('Winter giveaway');
    expect(await screen.findByRole('dialog', { name: 'Promotion email of Winter giveaway' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(async () =>
      expect((await sendButton('Summer giveaway')).getAttribute('aria-disabled')).toBe('false'),
    );
    await sendFromPage('Summer giveaway');
    expect(await screen.findByRole('dialog', { name: 'Promotion email of Summer giveaway' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const [first, retry] = sendsOf(asked, 'p1');
    expect(retry!.key).toBe(first!.key);
    expect(sendsOf(asked, 'p3')[0]!.key).not.toBe(first!.key);
    // After a success the next send of the same promotion is a new one.
    await waitFor(async () =>
      expect((await sendButton('Summer giveaway')).getAttribute('aria-disabled')).toBe('false'),
    );
    await sendFromPage('Summer giveaway');
    await waitFor(() => expect(sendsOf(asked, 'p1')).toHaveLength(3));
    expect(sendsOf(asked, 'p1')[2]!.key).not.toBe(first!.key);
  });

  it('pauses every Send while one is pending', async () => {
    let answer = (_: Response) => {};
    const held = () => new Promise<Response>((resolve) => (answer = resolve));
    const asked = stubServer({ p1: [held] }, [sendable, second]);
    renderPage('/promotions', PromotionsPage);
    await sendFromPage('Summer giveaway');
    await waitFor(() => expect(sendsOf(asked, 'p1')).toHaveLength(1));
    const winter = await sendButton('Winter giveaway');
    await waitFor(() => expect(winter.getAttribute('aria-disabled')).toBe('true'));
    fireEvent.click(winter);
    expect(screen.queryByRole('dialog', { name: 'Send the promotion email of Winter giveaway?' })).toBeNull();
    answer(Response.json({ messageId: 'm1', queued: 2, skipped: 1 }, { status: 202 }));
    expect(await screen.findByRole('dialog', { name: 'Promotion email of Summer giveaway' })).toBeTruthy();
    await waitFor(() => expect(winter.getAttribute('aria-disabled')).toBe('false'));
    expect(sendsOf(asked, 'p3')).toHaveLength(0);
  });
});
