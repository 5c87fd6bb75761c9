import type { LayoutSettings } from '@preffy/api';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n/index.ts';
import { signedInQueryClient, testAccount, testSession } from '../../test/account.ts';
import { renderPage } from '../../test/render-page.tsx';
import { authKeys } from '../../lib/session.ts';
import { AppLayout } from './AppLayout.tsx';

/** The shell of a signed-in staff member whose stored layout is `layout` (defaults elsewhere). */
async function renderShell(layout: Partial<LayoutSettings> = {}) {
  vi.stubGlobal('fetch', async () =>
    Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 }),
  );
  const queryClient = signedInQueryClient();
  queryClient.setQueryData(authKeys.me, {
    ...testSession(),
    account: { ...testAccount, layout: { ...testAccount.layout, ...layout } },
  });
  renderPage('/preffy/view', AppLayout, { queryClient });
  return screen.findByTestId('sidebar');
}

/** The sidebar's width on a desktop screen, as the shell sets it (rem at 16 px). */
const navbarWidth = () => {
  const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
  return Number(/--app-shell-navbar-width:calc\(([\d.]+)rem/.exec(css)?.[1]) * 16;
};
const allCompetitions = (sidebar: HTMLElement) => within(sidebar).getByTestId('nav-/preffy/view');

describe('the layout', () => {
  afterEach(() => {
    Reflect.deleteProperty(document.documentElement, 'requestFullscreen');
    Reflect.deleteProperty(document, 'exitFullscreen');
    Reflect.deleteProperty(document, 'fullscreenElement');
  });

  it('the top bar toggles full screen: Full screen enters it, Exit full screen leaves it', async () => {
    const enter = vi.fn(async () => {
      Object.defineProperty(document, 'fullscreenElement', {
        value: document.documentElement,
        configurable: true,
      });
      document.documentElement.dispatchEvent(new Event('fullscreenchange'));
    });
    const exit = vi.fn(async () => {
      Object.defineProperty(document, 'fullscreenElement', { value: null, configurable: true });
      document.documentElement.dispatchEvent(new Event('fullscreenchange'));
    });
    Object.defineProperty(document.documentElement, 'requestFullscreen', {
      value: enter,
      configurable: true,
    });
    Object.defineProperty(document, 'exitFullscreen', { value: exit, configurable: true });
    await renderShell();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Full screen' })));
    expect(enter).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Exit full screen' })));
    expect(exit).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Full screen' })).toBeTruthy();
  });

  it.each([
    ['default', 240, true, null],
    ['compact', 180, true, 'var(--mantine-font-size-xs)'],
    ['icon', 68, false, null],
    ['condensed', 68, false, null],
  ] as const)('sidebar type %s: %i px wide, names shown: %s', async (sidebar, width, named, fontSize) => {
    const nav = await renderShell({ sidebar });
    expect(navbarWidth()).toBe(width);
    const link = allCompetitions(nav);
    // Collapsed, a link is its icon, named for screen readers (and in a tooltip).
    expect(link.textContent).toBe(named ? 'All Competitions' : '');
    expect(link.getAttribute('aria-label')).toBe(named ? null : 'All Competitions');
    expect(link.style.fontSize || null).toBe(fontSize);
    // The top bar's toggle says whether the sidebar is open.
    expect(screen.getByTestId('toggle-sidebar').getAttribute('aria-expanded')).toBe(String(named));
  });

  it('boxed width keeps the icon sidebar and boxes the page', async () => {
    const nav = await renderShell({ width: 'boxed', sidebar: 'default' });
    expect(navbarWidth()).toBe(68);
    expect(allCompetitions(nav).getAttribute('aria-label')).toBe('All Competitions');
    expect(document.querySelector('#main > .mantine-Container-root')).not.toBeNull();
    expect(nav.style.position).toBe('');
  });

  it('scrollable width keeps the chosen sidebar and lets it scroll away with the page', async () => {
    const nav = await renderShell({ width: 'scrollable', sidebar: 'default' });
    expect(navbarWidth()).toBe(240);
    expect(nav.style.position).toBe('absolute');
    expect(document.querySelector('#main > .mantine-Container-root')).toBeNull();
  });

  it('fluid width: the chosen sidebar, fixed, and the page full width', async () => {
    const nav = await renderShell({ width: 'fluid', sidebar: 'compact' });
    expect(navbarWidth()).toBe(180);
    expect(nav.style.position).toBe('');
    expect(document.querySelector('#main > .mantine-Container-root')).toBeNull();
  });
});
