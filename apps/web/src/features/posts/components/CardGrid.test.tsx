import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReviewPost } from '@preffy/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { CardGrid } from './CardGrid.tsx';
import { signedInQueryClient } from '../../../test/account.ts';
import { post } from './review-post-fixture.ts';
import { testCompetition } from '../../../test/competition.ts';

type Call = { method: string; url: string; body: unknown; key: string | null };
/**
 * The API as the grid sees it: the queue's pages (one page of two posts unless the test gives
 * its own; page n + 1 is asked for with after=n), and `score` answering what the test says.
 */
function stubServer(
  score: (call: Call) => Response,
  disqualify: (call: Call) => Response = score,
  pages: ReviewPost[][] = [[post(1), post(2)]],
) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url === '/api/auth/csrf') return new Response(JSON.stringify({ token: 'csrf' }));
    const call = {
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : null,
      key: new Headers(init.headers).get('idempotency-key'),
    };
    calls.push(call);
    if (url === '/api/competitions/c1')
      return Response.json({ competition: { ...testCompetition, creativeDirection: storedDirection } });
    if (url.startsWith('/api/competitions/c1/review')) {
      const page = Number(new URL(url, 'http://app.test').searchParams.get('after') ?? 0);
      const total = pages.flat().filter((p) => p.bonusLikes === null).length;
      const next = page + 1 < pages.length ? String(page + 1) : null;
      return new Response(JSON.stringify({ items: pages[page], total, next }));
    }
    if (url.endsWith('/score')) return score(call);
    if (url.endsWith('/disqualify')) return disqualify(call);
    return new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }), {
      status: 404,
    });
  });
  return calls;
}
/** The competition's creative direction, as its page was read (the Delete dialog depends on it). */
const DIRECTION = '<p>Dance on the chorus.</p>';
let storedDirection: string | null = DIRECTION;
afterEach(() => {
  vi.unstubAllGlobals();
  storedDirection = DIRECTION;
});
/** The server's answer to a score: the post, scored, at its next version. */
const scored = (c: Call) =>
  new Response(
    JSON.stringify({ post: post(Number(c.url.match(/p(\d)/)![1]), { bonusLikes: 0, version: 2 }) }),
  );
// jsdom does not scroll.
Element.prototype.scrollIntoView ??= () => {};

