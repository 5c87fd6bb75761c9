import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { OutreachModal } from './OutreachModal.tsx';

type Asked = { method: string; path: string; body: unknown; key: string | undefined };

function stubServer() {
  const asked: Asked[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    const headers = (init.headers ?? {}) as Record<string, string>;
    asked.push({
      method: init.method ?? 'GET',
      path,
      body: init.body ? JSON.parse(String(init.body)) : null,
      key: headers['idempotency-key'],
    });
    return Response.json({ messageId: 'm1', queued: 2, skipped: 1 }, { status: 202 });
  });
  return asked;
}
afterEach(() => vi.unstubAllGlobals());

function open() {
  const onSent = vi.fn();
  renderPage('/email', () => (
    <OutreachModal
      selection={{ emails: ['a@creators.test', 'b@creators.test', 'c@creators.test'] }}
      count={3}
      onClose={() => {}}
      onSent={onSent}
    />
  ));
  return onSent;
}

describe('the plain-text outreach', () => {
  it('asks for a subject and a message before anything is sent', async () => {
    const asked = stubServer();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Send A Plain-Text Email To 3 Users' });
    fireEvent.click(within(dialog).getByTestId('send-outreach'));
    expect(await within(dialog).findByText('Please enter a subject')).toBeTruthy();
    expect(within(dialog).getByText('Please enter the message')).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('sends the subject and text to the selection once, with an Idempotency-Key, and says what was queued', async () => {
    const asked = stubServer();
    const onSent = open();
    const dialog = await screen.findByRole('dialog', { name: 'Send A Plain-Text Email To 3 Users' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), {
      target: { value: 'A song for you' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Hi,\n\nWe think it suits your videos.' },
    });
    fireEvent.click(within(dialog).getByTestId('send-outreach'));
    expect(
      await within(dialog).findByText('2 emails queued, 1 skipped (unsubscribed or banned).'),
    ).toBeTruthy();
    expect(asked).toEqual([
      {
        method: 'POST',
        path: '/api/email/outreach',
        body: {
          subject: 'A song for you',
          text: 'Hi,\n\nWe think it suits your videos.',
          selection: { emails: ['a@creators.test', 'b@creators.test', 'c@creators.test'] },
        },
        key: expect.any(String),
      },
    ]);
    expect(onSent).toHaveBeenCalledOnce();
  });
});
