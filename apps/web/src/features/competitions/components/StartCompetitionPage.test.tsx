import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n/index.ts';
import '../../../lib/i18n/index.ts';
import { authKeys } from '../../../lib/session.ts';
import { testSession } from '../../../test/account.ts';
import { accessibleDescription } from '../../../test/accessible-description.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { competitionDefaultsKey } from '../api/competitions.ts';
import { StartCompetitionPage } from './StartCompetitionPage.tsx';
import { testCompetition } from '../../../test/competition.ts';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2030, 0, 1, 15);

function renderStartPage({
  role = 'staff',
  invoiceAmount = 1000,
}: { role?: 'staff' | 'organizer'; invoiceAmount?: number } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(authKeys.me, testSession(role));
  client.setQueryData(competitionDefaultsKey, {
    timeZone: 'UTC',
    startDate: START,
    endDate: START + 7 * DAY,
    invoiceAmount,
    prizes: [],
    email: 'u@x.test',
  });
  renderPage('/preffy/add', StartCompetitionPage, { queryClient: client });
}

// A day picker shows its day as text and opens a month of day buttons named "5 January 2030";
// picking one closes the month.
const picker = (label: RegExp) => screen.getByLabelText(label);
const dayButton = (day: string) => screen.queryByLabelText(day, { selector: 'button' });
async function pick(label: RegExp, day: string) {
  fireEvent.click(picker(label));
  fireEvent.click(await screen.findByLabelText(day, { selector: 'button' }));
  await waitFor(() => expect(dayButton(day)).toBeNull());
}

describe('Start A Competition dates', () => {
  it('moves the end date with the start until the user picks an end date', async () => {
    renderStartPage();
    await screen.findByLabelText(/Start Date/);
    expect(picker(/Start Date/).textContent).toBe('2030-01-01');
    expect(picker(/End Date/).textContent).toBe('2030-01-08');

    await pick(/Start Date/, '5 January 2030');
    expect(picker(/Start Date/).textContent).toBe('2030-01-05');
    expect(picker(/End Date/).textContent).toBe('2030-01-12');

    await pick(/End Date/, '20 January 2030');
    await pick(/Start Date/, '3 January 2030');
    expect(picker(/Start Date/).textContent).toBe('2030-01-03');
    expect(picker(/End Date/).textContent).toBe('2030-01-20');
  });

  it('shows the budget by the pool rule of Start: under 1500, the invoice minus 500', async () => {
    renderStartPage();
    expect((await screen.findByTestId('prize-budget')).textContent).toBe('Budget from the invoice: $500');
  });

  it('says under the song link that it wants a public SoundCloud or audio-file link', async () => {
    renderStartPage();
    expect(accessibleDescription(await screen.findByLabelText(/Link To Song/))).toBe(
      'A public SoundCloud link or a link to an audio file',
    );
  });
});

describe('Start A Competition from a hold', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the hold waiting for the artist and starts the competition from it, not beside it', async () => {
    const hold = {
      id: 'h1',
      version: 3,
      name: '',
      organizer: 'Luna Vega',
      email: 'luna@label.test',
      startDate: START + 2 * DAY,
      endDate: START + 9 * DAY,
      invoiceAmount: 2500,
      isConfirmed: true,
    };
    const posts: { path: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
      const url = new URL(path, 'http://app.test');
      if (url.pathname === '/api/auth/csrf') return Response.json({ token: 'csrf' });
      if (url.pathname === '/api/competitions/holds')
        return Response.json({ items: url.searchParams.get('organizer') === 'Luna Vega' ? [hold] : [] });
      posts.push({ path: url.pathname, body: JSON.parse(String(init?.body)) });
      return Response.json({ competition: { id: 'h1', startDate: hold.startDate } });
    });
    renderStartPage();
    fireEvent.change(await screen.findByLabelText(/Artist Name/), { target: { value: 'Luna Vega' } });
    const offer = await screen.findByTestId('waiting-holds', {}, { timeout: 3000 });
    expect(offer.textContent).toContain('“—” by Luna Vega, 2030-01-03 – 2030-01-10');
    fireEvent.click(within(offer).getByRole('button', { name: 'Start from this hold' }));
    expect((await screen.findByTestId('start-from-hold')).textContent).toContain(
      'The hold of Luna Vega (2030-01-03 – 2030-01-10) becomes this competition',
    );
    expect(picker(/Start Date/).textContent).toBe('2030-01-03');

    fireEvent.change(screen.getByLabelText(/Song Title/), { target: { value: 'Night Swim' } });
    fireEvent.change(screen.getByLabelText(/Link To Song/), {
      target: { value: 'https://soundcloud.com/luna/night' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByTestId('start-success');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe('/api/competitions/h1/start');
    expect(posts[0]!.body).toMatchObject({
      version: 3,
      organizer: 'Luna Vega',
      email: 'luna@label.test',
      invoiceAmount: 2500,
      name: 'Night Swim',
    });
  });
});