function renderGrid(role: 'staff' | 'organizer' = 'staff') {
  const queryClient = signedInQueryClient(role);
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <CardGrid
          list="queue"
          competitionId="c1"
          canAct={role === 'staff'}
          emptyText="empty"
          countText={(n) => `${n} waiting`}
        />
        {/* Something else on the page with the focus (on /correct, the flagged table). */}
        <button type="button">Elsewhere</button>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
const key = (k: string, extra: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(document.documentElement, { key: k, ...extra });
const cards = () => screen.getAllByTestId('review-card');

describe('the review grid by keyboard', () => {
  it('scores the current card with L and K, turns it into Done and moves on; J and ↑ move', async () => {
    const calls = stubServer(scored);
    renderGrid();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards()[0]!.getAttribute('aria-current')).toBe('true');
    key('l');
    await waitFor(() =>
      expect(within(cards()[0]!).getByRole('button', { name: 'Done' }).hasAttribute('disabled')).toBe(true),
    );
    // On to the next card to score, which takes the focus.
    await waitFor(() => expect(cards()[1]!.getAttribute('aria-current')).toBe('true'));
    expect(document.activeElement).toBe(cards()[1]);
    key('k');
    await waitFor(() =>
      expect(within(cards()[1]!).getByRole('button', { name: 'Done' }).hasAttribute('disabled')).toBe(true),
    );
    // Nothing left to score and nothing more to load: the last card stays current.
    expect(cards()[1]!.getAttribute('aria-current')).toBe('true');
    key('ArrowUp');
    await waitFor(() => expect(cards()[0]!.getAttribute('aria-current')).toBe('true'));
    key('j');
    await waitFor(() => expect(cards()[1]!.getAttribute('aria-current')).toBe('true'));
    const scores = calls.filter((c) => c.url.endsWith('/score'));
    expect(scores.map((c) => [c.url, c.body])).toEqual([
      ['/api/posts/p1/score', { version: 1, score: 'love' }],
      ['/api/posts/p2/score', { version: 1, score: 'like' }],
    ]);
    expect(screen.getByText('0 waiting')).toBeDefined();
  });

  it('scores by the place of the key on a Cyrillic layout (L types д), once on a Latin one', async () => {
    const calls = stubServer(scored);
    renderGrid();
    await waitFor(() => expect(cards()).toHaveLength(2));
    key('д', { code: 'KeyL' });
    await waitFor(() =>
      expect(within(cards()[0]!).getByRole('button', { name: 'Done' }).hasAttribute('disabled')).toBe(true),
    );
    await waitFor(() => expect(cards()[1]!.getAttribute('aria-current')).toBe('true'));
    // A Latin layout: the typed letter and the key's place agree, and the key counts once.
    key('k', { code: 'KeyK' });
    await waitFor(() =>
      expect(within(cards()[1]!).getByRole('button', { name: 'Done' }).hasAttribute('disabled')).toBe(true),
    );
    expect(calls.filter((c) => c.url.endsWith('/score')).map((c) => [c.url, c.body])).toEqual([
      ['/api/posts/p1/score', { version: 1, score: 'love' }],
      ['/api/posts/p2/score', { version: 1, score: 'like' }],
    ]);
  });

  it('after L skips the cards already Done and, past the last loaded card, loads more', async () => {
    const calls = stubServer(scored, undefined, [
      [post(1), post(2, { bonusLikes: 0, creativityScore: 10 })],
      [post(3)],
    ]);
    renderGrid();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Load More' })).toBeDefined();
    key('l');
    await waitFor(() => expect(cards()).toHaveLength(3));
    await waitFor(() => expect(cards()[2]!.getAttribute('aria-current')).toBe('true'));
    expect(document.activeElement).toBe(cards()[2]);
    expect(calls.filter((c) => c.url.startsWith('/api/competitions/c1/review')).map((c) => c.url)).toEqual([
      '/api/competitions/c1/review?limit=10',
      '/api/competitions/c1/review?after=1&limit=10',
    ]);
  });

  it('leaves the keys alone while the focus is elsewhere on the page, ↑/↓ scrolling as usual', async () => {
    const calls = stubServer(() => new Response('{}', { status: 500 }));
    renderGrid();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    // fireEvent answers false when the event's default was prevented.
    expect(fireEvent.keyDown(elsewhere, { key: 'ArrowDown' })).toBe(true);
    expect(fireEvent.keyDown(elsewhere, { key: 'j' })).toBe(true);
    fireEvent.keyDown(elsewhere, { key: 'd' });
    fireEvent.keyDown(elsewhere, { key: 'l' });
    expect(cards()[0]!.getAttribute('aria-current')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/score'))).toBe(false);
    // From a card (or with the focus on the page itself) they are the grid's again.
    cards()[0]!.focus();
    expect(fireEvent.keyDown(cards()[0]!, { key: 'ArrowDown' })).toBe(false);
    await waitFor(() => expect(cards()[1]!.getAttribute('aria-current')).toBe('true'));
    (document.activeElement as HTMLElement).blur();
    expect(fireEvent.keyDown(document.body, { key: 'ArrowUp' })).toBe(false);
    await waitFor(() => expect(cards()[0]!.getAttribute('aria-current')).toBe('true'));
  });

  it('takes the focus back from a video the reviewer clicked, making its card current', async () => {
    stubServer(() => new Response('{}', { status: 500 }));
    renderGrid();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const frame = cards()[1]!.querySelector('iframe')!;
    frame.focus();
    expect(document.activeElement).toBe(frame);
    fireEvent.blur(window);
    await waitFor(() => expect(document.activeElement).toBe(cards()[1]));
    expect(cards()[1]!.getAttribute('aria-current')).toBe('true');
    // The '?' list says so.
    key('?', { shiftKey: true });
    const list = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(list).getByText(/Clicking a video to play it keeps the shortcuts working/)).toBeDefined();
  });

  it('ignores the shortcuts while typing in a field', async () => {
    const calls = stubServer(() => new Response('{}', { status: 500 }));
    renderGrid();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const link = within(cards()[0]!).getByRole('textbox', { name: 'Post link' });
    link.focus();
    fireEvent.keyDown(link, { key: 'l' });
    fireEvent.keyDown(link, { key: 'd' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/score'))).toBe(false);
  });

  it('shows nothing to act on to an organizer, and L does nothing', async () => {
    const calls = stubServer(() => new Response('{}', { status: 500 }));
    renderGrid('organizer');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Love' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Post link' })).toBeNull();
    key('l');
    key('d');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/score'))).toBe(false);
  });

  it('opens the conflict dialog on a stale card and reloads the stored post', async () => {
    const stored = post(1, {
      version: 3,
      bonusLikes: 0,
      creativityScore: 10,
      link: 'https://www.tiktok.com/@x/video/7300000000000000009',
    });
    stubServer(
      () =>
        new Response(
          JSON.stringify({ statusCode: 409, code: 'VERSION_CONFLICT', message: 'changed', current: stored }),
          { status: 409 },
        ),
    );
    renderGrid();
    await waitFor(() => expect(cards()).toHaveLength(2));
    key('l');
    const dialog = await screen.findByRole('dialog', { name: 'This post changed since you opened it' });
    const table = within(dialog).getByTestId('conflict-table');
    expect(within(table).getByText('Creativity score')).toBeDefined();
    expect(within(table).getByText('100')).toBeDefined();
    // Shortcuts wait while the dialog is open.
    key('j');
    expect(cards()[0]!.getAttribute('aria-current')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload theirs (drop mine)' }));
    await waitFor(() =>
      expect(within(cards()[0]!).getByRole('button', { name: 'Done' }).hasAttribute('disabled')).toBe(true),
    );
    expect((within(cards()[0]!).getByRole('textbox', { name: 'Post link' }) as HTMLInputElement).value).toBe(
      stored.link,
    );
  });

  it('deletes with the chosen email under one Idempotency-Key per submission, kept on a retry', async () => {
    let attempts = 0;
    const calls = stubServer(
      () => new Response('{}', { status: 500 }),
      () => {
        if (++attempts === 1) throw new TypeError('Failed to fetch');
        return new Response(
          JSON.stringify({
            post: post(1, {
              deleted: true,
              deletedReason: 'disqualified',
              disqualification: 'general',
            }),
          }),
        );
      },
    );
    renderGrid();
    await waitFor(() => expect(cards()).toHaveLength(2));
    key('d');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deletion' });
    expect(within(dialog).getByText('Are You Sure You Want To Do This?')).toBeDefined();
    const choices = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((text) => text !== 'Cancel' && text !== '');
    expect(choices).toEqual([
      'No Email',
      'General Disqualification',
      'Creative Direction Issue',
      'Volume Issue',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'General Disqualification' }));
    // The network failed: the dialog stays, and the same submission is sent again with the same key.
    await waitFor(() => expect(attempts).toBe(1));
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'General Disqualification' }).hasAttribute('disabled'),
      ).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'General Disqualification' }));
    await screen.findByText(
      'The post is deleted. The “General Disqualification” email to creator1@creators.test is queued.',
    );
    await waitFor(() => expect(cards()).toHaveLength(1));
    const sent = calls.filter((c) => c.url.endsWith('/disqualify'));
    expect(sent.map((c) => [c.url, c.body])).toEqual([
      ['/api/posts/p1/disqualify', { version: 1, choice: 'general' }],
      ['/api/posts/p1/disqualify', { version: 1, choice: 'general' }],
    ]);
    expect(sent[0]!.key).toBeTruthy();
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(screen.getByText('1 waiting')).toBeDefined();
  });
});

