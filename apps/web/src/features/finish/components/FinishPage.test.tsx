import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { FinishPage } from './FinishPage.tsx';
import { testAccount } from '../../../test/account.ts';

// mantine-datatable renders rows without cells under jsdom: a plain table stands in for it.
vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));

const choice = (creator: string, email: string) => ({ creator, platform: 'tiktok', email, source: '' });
const ana = choice('ana', 'ana@creators.test');
const anaTwo = choice('ana', 'ana.two@creators.test');
const ben = choice('ben', 'ben@creators.test');
const prize = (index: number, label: string, amount: number, winner: typeof ana | null, banned = false) => ({
  index,
  label,
  amount,
  kind: 'rank' as const,
  winner,
  reason: null,
  banned,
});
/** An ended competition with every post reviewed and the leaderboard up to date. */
const ready = {
  endDate: 0,
  daysLeft: null,
  unreviewedPosts: 0,
  leaderboardComputedAt: 2,
  lastReviewAt: 1,
  leaderboardStale: false,
};
const wizard = (version: number, winners: (typeof ana | null)[], banned = [false, false, true]) => ({
  competitionId: 'c1',
  competitionName: 'Summer Song',
  organizer: 'Artist',
  competitionDeleted: false,
  step: 'winners',
  version,
  slots: [
    prize(0, '1st Place', 200, winners[0] ?? null, banned[0]),
    prize(1, '2nd Place', 100, winners[1] ?? null, banned[1]),
    prize(2, '3rd Place', 50, winners[2] ?? null, banned[2]),
  ],
  submittedAt: null,
  submittedByName: null,
  completedAt: null,
  completedByName: null,
  files: [],
  readiness: ready,
});

type Asked = { method: string; path: string; body: unknown; key: string | undefined };
/** The server: the wizard as stored, and the answers to saves and submits, in order. */
function stubServer(answers: { save?: Response[]; submit?: Response[]; stored?: unknown }) {
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
    if (url.pathname === '/api/auth/me')
      return Response.json({
        user: { role: 'admin', name: 'A', email: 'a@x.test' },
        businessTimeZone: 'UTC',
        account: testAccount,
      });
    if (url.pathname === '/api/competitions/c1') return Response.json({ competition: { takePct: 1 } });
    if (url.pathname === '/api/finish/c1/candidates') return Response.json({ items: [] });
    if (url.pathname === '/api/finish/c1' && method === 'GET')
      return Response.json({ finish: answers.stored ?? wizard(1, [ana, anaTwo, ben]) });
    if (url.pathname === '/api/finish/c1/winners') return answers.save!.shift()!;
    if (url.pathname === '/api/finish/c1/submit') return answers.submit!.shift()!;
    return Response.json(
      { statusCode: 404, code: 'NOT_FOUND', message: 'Record not found' },
      { status: 404 },
    );
  });
  return asked;
}
afterEach(() => vi.unstubAllGlobals());

const open = () => renderPage('/finish', () => <FinishPage id="c1" onCompetitionChange={vi.fn()} />);
const alerts = () => screen.queryAllByTestId('winners-blocked').map((a) => a.textContent);
const submitButton = () => screen.getByRole('button', { name: 'Submit' });

