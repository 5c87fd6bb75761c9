import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../lib/session.ts';
import { StartCompetitionPage } from '../features/competitions/components/StartCompetitionPage.tsx';
import type { CompetitionDefaults } from '@preffy/api';
import { SendEmailModal } from '../features/email/components/SendEmailModal.tsx';
import { emailKeys } from '../features/email/api/email.ts';
import '../lib/i18n/index.ts';
import { testAccount } from '../test/account.ts';

// The success message links to the edit page; these tests render no router.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/edit">{children}</a>,
  // The unsaved-changes guard: nothing to leave to outside a router.
  useBlocker: () => ({ status: 'idle' }),
}));

/**
 * Answers the form's POST to `url` and records its Idempotency-Key, in order; the first
 * `failures` fail as a dropped network would, so the form retries the same values.
 */
function stubServer(url: string, answer: object, failures: number) {
  const keys: string[] = [];
  vi.stubGlobal('fetch', async (requested: string, init: RequestInit) => {
    if (requested === '/api/auth/csrf') return new Response(JSON.stringify({ token: 'csrf' }));
    if (requested !== url || init.method !== 'POST') throw new Error(`unexpected request ${requested}`);
    keys.push(new Headers(init.headers).get('idempotency-key') ?? '');
    if (keys.length <= failures) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer), { status: url === '/api/email/bulk' ? 202 : 201 });
  });
  return keys;
}
afterEach(() => vi.unstubAllGlobals());

function renderWith(client: QueryClient, ui: ReactNode) {
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}
const cachedClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

describe('Start A Competition sends one Idempotency-Key per submission', () => {
  it('keeps the key when the same values are retried and makes a new one for the next competition', async () => {
    const keys = stubServer('/api/competitions', { competition: { id: 'c1' } }, 1);
    const client = cachedClient();
    client.setQueryData(['me'], {
      user: { id: 'u1', email: 'staff@preffy.test', role: 'staff' } as User,
      businessTimeZone: 'UTC',
      account: testAccount,
    });
    const start = Date.now() + 60 * 60 * 1000;
    const defaults: CompetitionDefaults = {
      timeZone: 'UTC',
      startDate: start,
      endDate: start + 8 * 24 * 60 * 60 * 1000,
      invoiceAmount: 3000,
      prizes: ['1st Place: $200'],
      email: 'artist@label.test',
    };
    client.setQueryData(['competition-defaults'], defaults);
    renderWith(client, <StartCompetitionPage />);
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    fill(/Song Title/, 'Midnight Drive');
    fill(/Artist Name/, 'Luna Vega');
    fill(/Link To Song/, 'https://open.spotify.com/track/1');
    submit();
    await waitFor(() => expect(keys).toHaveLength(1));
    submit();
    await screen.findByTestId('start-success');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // The same values again, as a new competition: a new submission with a new key.
    fireEvent.click(screen.getByRole('button', { name: 'Start another' }));
    fill(/Song Title/, 'Midnight Drive');
    fill(/Artist Name/, 'Luna Vega');
    fill(/Link To Song/, 'https://open.spotify.com/track/1');
    submit();
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys.every((k) => k.length > 0)).toBe(true);
  });
});

describe('Send An Email sends one Idempotency-Key per submission', () => {
  it('keeps the key when the same send is retried', async () => {
    const keys = stubServer('/api/email/bulk', { messageId: 'm1', queued: 2, skipped: 0 }, 1);
    const client = cachedClient();
    client.setQueryData(emailKeys.competitions('', null), {
      items: [{ id: 'c1', name: 'Midnight Drive', organizer: 'Luna Vega' }],
    });
    client.setQueryData(['outbox', 'm1'], {
      recipients: 2,
      counts: { queued: 0, sending: 0, sent: 2, rejected: 0, failed: 0, skipped: 0 },
    });
    const onSent = vi.fn();
    renderWith(
      client,
      <SendEmailModal
        selection={{ emails: ['a@fans.test', 'b@fans.test'] }}
        count={2}
        onClose={() => {}}
        onSent={onSent}
      />,
    );
    fireEvent.click(screen.getByPlaceholderText('Search competitions'));
    fireEvent.click(await screen.findByRole('option', { name: 'Midnight Drive — Luna Vega' }));
    const send = () => fireEvent.click(screen.getByTestId('send-email'));
    // The first click asks to confirm the number of people; the sends follow.
    send();
    await screen.findByTestId('send-confirmation');

    send();
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('send-email').hasAttribute('data-loading')).toBe(false));
    send();
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]!.length).toBeGreaterThan(0);
  });
});