describe("a review card's views", () => {
  it('says Unknown when the platform gave none, marks an estimate, and shows a count as it is', async () => {
    stubServer(() => new Response('{}'), undefined, [
      [
        post(1, { likes: 500, views: 0, viewsKind: 'unknown' }),
        post(2, { likes: 500, views: 2000, viewsKind: 'estimated' }),
        post(3, { likes: 5, views: 1234, viewsKind: 'reported' }),
      ],
    ]);
    renderGrid();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const viewsOf = (card: HTMLElement) => within(card).getByText('Views').nextElementSibling?.textContent;
    expect(cards().map(viewsOf)).toEqual(['Unknown', '≈ 2,000 (estimate)', '1,234']);
  });

  it('says when the video was entered again and refused, and nothing when it never was', async () => {
    stubServer(() => new Response('{}'), undefined, [[post(1, { duplicateAttempts: 2 }), post(2)]]);
    renderGrid();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(cards()[0]!).getByTestId('card-duplicate-attempts').textContent).toBe(
      'Entered again 2 times, refused (see Errors)',
    );
    expect(within(cards()[1]!).queryByTestId('card-duplicate-attempts')).toBeNull();
  });
});

describe("a review card's country", () => {
  it('says the Invalid Country check could not run when neither the post nor the provider names a country', async () => {
    stubServer(() => new Response('{}'), undefined, [
      [
        post(1, { country: null, providerCountry: null }),
        post(2, { country: null, providerCountry: 'US' }),
        post(3, { country: 'FR', providerCountry: null }),
      ],
    ]);
    renderGrid();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const uncheckable = (card: HTMLElement) => within(card).queryByTestId('country-uncheckable')?.textContent;
    expect(cards().map(uncheckable)).toEqual([
      'Country unknown: the Invalid Country check could not run',
      undefined,
      undefined,
    ]);
  });
});

describe('the Delete dialog (issue 39)', () => {
  it.each([
    [null, 'no creative direction'],
    ['<p><br></p>', 'an emptied editor'],
  ])("offers no 'Creative Direction Issue' for a competition with %s (%s)", async (direction, _what) => {
    storedDirection = direction;
    const calls = stubServer(() => new Response('{}', { status: 500 }));
    renderGrid();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/competitions/c1')).toBe(true));
    key('d');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deletion' });
    const choices = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((text) => text !== 'Cancel' && text !== '');
    expect(choices).toEqual(['No Email', 'General Disqualification', 'Volume Issue']);
  });
});
