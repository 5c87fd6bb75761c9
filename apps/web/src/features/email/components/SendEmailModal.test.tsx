import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { SendEmailModal } from './SendEmailModal.tsx';

type Asked = { method: string; url: URL; body: unknown; key: string | undefined };
const rendered = {
  subject: 'New competition: Midnight Drive by Luna Vega',
  html: '<p>A new Preffy competition</p>',
  text: 'A new Preffy competition has started',
  marketing: true,
};
const refusal = {
  statusCode: 400,
  code: 'NOT_CONFIRMED',
  message: 'This competition is on hold: confirm it before announcing it to subscribers',
  fieldErrors: {
    competitionId: ['This competition is on hold: confirm it before announcing it to subscribers'],
  },
};

/** bulk: how the server answers each send, in turn (the default: queued). */
function stubServer(bulk: (() => Response)[] = []) {
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
    if (url.pathname === '/api/email/competitions')
      return Response.json({
        items: [{ id: 'c1', name: 'Midnight Drive', organizer: 'Luna Vega', isConfirmed: true }],
      });
    if (url.pathname === '/api/email/bulk/preview') return Response.json(rendered);
    if (url.pathname === '/api/email/bulk')
      return bulk.shift()?.() ?? Response.json({ messageId: 'm1', queued: 40, skipped: 2 }, { status: 202 });
    if (url.pathname === '/api/outbox/m1')
      return Response.json({
        id: 'm1',
        counts: { queued: 0, sending: 0, sent: 40, rejected: 0, failed: 0, skipped: 2 },
        recipients: 42,
      });
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
  });
  return asked;
}
afterEach(() => vi.unstubAllGlobals());

const sends = (asked: Asked[]) =>
  asked.filter((a) => a.method === 'POST' && a.url.pathname === '/api/email/bulk');

function openAnnouncement() {
  const onSent = vi.fn();
  renderPage('/email', () => (
    <SendEmailModal
      selection={{ all: true }}
      count={42}
      initial={{ type: 'new-competition', competitionId: 'c1' }}
      onClose={() => {}}
      onSent={onSent}
    />
  ));
  return onSent;
}

describe('announcing a new competition', () => {
  it('shows the preview, asks to confirm, then sends once with an Idempotency-Key', async () => {
    const asked = stubServer();
    const onSent = openAnnouncement();
    const dialog = await screen.findByRole('dialog', { name: 'Send An Email To 42 Users' });
    // Opened from the row menu: the preview of this competition's announcement is already there.
    expect((await within(dialog).findByTestId('preview-subject')).textContent).toBe(rendered.subject);
    const preview = asked.find((a) => a.url.pathname === '/api/email/bulk/preview')!;
    expect(Object.fromEntries(preview.url.searchParams)).toMatchObject({
      type: 'new-competition',
      competitionId: 'c1',
    });

    fireEvent.click(within(dialog).getByTestId('send-email'));
    expect((await within(dialog).findByTestId('send-confirmation')).textContent).toContain(
      'This announces the competition to 42 subscribers',
    );
    expect(sends(asked)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm: send to 42 subscribers' }));
    expect(
      await within(dialog).findByText('40 emails queued, 2 skipped (unsubscribed or banned).'),
    ).toBeTruthy();
    expect(sends(asked)).toHaveLength(1);
    expect(sends(asked)[0]).toMatchObject({
      body: { type: 'new-competition', competitionId: 'c1', selection: { all: true } },
      key: expect.any(String),
    });
    expect(onSent).toHaveBeenCalledOnce();
  });

  it('asks again after the type changes, and shows a refusal on the competition', async () => {
    const asked = stubServer([() => Response.json(refusal, { status: 400 })]);
    openAnnouncement();
    const dialog = await screen.findByRole('dialog', { name: 'Send An Email To 42 Users' });
    fireEvent.click(within(dialog).getByTestId('send-email'));
    await within(dialog).findByTestId('send-confirmation');
    fireEvent.click(within(dialog).getByText('Basic'));
    expect(within(dialog).queryByTestId('send-confirmation')).toBeNull();
    fireEvent.click(within(dialog).getByText('New competition'));

    fireEvent.click(within(dialog).getByTestId('send-email'));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirm: send to 42 subscribers' }));
    expect(await within(dialog).findByText(refusal.message)).toBeTruthy();
    await waitFor(() => expect(sends(asked)).toHaveLength(1));
  });
});

describe('any bulk email (issue 39)', () => {
  it('warns before sending, naming how many people it goes to', async () => {
    const asked = stubServer();
    renderPage('/email', () => (
      <SendEmailModal
        selection={{ emails: ['a@x.test'] }}
        count={1}
        initial={{ type: 'basic', competitionId: 'c1' }}
        onClose={() => {}}
        onSent={() => {}}
      />
    ));
    const dialog = await screen.findByRole('dialog', { name: 'Send An Email To 1 User' });
    fireEvent.click(within(dialog).getByTestId('send-email'));
    expect((await within(dialog).findByTestId('send-confirmation')).textContent).toBe(
      'This sends the email to 1 subscriber. Read the preview above; unsubscribed and banned addresses are skipped.',
    );
    expect(sends(asked)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm: send to 1 subscriber' }));
    await waitFor(() => expect(sends(asked)).toHaveLength(1));
    expect(sends(asked)[0]!.body).toMatchObject({ type: 'basic', competitionId: 'c1' });
  });
});