describe('Start A Competition: the invoice', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('shows organizers the invoice read-only, an unset one said in words, and no budget they cannot fix', async () => {
    renderStartPage({ role: 'organizer', invoiceAmount: 0 });
    const invoice = (await screen.findByTestId('invoice-read-only')) as HTMLInputElement;
    expect([invoice.value, invoice.readOnly]).toEqual(['Not set yet', true]);
    expect(accessibleDescription(invoice)).toBe('Set by staff');
    expect(screen.queryByTestId('prize-budget')).toBeNull();
  });

  it("writes money in the user's language: '2 500 $' in Russian, not '$2,500'", async () => {
    await setLanguage('ru');
    renderStartPage({ role: 'organizer', invoiceAmount: 2500 });
    const shown = (await screen.findByTestId('invoice-read-only')) as HTMLInputElement;
    expect(shown.value.replace(/\s/g, ' ')).toBe('2 500 $');
  });

  it("gives staff an invoice input in the user's format", async () => {
    await setLanguage('ru');
    renderStartPage({ invoiceAmount: 2500 });
    await screen.findByTestId('prize-budget');
    const input = screen.getByLabelText(/Сумма счёта/);
    expect((input as HTMLInputElement).value.replace(/\s/g, ' ')).toBe('2 500 $');
  });
});

/** Fills the Start form's required fields, once it is on screen. */
async function fillRequired() {
  await screen.findByRole('textbox', { name: /^Link To Song/ });
  fill('Link To Song', 'https://soundcloud.com/luna/song');
  fill('Song Title', 'Summer Song');
  fill('Artist Name', 'Luna Vega');
}
const fill = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${name}`) }), { target: { value } });

describe('Start A Competition, by keyboard', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('moves the focus to the result once started, not to the page', async () => {
    vi.stubGlobal('fetch', async (path: string) => {
      if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
      if (path === '/api/competitions')
        return Response.json({ competition: testCompetition }, { status: 201 });
      return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
    });
    renderStartPage();
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Add a prize' }));
    fill('Prize 1', '1st Place: $200');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const result = await screen.findByTestId('start-success');
    await waitFor(() => expect(document.activeElement).toBe(result));
  });

  it('says a hold takes no entries yet, and staff confirm it on the spot: then the public page is linked', async () => {
    const confirms: string[] = [];
    vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
      if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
      if (path === '/api/competitions')
        return Response.json({ competition: testCompetition }, { status: 201 });
      if (path === `/api/competitions/${testCompetition.id}/confirm`) {
        confirms.push(String(init?.body));
        return Response.json({ competition: { ...testCompetition, isConfirmed: true, version: 2 } });
      }
      return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
    });
    renderStartPage();
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const state = await screen.findByTestId('public-page-state');
    expect(state.textContent).toContain(
      'It is not confirmed yet: its public page and entries open once it is confirmed.',
    );
    fireEvent.click(within(state).getByRole('button', { name: 'Confirm it now' }));
    await waitFor(() =>
      expect(screen.getByTestId('public-page-state').textContent).toContain('Creators can enter now'),
    );
    expect(JSON.parse(confirms[0]!)).toEqual({ version: testCompetition.version });
    expect(
      within(screen.getByTestId('public-page-state'))
        .getByRole('link', { name: 'open the public page' })
        .getAttribute('href'),
    ).toBe(`/c/${testCompetition.id}`);
  });
});
