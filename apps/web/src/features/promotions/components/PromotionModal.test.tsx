import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { CompetitionSelect } from './CompetitionSelect.tsx';
import { PromotionModal } from './PromotionModal.tsx';
import { testAccount } from '../../../test/account.ts';

function stubServer() {
  vi.stubGlobal('fetch', async (path: string) => {
    const url = new URL(path, 'http://app.test');
    if (url.pathname === '/api/auth/me')
      return Response.json({
        user: { role: 'staff', name: 'S', email: 's@x.test' },
        businessTimeZone: 'UTC',
        account: testAccount,
      });
    if (url.pathname === '/api/competitions') return Response.json({ items: [], total: 0 });
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
  });
}
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
});

// jsdom has no document.fonts; the creator emails Textarea (autosize) listens to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

describe('the promotion form', () => {
  it('asks before the page is left with unsaved changes', async () => {
    stubServer();
    const router = renderPage('/promotions', () => <PromotionModal onClose={() => {}} />, {
      links: ['/dashboard'],
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Summer giveaway' } });
    act(() => void router.navigate({ to: '/dashboard' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(ask.isConnected).toBe(false));
    expect(router.state.location.pathname).toBe('/promotions');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Summer giveaway');

    act(() => void router.navigate({ to: '/dashboard' }));
    await screen.findByRole('dialog', { name: 'Discard your changes?' });
    fireEvent.click(screen.getByTestId('confirm-leave-promotion'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('lets the page go when the form has no changes', async () => {
    stubServer();
    const router = renderPage('/promotions', () => <PromotionModal onClose={() => {}} />, {
      links: ['/dashboard'],
    });
    await screen.findByRole('textbox', { name: 'Name' });
    await act(() => router.navigate({ to: '/dashboard' }));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
  });

  it("writes the creator limit in the user's language", async () => {
    stubServer();
    await setLanguage('de');
    renderPage('/promotions', () => <PromotionModal onClose={() => {}} />);
    expect(await screen.findByText(/höchstens 5\.000;/)).toBeTruthy();
  });

  it("shows the competition of the form's value after it changes (taking someone else's version)", async () => {
    stubServer();
    function Page() {
      const [chosen, setChosen] = useState({ id: 'c1', name: 'Midnight Drive' });
      return (
        <>
          <CompetitionSelect value={chosen.id} onChange={() => {}} chosen={chosen} />
          <button type="button" onClick={() => setChosen({ id: 'c2', name: 'Dawn Chorus' })}>
            theirs
          </button>
        </>
      );
    }
    renderPage('/promotions', Page);
    const input = (await screen.findByRole('combobox', { name: 'Competition' })) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('Midnight Drive'));
    fireEvent.click(screen.getByRole('button', { name: 'theirs' }));
    await waitFor(() => expect(input.value).toBe('Dawn Chorus'));
  });

  it('shows only the competitions that match the typed text while its search is on its way', async () => {
    const item = (id: string, name: string) => ({ id, name, organizer: 'Label' });
    let answerSearch: (() => void) | undefined;
    vi.stubGlobal('fetch', async (path: string) => {
      const url = new URL(path, 'http://app.test');
      if (url.pathname !== '/api/competitions') return Response.json({}, { status: 404 });
      const search = url.searchParams.get('search');
      if (!search)
        return Response.json({ items: [item('c1', 'Old Song'), item('c2', 'Promo Song')], total: 2 });
      // The search's answer waits until the test lets it go.
      await new Promise<void>((resolve) => (answerSearch = resolve));
      return Response.json({ items: [item('c2', 'Promo Song')], total: 1 });
    });
    // The dropdown's transition never ends in jsdom: its options count as hidden.
    const shown = () => screen.queryAllByRole('option', { hidden: true }).map((o) => o.textContent);
    renderPage('/promotions', () => <CompetitionSelect value={null} onChange={() => {}} />);
    const input = await screen.findByRole('combobox', { name: 'Competition' });
    // Mantine takes a change to an input without focus for autofill, not typing.
    input.focus();
    fireEvent.click(input);
    await waitFor(() => expect(shown()).toEqual(['Old Song — Label', 'Promo Song — Label']));

    fireEvent.change(input, { target: { value: 'promo' } });
    // Typing has not paused, then the search's answer is pending: the first answer is narrowed.
    expect(shown()).toEqual(['Promo Song — Label']);
    await waitFor(() => expect(answerSearch).toBeDefined());
    expect(shown()).toEqual(['Promo Song — Label']);
    act(() => answerSearch!());
    await waitFor(() => expect(screen.queryByText('Searching…')).toBeNull());
    expect(shown()).toEqual(['Promo Song — Label']);
  });
});
