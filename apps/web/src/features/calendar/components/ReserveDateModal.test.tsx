import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { signedInQueryClient } from '../../../test/account.ts';
import { ReserveDateModal } from './ReserveDateModal.tsx';

/** The Idempotency-Key of every reservation POST, in order; the first ones fail as a dropped network would. */
function stubServer(failures: number) {
  const keys: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === '/api/auth/csrf') return new Response(JSON.stringify({ token: 'csrf' }));
    keys.push(new Headers(init.headers).get('idempotency-key') ?? '');
    if (keys.length <= failures) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ competition: { id: 'c1' } }), { status: 201 });
  });
  return keys;
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// jsdom has no document.fonts; the notes Textarea (autosize) listens to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

function renderForm(onClose = () => {}) {
  render(
    <MantineProvider>
      <QueryClientProvider client={signedInQueryClient()}>
        <ReserveDateModal day="2032-03-01" onClose={onClose} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const fill = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const reserve = () => fireEvent.click(screen.getByRole('button', { name: 'Reserve' }));
  return { fill, reserve };
}

describe('Reserve A Date sends one Idempotency-Key per submission', () => {
  it('keeps the key when the same values are retried and makes a new one when they change', async () => {
    const keys = stubServer(2);
    const onClose = vi.fn();
    const { fill, reserve } = renderForm(onClose);
    fill(/Artist Name/, 'Luna Vega');
    fill(/Invoice Amount/, '2500');
    reserve();
    await waitFor(() => expect(keys).toHaveLength(1));
    reserve();
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);

    fill(/Artist Name/, 'Luna Vega & Friends');
    reserve();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys.every((k) => k.length > 0)).toBe(true);
  });
});

describe('Reserve A Date: the creative-direction flags', () => {
  it('asks whether creative direction is Required only once Creative direction is ticked, and sends both', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url === '/api/auth/csrf') return Response.json({ token: 'csrf' });
      bodies.push(JSON.parse(String(init.body)));
      return Response.json({ competition: { id: 'c1' } }, { status: 201 });
    });
    const onClose = vi.fn();
    const { fill, reserve } = renderForm(onClose);
    fill(/Artist Name/, 'Luna Vega');
    fill(/Invoice Amount/, '2500');
    const creative = screen.getByRole('checkbox', { name: 'Creative direction' }) as HTMLInputElement;
    expect(creative.checked).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Required' })).toBeNull();
    fireEvent.click(creative);
    const required = (await screen.findByRole('checkbox', { name: 'Required' })) as HTMLInputElement;
    expect(required.checked).toBe(false);
    fireEvent.click(required);
    reserve();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      day: '2032-03-01',
      organizer: 'Luna Vega',
      invoiceAmount: 2500,
      creativeDirection: true,
      creativeDirectionRequired: true,
    });
  });
});

describe('Reserve A Date: the day picker', () => {
  it('does not offer days before today in the business time zone', async () => {
    // Today is 2032-03-10 (UTC, the test session's business zone); the form opens on the 1st.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2032-03-10T12:00:00Z'));
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Date' }));
    // The days are buttons named by their date; a day before today is disabled.
    const dayButton = (label: string) =>
      waitFor(() => {
        const button = document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
        if (!button) throw new Error(`no day ${label}`);
        return button;
      });
    expect((await dayButton('9 March 2032')).disabled).toBe(true);
    expect((await dayButton('10 March 2032')).disabled).toBe(false);
    expect((await dayButton('11 March 2032')).disabled).toBe(false);
  });
});