describe('the finish wizard, step 1', () => {
  it("shows a deleted competition's wizard read-only, saying why (decision 0124)", async () => {
    const asked = stubServer({ stored: { ...wizard(1, [ana, null, null]), competitionDeleted: true } });
    open();
    expect((await screen.findByTestId('finish-competition-deleted')).textContent).toBe(
      'This competition is deleted: its wizard shows what was done and changes nothing.',
    );
    expect(submitButton()).toHaveProperty('disabled', true);
    fireEvent.click(submitButton());
    expect(asked.filter((a) => a.method !== 'GET')).toEqual([]);
  });

  it('heads the page with the competition and shows the three steps, Notify Winners current', async () => {
    stubServer({});
    open();
    expect(await screen.findByRole('heading', { name: 'Finish Competition: Summer Song' })).toBeTruthy();
    const steps = [...document.querySelectorAll('.mantine-Stepper-step')];
    expect(steps.map((s) => s.querySelector('.mantine-Stepper-stepLabel')?.textContent)).toEqual([
      'Notify Winners',
      'Pay Winners',
      'Mark As Completed',
    ]);
    expect(steps.map((s) => s.hasAttribute('data-progress'))).toEqual([true, false, false]);
  });

  it('blocks Submit with the legacy wording until the duplicate and the banned winner are cleared, then confirms and submits once', async () => {
    const asked = stubServer({
      save: [Response.json({ finish: wizard(2, [ana, null, null]) })],
      submit: [
        Response.json(
          {
            statusCode: 400,
            code: 'WINNERS_BLOCKED',
            message: 'Submit is blocked',
            fieldErrors: { winners: ['Please Remove Banned Users: ana@creators.test'] },
          },
          { status: 400 },
        ),
      ],
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Finish Competition: Summer Song' })).toBeTruthy();
    await waitFor(() =>
      expect(alerts()).toEqual([
        'Duplicates found: ana - tiktok',
        'Please Remove Banned Users: ben@creators.test',
      ]),
    );
    expect(submitButton()).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Clear the winner of 3rd Place' }));
    expect(alerts()).toEqual(['Duplicates found: ana - tiktok']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear the winner of 2nd Place' }));
    expect(alerts()).toEqual([]);

    // The draft is saved with the version read, once the changes rest.
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    expect(asked.filter((a) => a.method === 'PUT').map((a) => a.body)).toEqual([
      { version: 1, winners: [ana, null, null], reasons: [null, null, null] },
    ]);

    fireEvent.click(submitButton());
    const dialog = await screen.findByRole('dialog', { name: 'Submit the winners?' });
    expect(within(dialog).getByText('Create 1 payment, $160 in all, and email 1 winner?')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('confirm-submit'));
    // The server checks again (a winner banned meanwhile): its answer is shown the same way.
    await waitFor(() => expect(alerts()).toEqual(['Please Remove Banned Users: ana@creators.test']));
    const submits = asked.filter((a) => a.path === '/api/finish/c1/submit');
    expect(submits.map((a) => a.body)).toEqual([
      { version: 2, winners: [ana, null, null], finishEarly: false },
    ]);
    expect(submits[0]!.key).toBeTruthy();
  });

  it("a draft saved meanwhile by someone else opens the conflict dialog with the server's winners", async () => {
    stubConflict(
      wizard(1, [ana, null, null], [false, false, false]),
      wizard(5, [ben, null, null], [false, false, false]),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Clear the winner of 1st Place' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'The winners of Summer Song were changed by someone else',
    });
    // Theirs is the wizard as the server holds it now (read again after the 409); mine is the cleared slot.
    const rows = within(within(dialog).getByTestId('conflict-table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'FieldSaved by themYours',
      '1st Placeben - TikTok - ben@creators.test (Preffy)',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload theirs (drop mine)' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Clear the winner of 1st Place' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.getByTestId('draft-state').textContent).toBe('Draft saved');
  });

  it('closing the conflict dialog pauses autosave (no 409 loop) until staff act; Retry asks again', async () => {
    const saves = stubConflict(
      wizard(1, [ana, null, null], [false, false, false]),
      wizard(5, [ben, null, null], [false, false, false]),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Clear the winner of 1st Place' }));
    const title = { name: 'The winners of Summer Song were changed by someone else' };
    const dialog = await screen.findByRole('dialog', title);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(saves()).toBe(1);
    expect(screen.getByTestId('draft-state').textContent).toContain('Not saved');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('dialog', title)).toBeTruthy();
    expect(saves()).toBe(2);
  });

  it('a failed autosave keeps the choices unsaved: Not saved, Submit held, Retry saves them', async () => {
    const failure = Response.json(
      { statusCode: 500, code: 'INTERNAL', message: 'Internal server error' },
      { status: 500 },
    );
    const asked = stubServer({
      save: [failure, Response.json({ finish: wizard(2, [ana, null, null], [false, false, false]) })],
      stored: wizard(1, [ana, anaTwo, null], [false, false, false]),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Clear the winner of 2nd Place' }));
    await waitFor(() => expect(screen.getByTestId('draft-state').textContent).toContain('Not saved'));
    expect(submitButton()).toHaveProperty('disabled', true);
    // Not retried on its own.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(asked.filter((a) => a.method === 'PUT')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('draft-state').textContent).toBe('Draft saved'));
    expect(asked.filter((a) => a.method === 'PUT').map((a) => a.body)).toEqual([
      { version: 1, winners: [ana, null, null], reasons: [null, null, null] },
      { version: 1, winners: [ana, null, null], reasons: [null, null, null] },
    ]);
    expect(submitButton()).toHaveProperty('disabled', false);
  });

  it('a 409 on Submit opens the conflict dialog and keeps mine: saved over their version', async () => {
    let stored = wizard(1, [ana, null, null], [false, false, false]);
    const theirs = wizard(4, [ben, null, null], [false, false, false]);
    const bodies: { path: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
      if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
      const url = new URL(path, 'http://app.test');
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as { version: number }) : null;
      if (body) bodies.push({ path: url.pathname, body });
      if (url.pathname === '/api/finish/c1' && method === 'GET') return Response.json({ finish: stored });
      if (url.pathname === '/api/competitions/c1') return Response.json({ competition: { takePct: 1 } });
      if (url.pathname === '/api/finish/c1/submit' || url.pathname === '/api/finish/c1/winners') {
        if (body!.version !== stored.version) {
          stored = theirs;
          return Response.json(
            {
              statusCode: 409,
              code: 'VERSION_CONFLICT',
              message: 'This record was changed by someone else',
              current: theirs,
            },
            { status: 409 },
          );
        }
        stored = {
          ...stored,
          version: stored.version + 1,
          slots: wizard(0, [ana, null, null], [false, false, false]).slots,
        };
        return Response.json({ finish: stored });
      }
      return Response.json({ items: [] });
    });
    open();
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    // Someone else saves meanwhile.
    stored = theirs;
    fireEvent.click(submitButton());
    fireEvent.click(await screen.findByTestId('confirm-submit'));
    const dialog = await screen.findByRole('dialog', {
      name: 'The winners of Summer Song were changed by someone else',
    });
    // My choice is still on screen, not replaced by theirs.
    expect(screen.getByRole('combobox', { name: 'Winner of 1st Place' })).toHaveProperty(
      'value',
      'ana - TikTok - ana@creators.test (Preffy)',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /Save mine/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('draft-state').textContent).toBe('Draft saved'));
    expect(bodies.map((b) => [b.path, b.body])).toEqual([
      ['/api/finish/c1/submit', { version: 1, winners: [ana, null, null], finishEarly: false }],
      ['/api/finish/c1/winners', { version: 1, winners: [ana, null, null], reasons: [null, null, null] }],
      ['/api/finish/c1/winners', { version: 4, winners: [ana, null, null], reasons: [null, null, null] }],
    ]);
  });

  it("Suggest winners saves with the screen's version and translates the known reasons", async () => {
    const asked = stubServer({
      save: [Response.json({ finish: wizard(2, [ben, ana, anaTwo], [false, false, false]) })],
      stored: wizard(1, [null, null, null], [false, false, false]),
    });
    const suggested = [
      { ...prize(0, '1st Place', 200, ben), reason: 'rank 1 by likes (34662)' },
      { ...prize(1, '2nd Place', 100, ana), reason: 'first-come: among the earliest creators to post' },
      { ...prize(2, '3rd Place', 50, anaTwo), reason: 'something new' },
    ];
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) =>
      path.endsWith('/api/finish/c1/suggest') ? Response.json({ slots: suggested }) : inner(path, init),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Suggest winners' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('slot-reason').map((r) => r.textContent)).toEqual([
        // The count in the reader's format (the walk met '(34662)').
        'Suggested: rank 1 by likes (34,662)',
        'Suggested: first come: among the earliest creators to post',
        'Suggested: something new',
      ]),
    );
    await waitFor(() => expect(asked.filter((a) => a.method === 'PUT')).toHaveLength(1));
    // The reasons are saved with the draft: a reload shows them again.
    expect(asked.find((a) => a.method === 'PUT')!.body).toEqual({
      version: 1,
      winners: [ben, ana, anaTwo],
      reasons: suggested.map((slot) => slot.reason),
    });
    // The wizard was not read again to take a newer version.
    expect(asked.filter((a) => a.path === '/api/finish/c1' && a.method === 'GET')).toHaveLength(1);
  });

  it('Suggest winners says how many prizes it filled, and the prizes left empty are named before Submit', async () => {
    stubServer({
      save: [Response.json({ finish: wizard(2, [ben, null, null], [false, false, false]) })],
      stored: wizard(1, [null, null, null], [false, false, false]),
    });
    const suggested = [
      { ...prize(0, '1st Place', 200, ben), reason: 'rank 1 by likes (120)' },
      prize(1, '2nd Place', 100, null),
      prize(2, '3rd Place', 50, null),
    ];
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) =>
      path.endsWith('/api/finish/c1/suggest') ? Response.json({ slots: suggested }) : inner(path, init),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Suggest winners' }));
    expect(
      await screen.findByText(
        '1 of 3 prizes have a suggested winner; 2 stay empty: no eligible entries are left for them.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/All \d+ prizes have a suggested winner/)).toBeNull();
    const unpaid = '2 prizes stay unfilled and will not be paid: 2nd Place ($100), 3rd Place ($50).';
    await waitFor(() => expect(screen.getByTestId('winners-unfilled').textContent).toBe(unpaid));
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    fireEvent.click(submitButton());
    expect((await screen.findByTestId('confirm-note')).textContent).toBe(unpaid);
  });

  it('leaving with a change not yet saved asks first, then saves it on the way out', async () => {
    const asked = stubServer({
      save: [Response.json({ finish: wizard(2, [ana, null, null], [false, false, false]) })],
      stored: wizard(1, [ana, anaTwo, null], [false, false, false]),
    });
    const router = renderPage('/finish', () => <FinishPage id="c1" onCompetitionChange={vi.fn()} />, {
      links: ['/elsewhere'],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear the winner of 2nd Place' }));
    void router.navigate({ to: '/elsewhere' } as never);
    const dialog = await screen.findByRole('dialog', { name: 'Leave with winners not saved?' });
    expect(router.state.location.pathname).toBe('/finish');
    fireEvent.click(within(dialog).getByTestId('leave-anyway'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    await waitFor(() =>
      expect(asked.filter((a) => a.method === 'PUT').map((a) => a.body)).toEqual([
        { version: 1, winners: [ana, null, null], reasons: [null, null, null] },
      ]),
    );
  });
});

/** The wizard as first read, then (after a save answered 409) as someone else saved it. */
function stubConflict(first: unknown, theirs: unknown) {
  let conflicted = false;
  let saves = 0;
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    const url = new URL(path, 'http://app.test');
    if (url.pathname === '/api/finish/c1/winners') {
      conflicted = true;
      saves += 1;
      return Response.json(
        { statusCode: 409, code: 'VERSION_CONFLICT', message: 'This record was changed by someone else' },
        { status: 409 },
      );
    }
    if (url.pathname === '/api/finish/c1' && (init.method ?? 'GET') === 'GET')
      return Response.json({ finish: conflicted ? theirs : first });
    if (url.pathname === '/api/competitions/c1') return Response.json({ competition: { takePct: 1 } });
    return Response.json({ items: [] });
  });
  return () => saves;
}

const file = (n: number) => ({
  id: `f${n}`,
  batchId: 'b1',
  fileNumber: n,
  fileCount: 2,
  rowCount: n === 1 ? 5000 : 1,
  total: n === 1 ? 400_000 : 80,
  createdAt: Date.UTC(2026, 0, 5, 12),
  createdByName: 'Ada',
});
const paid = { ...payment('p1', 'ana@creators.test'), status: 'Paid' };
function payment(id: string, email: string) {
  return {
    id,
    competitionId: 'c1',
    competitionName: 'Summer Song',
    contactEmail: email,
    paymentEmail: email,
    amount: 160,
    source: 'Preffy',
    status: 'To Be Paid',
    paypalStatus: null,
    version: 1,
    createdAt: 0,
    updatedAt: 0,
  };
}

describe('the finish wizard, steps 2 and 3', () => {
  it('Download CSV records the files once and downloads each, says the payout was split, then Mark As Completed shows what matched', async () => {
    const atPay = { ...wizard(3, [ana, null, null], [false, false, false]), step: 'pay' };
    const atComplete = { ...atPay, step: 'complete', version: 4, files: [file(1), file(2)] };
    const done = {
      ...atComplete,
      step: 'done',
      version: 5,
      completedAt: Date.UTC(2026, 0, 6),
      completedByName: 'Ada',
    };
    let stored: unknown = atPay;
    const asked: Asked[] = [];
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
      if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
      const url = new URL(path, 'http://app.test');
      const method = init.method ?? 'GET';
      const headers = (init.headers ?? {}) as Record<string, string>;
      asked.push({
        method,
        path: url.pathname,
        body: init.body ? JSON.parse(String(init.body)) : null,
        key: headers['idempotency-key'],
      });
      if (url.pathname === '/api/auth/me')
        return Response.json({
          user: { role: 'staff', name: 'S', email: 's@x.test' },
          businessTimeZone: 'UTC',
          account: testAccount,
        });
      if (url.pathname === '/api/finish/c1' && method === 'GET') return Response.json({ finish: stored });
      if (url.pathname === '/api/finish/c1/paypal') return Response.json({ configured: false, payouts: [] });
      if (url.pathname === '/api/payments')
        return Response.json({ items: [payment('p1', 'ana@creators.test')], total: 1 });
      if (url.pathname === '/api/finish/c1/payout-files') {
        stored = atComplete;
        return Response.json({ finish: atComplete });
      }
      if (url.pathname.startsWith('/api/finish/payout-files/'))
        return new Response('Email/Phone\r\n', { headers: { 'content-type': 'text/csv' } });
      if (url.pathname === '/api/finish/c1/complete') {
        stored = done;
        return Response.json({
          finish: done,
          marked: { count: 1, items: [paid] },
          unmatched: { count: 1, items: [payment('p2', 'bo@creators.test')] },
        });
      }
      return Response.json(
        { statusCode: 404, code: 'NOT_FOUND', message: 'Record not found' },
        { status: 404 },
      );
    });
    // jsdom has no blob URLs; the file is handed to an <a download> as one.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    open();

    expect(await screen.findByText('1 payment to be paid')).toBeTruthy();
    // Without PayPal credentials nothing about PayPal is shown.
    expect(screen.queryByText('Send via PayPal')).toBeNull();
    // The PayPal file and the table's export say which file each is.
    expect(screen.getByRole('button', { name: 'Export table (CSV)' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('download-csv')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'PayPal payout file (CSV)' }));
    await waitFor(() =>
      expect(screen.getByTestId('payout-split').textContent).toBe(
        'The payout was split into 2 files of at most 5,000 rows, as PayPal requires.',
      ),
    );
    const makes = asked.filter((a) => a.path === '/api/finish/c1/payout-files');
    expect(makes.map((a) => a.body)).toEqual([{ version: 3 }]);
    expect(makes[0]!.key).toBeTruthy();
    await waitFor(() =>
      expect(asked.filter((a) => a.path.startsWith('/api/finish/payout-files/')).map((a) => a.path)).toEqual([
        '/api/finish/payout-files/f1',
        '/api/finish/payout-files/f2',
      ]),
    );

    // Step 3: Download CSV is offered again (for payments still owed).
    await screen.findByTestId('mark-completed');
    expect(screen.getByTestId('download-csv')).toBeTruthy();
    // Nothing happens until confirmed.
    fireEvent.click(await screen.findByTestId('mark-completed'));
    fireEvent.click(await screen.findByTestId('confirm-complete'));
    const outcome = await screen.findByTestId('complete-outcome');
    expect(within(outcome).getByText('1 payment marked Paid')).toBeTruthy();
    expect(within(outcome).getByText('1 payment did not match a downloaded file')).toBeTruthy();
    expect(within(outcome).getByTestId('unmatched-list').textContent).toContain('bo@creators.test');
    expect(asked.filter((a) => a.path === '/api/finish/c1/complete').map((a) => a.body)).toEqual([
      { version: 4, finishEarly: false },
    ]);
    expect(await screen.findByTestId('finish-done')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the payments sent to CSV' }).getAttribute('href')).toBe(
      '/preffy/payments?tab=sent',
    );
    // The outbox is for administrators only.
    expect(screen.queryByRole('link', { name: 'See the winner notices in the outbox' })).toBeNull();
    // Done: still owed payments can be downloaded again.
    expect(screen.getByTestId('download-csv')).toBeTruthy();
  });

  it('once nothing is owed, the PayPal payout file is disabled and says why; it asks the server nothing', async () => {
    const asked = stubPayoutStep({
      finish: { ...wizard(5, [ana, null, null], [false, false, false]), step: 'done', completedAt: 1 },
      paypalConfigured: false,
      toBePaid: [],
    });
    open();
    const reason = await screen.findByTestId('payout-file-disabled');
    expect(reason.textContent).toBe(
      'Nothing is left to pay: every payment of this competition is paid, sent or in a PayPal payout.',
    );
    const button = screen.getByRole('button', { name: 'PayPal payout file (CSV)' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.click(button);
    expect(asked.filter((a) => a.startsWith('POST'))).toEqual([]);
  });

  it('with PayPal configured, Download CSV first asks, naming the payments and their total', async () => {
    const asked = stubPayoutStep({
      finish: { ...wizard(3, [ana, null, null], [false, false, false]), step: 'pay' },
      paypalConfigured: true,
      toBePaid: [payment('p1', 'ana@creators.test'), { ...payment('p2', 'bo@creators.test'), amount: 40.5 }],
    });
    open();
    await waitFor(() => expect(screen.getByTestId('download-csv')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('download-csv'));
    const dialog = await screen.findByRole('dialog', { name: 'Download the CSV instead of PayPal?' });
    expect(within(dialog).getByTestId('csv-confirm-body').textContent).toContain(
      'The payout files will hold 2 To Be Paid payments, $200.50 in all.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(asked.filter((a) => a.startsWith('POST'))).toEqual([]);
  });
});

/** The server of a wizard at its payout steps: the wizard, PayPal's state and the To Be Paid payments; answers what was asked. */
function stubPayoutStep(server: { finish: unknown; paypalConfigured: boolean; toBePaid: unknown[] }) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    const url = new URL(path, 'http://app.test');
    asked.push(`${init.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname === '/api/auth/me')
      return Response.json({ user: { role: 'staff' }, businessTimeZone: 'UTC', account: testAccount });
    if (url.pathname === '/api/finish/c1') return Response.json({ finish: server.finish });
    if (url.pathname === '/api/finish/c1/paypal')
      return Response.json({ configured: server.paypalConfigured, payouts: [] });
    if (url.pathname === '/api/payments')
      return Response.json({ items: server.toBePaid, total: server.toBePaid.length });
    return Response.json(
      { statusCode: 404, code: 'NOT_FOUND', message: 'Record not found' },
      { status: 404 },
    );
  });
  return asked;
}
