import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { ResendUnknown } from './OutboxPage.tsx';

afterEach(() => vi.unstubAllGlobals());

describe("an outbox message's recipients left unknown by a crash", () => {
  it('are sent again only once an admin confirms, with one key for the one decision', async () => {
    const asked: { path: string; key: string | undefined }[] = [];
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
      if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
      if (init.method === 'POST') {
        asked.push({ path, key: ((init.headers ?? {}) as Record<string, string>)['idempotency-key'] });
        return Response.json({ requeued: 5 });
      }
      return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
    });
    renderPage('/email', () => <ResendUnknown id="m1" count={5} />);
    expect(await screen.findByText(/^5 recipients.{1,6}delivery is unknown/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send again to these 5 recipients' }));
    // Nothing is sent before the question is answered.
    const dialog = await screen.findByRole('dialog', { name: 'Send again?' });
    expect(
      within(dialog).getByText(
        'Send this email again to the 5 recipients whose delivery is unknown? Some may get it twice.',
      ),
    ).toBeTruthy();
    expect(asked).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again to these 5 recipients' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]!.path).toBe('/api/outbox/m1/resend-unknown');
    expect(asked[0]!.key).toMatch(/\S{8,}/);
  });
});
