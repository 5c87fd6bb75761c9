import type { Competition } from '@preffy/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { signedInQueryClient } from '../../../test/account.ts';
import { testCompetition } from '../../../test/competition.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { EditCompetitionPage } from './EditCompetitionPage.tsx';

// jsdom has no document.fonts; the form's autosized text areas listen to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const OLD_IMAGE = '/images/old-cover.webp';
const NEW_IMAGE = '/images/new-cover.webp';
const stored: Competition = { ...testCompetition, image: OLD_IMAGE };

type Sent = { method: string; path: string; body: unknown };
function stubServer() {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    const method = init.method ?? 'GET';
    const body = init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : null;
    sent.push({ method, path, body });
    if (path === '/api/images' && method === 'POST')
      return Response.json({ url: NEW_IMAGE }, { status: 201 });
    if (path === '/api/competitions/c1' && method === 'PUT')
      return Response.json({ competition: { ...stored, ...(body as object), version: 2 } });
    if (path === '/api/competitions/c1') return Response.json({ competition: stored });
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
  });
  return sent;
}

function renderEdit(role: 'staff' | 'organizer' = 'staff', competition: Competition = stored) {
  const queryClient = signedInQueryClient(role);
  queryClient.setQueryData(['competition', 'c1'], { competition });
  renderPage('/edit', () => <EditCompetitionPage id="c1" />, { queryClient });
}

describe('Update A Competition', () => {
  it('offers TikTok, Instagram Reel, YouTube Short, their combinations and CapCut as platforms', async () => {
    stubServer();
    renderEdit();
    fireEvent.click(await screen.findByRole('combobox', { name: 'Platforms' }));
    const list = await screen.findByRole('listbox', { name: 'Platforms', hidden: true });
    const options = within(list).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual([
      'TikTok',
      'Instagram Reel',
      'YouTube Short',
      'TikTok + Instagram Reel',
      'TikTok + YouTube Short',
      'Instagram Reel + YouTube Short',
      'TikTok + Instagram Reel + YouTube Short',
      'CapCut',
    ]);
  });

  it('uploads a new album image at once, shows it, and saves the competition with it', async () => {
    const sent = stubServer();
    renderEdit();
    const shown = () => screen.getByRole('img', { name: 'Album Image' }).getAttribute('src');
    await waitFor(() => expect(shown()).toBe(OLD_IMAGE));
    const file = new File([new Uint8Array([1, 2, 3])], 'cover.png', { type: 'image/png' });
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(picker.accept).toBe('image/jpeg,image/png,image/webp');
    fireEvent.change(picker, { target: { files: [file] } });
    await waitFor(() => expect(shown()).toBe(NEW_IMAGE));
    const uploaded = sent.find((s) => s.path === '/api/images')!;
    expect((uploaded.body as FormData).get('file')).toBe(file);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    const saved = sent.find((s) => s.method === 'PUT')!;
    expect(saved.path).toBe('/api/competitions/c1');
    expect(saved.body).toMatchObject({ image: NEW_IMAGE, version: 1 });
  });

  it('shows a completed competition with its banner; to an organizer read-only, without Save', async () => {
    stubServer();
    const completed: Competition = { ...stored, state: 'completed', hasEnded: true, isActive: false };
    renderEdit('organizer', completed);
    const banner = await screen.findByTestId('completed-banner');
    expect(within(banner).getByText('This competition is completed')).toBeTruthy();
    expect(within(banner).getByText('Only staff can change it now.')).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Open its report' }).getAttribute('href')).toBe(
      '/reports?id=c1',
    );
    // Disabled by its fieldset, as the browser sees it.
    expect(screen.getByRole('textbox', { name: 'Song Title' }).matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('lets staff change a completed competition, under its banner', async () => {
    stubServer();
    renderEdit('staff', { ...stored, state: 'completed', hasEnded: true, isActive: false });
    expect(await screen.findByText('Changes made here show in its report.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Song Title' }).matches(':disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('shows no banner while the competition is not completed', async () => {
    stubServer();
    renderEdit('organizer');
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByTestId('completed-banner')).toBeNull();
  });

  it('moves the focus to the new prize line on Add a prize, and to the line before on Remove', async () => {
    stubServer();
    renderEdit();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a prize' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Prize 2' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove prize 2' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Prize 1' })),
    );
  });

  it('keeps the focus on Save once saved, not on the page', async () => {
    const sent = stubServer();
    renderEdit();
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' })));
  });
});
