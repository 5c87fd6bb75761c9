import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { type AdminPost, MAX_POST_COUNT } from '@preffy/api';
import { FORM_MESSAGES } from '@preffy/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { EditPostModal, changedFields, editValuesOf } from './EditPostModal.tsx';

const post: AdminPost = {
  id: 'p1',
  version: 3,
  createdAt: 0,
  link: 'https://www.tiktok.com/@luna/video/7301234567890123456',
  email: 'luna@creators.test',
  creator: 'luna',
  platform: 'tiktok',
  postId: '7301234567890123456',
  likes: 120,
  views: 1000,
  viewsKind: 'reported',
  comments: 4,
  shares: 0,
  bonusLikes: null,
  creativityScore: 0,
  source: 'form',
  country: null,
  author: null,
  postedDate: null,
  statsCheckedAt: null,
  statsProvider: null,
  statsError: null,
  statsFailure: null,
  competitionId: 'c1',
  competitionName: 'Song',
  deleted: false,
  referralCount: 0,
  duplicateAttempts: 0,
  flags: [],
  risk: { score: 0, parts: [] },
  flagsCleared: false,
  providerCountry: null,
  deletedReason: null,
  disqualification: null,
  profileUrl: null,
};

type Sent = { method: string; url: string; body: Record<string, unknown> };
/** The PATCHes the modal sends; each answers with `reply(n)` (n counts from 1). */
function stubServer(reply: (n: number, body: Record<string, unknown>) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === '/api/auth/csrf') return new Response(JSON.stringify({ token: 'csrf' }));
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push({ method: String(init.method), url, body });
    return reply(sent.length, body);
  });
  return sent;
}
afterEach(() => vi.unstubAllGlobals());

function renderModal(onClose = vi.fn()) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ModalsProvider>
          <EditPostModal post={post} onClose={onClose} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
  const fill = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return { fill, save, onClose };
}

describe('the posts admin Edit modal', () => {
  it("shows each field's own message and sends nothing while one is wrong", async () => {
    const sent = stubServer(() => new Response('{}'));
    const { fill, save } = renderModal();
    for (const name of ['Email', 'Creator', 'Likes', 'Link']) fill(name, '');
    save();
    for (const message of [
      FORM_MESSAGES.creatorEmailRequired,
      FORM_MESSAGES.creatorRequired,
      FORM_MESSAGES.likesRequired,
      FORM_MESSAGES.postLinkRequired,
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    // An empty field says only that it is required, never also that its pattern fails.
    expect(screen.queryByText(FORM_MESSAGES.emailInvalid)).toBeNull();
    expect(screen.queryByText(FORM_MESSAGES.linkInvalid)).toBeNull();

    fill('Email', 'not-an-email');
    fill('Link', 'www.tiktok.com/@luna/video/1');
    save();
    expect(await screen.findByText(FORM_MESSAGES.emailInvalid)).toBeTruthy();
    expect(await screen.findByText(FORM_MESSAGES.linkInvalid)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends only the changed fields with the version it read, then closes', async () => {
    const sent = stubServer(() => new Response(JSON.stringify({ post: { ...post, version: 4, likes: 90 } })));
    const { fill, save, onClose } = renderModal();
    fill('Likes', '90');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Is Deleted' }));
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      { method: 'PATCH', url: '/api/posts/p1', body: { likes: 90, isDeleted: true, version: 3 } },
    ]);
  });

  it('keeps the likes within what the server takes: at most 1,000,000,000,000', async () => {
    const sent = stubServer(
      () => new Response(JSON.stringify({ post: { ...post, version: 4, likes: MAX_POST_COUNT } })),
    );
    const { fill, save, onClose } = renderModal();
    fill('Likes', '5000000000000');
    const likes = screen.getByRole('textbox', { name: /^Likes/ }) as HTMLInputElement;
    fireEvent.blur(likes);
    await waitFor(() => expect(likes.value).toBe('1,000,000,000,000'));
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.map((s) => s.body)).toEqual([{ likes: MAX_POST_COUNT, version: 3 }]);
  });

  it('opens the conflict dialog on a 409 and saves mine over theirs with their version', async () => {
    const theirs = { ...post, version: 5, creator: 'luna.official' };
    const sent = stubServer((n) =>
      n === 1
        ? new Response(
            JSON.stringify({
              statusCode: 409,
              code: 'VERSION_CONFLICT',
              message: 'This record was changed by someone else',
              current: theirs,
            }),
            { status: 409 },
          )
        : new Response(JSON.stringify({ post: { ...theirs, version: 6 } })),
    );
    const { fill, save, onClose } = renderModal();
    fill('Email', 'luna@new.test');
    save();
    const table = await screen.findByTestId('conflict-table');
    expect(table.textContent).toContain('luna.official');
    expect(table.textContent).toContain('luna@new.test');
    fireEvent.click(screen.getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[1]!.body).toEqual({ email: 'luna@new.test', version: 5 });
  });

  it('asks before closing with unsaved changes, and closes at once without any', async () => {
    stubServer(() => new Response('{}'));
    const { fill, onClose } = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    fill('Creator', 'someone-else');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Discard your changes?')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(await screen.findByTestId('confirm-discard'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it('asks once when closing is asked twice (a double click, or Escape beside a click), and Cancel keeps the form', async () => {
    stubServer(() => new Response('{}'));
    const { fill, onClose } = renderModal();
    fill('Creator', 'someone-else');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    fireEvent.click(cancel);
    fireEvent.click(cancel);
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: /Creator/ }) as HTMLInputElement).value).toBe('someone-else');
  });
});

describe('changedFields', () => {
  it('leaves out what did not change and trims text', () => {
    const base = editValuesOf(post);
    expect(changedFields({ ...base, creator: '  luna  ' }, base)).toEqual({});
    expect(changedFields({ ...base, link: ' https://youtu.be/abcdefghijk ', likes: '' }, base)).toEqual({
      link: 'https://youtu.be/abcdefghijk',
    });
  });
});
