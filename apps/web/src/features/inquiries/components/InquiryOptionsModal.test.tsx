import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { InquiryOptionsModal } from './InquiryOptionsModal.tsx';

type Asked = { method: string; path: string; body: unknown; headers: Record<string, string> };

const option = (id: string, kind: string, label: string, position: number) => ({
  id,
  kind,
  label,
  position,
  version: 1,
  createdAt: 0,
  updatedAt: 0,
});
const ITEMS = [
  option('s1', 'source', 'Website', 0),
  option('s2', 'source', 'Referral', 1),
  option('t1', 'type', 'Campaign', 0),
];

/** The server: the list, and `answer` for every write (201/200 unless a test says otherwise). */
function stubServer(answer: (asked: Asked) => Response = () => Response.json({ option: ITEMS[0] })) {
  const asked: Asked[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    if (path === '/api/inquiry-options' && (init.method ?? 'GET') === 'GET')
      return Response.json({ items: ITEMS });
    const request = {
      method: init.method ?? 'GET',
      path,
      body: init.body ? JSON.parse(String(init.body)) : null,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
    };
    asked.push(request);
    return answer(request);
  });
  return asked;
}
afterEach(() => vi.unstubAllGlobals());

const open = () => renderPage('/inquiries', () => <InquiryOptionsModal onClose={() => {}} />);
const section = async (name: string) => screen.findByRole('region', { name });

describe('Edit lists', () => {
  it('shows each list in order, says why a list is empty, and adds with Enter', async () => {
    const asked = stubServer(() => Response.json({ option: option('s3', 'source', 'Podcast', 2) }));
    open();
    const sources = await section('Source');
    expect(
      within(sources)
        .getAllByRole('textbox', { name: /^Rename/ })
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Website', 'Referral']);
    expect(within(await section('Platforms')).getByText(/No platforms/)).toBeTruthy();

    const add = within(sources).getByRole('textbox', { name: 'New source' });
    fireEvent.change(add, { target: { value: '  Podcast ' } });
    fireEvent.submit(add.closest('form')!);
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toMatchObject({
      method: 'POST',
      path: '/api/inquiry-options',
      body: { kind: 'source', label: 'Podcast' },
    });
    expect(asked[0]!.headers['idempotency-key']).toBeTruthy();
    await waitFor(() => expect((add as HTMLInputElement).value).toBe(''));
  });

  it("shows the server's refusal at the field, and checks an empty label before sending", async () => {
    const asked = stubServer(() =>
      Response.json(
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'label: This list already has this option',
          fieldErrors: { label: ['This list already has this option'] },
        },
        { status: 400 },
      ),
    );
    open();
    const add = within(await section('Inquiry Type')).getByRole('textbox', { name: 'New inquiry type' });
    fireEvent.submit(add.closest('form')!);
    expect(await screen.findByText('Please enter the option')).toBeTruthy();
    expect(asked).toHaveLength(0);
    fireEvent.change(add, { target: { value: 'campaign' } });
    fireEvent.submit(add.closest('form')!);
    expect(await screen.findByText('This list already has this option')).toBeTruthy();
  });

  it('renames in place with the version read; a stale version says so at the field', async () => {
    const asked = stubServer(() =>
      Response.json(
        {
          statusCode: 409,
          code: 'VERSION_CONFLICT',
          message: 'This record was changed by someone else',
          current: { ...ITEMS[1], version: 2 },
        },
        { status: 409 },
      ),
    );
    open();
    const referral = await screen.findByRole('textbox', { name: 'Rename Referral' });
    fireEvent.change(referral, { target: { value: 'Word of mouth' } });
    fireEvent.keyDown(referral, { key: 'Enter' });
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/inquiry-options/s2',
      body: { version: 1, label: 'Word of mouth' },
    });
    expect(await screen.findByText(/Someone else changed this option/)).toBeTruthy();
    expect((referral as HTMLInputElement).value).toBe('Referral');
  });

  it('moves an option up or down by one (not past either end)', async () => {
    const asked = stubServer();
    open();
    expect(
      ((await screen.findByRole('button', { name: 'Move Website up' })) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Referral down' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move Website down' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/inquiry-options/s1',
      body: { version: 1, position: 1 },
    });
  });

  it('removes only once confirmed, with the version read', async () => {
    const asked = stubServer(() => Response.json({ ok: true }));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Referral' }));
    expect(await screen.findByText('Remove Referral from the list?')).toBeTruthy();
    expect(asked).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-remove-option'));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toMatchObject({ method: 'DELETE', path: '/api/inquiry-options/s2?version=1' });
  });
});
