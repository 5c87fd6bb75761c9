import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { InquireForm } from './InquireForm.tsx';

// jsdom has no document.fonts; the message Textarea (autosize) listens to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

type Asked = { method: string; path: string; body: unknown };
/** The lists staff keep, as the form loads them first (a staff-added source among them). */
const CHOICES = {
  sources: ['Website', 'Referral', 'Podcast'],
  types: ['Campaign', 'Other'],
  platforms: ['TikTok', 'Twitch'],
};
function stubServer(answer: () => Response, choices: () => Response = () => Response.json(CHOICES)) {
  const asked: Asked[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    if (path === '/api/public/inquiry-options') return choices();
    asked.push({
      method: init.method ?? 'GET',
      path,
      body: init.body ? JSON.parse(String(init.body)) : null,
    });
    return answer();
  });
  return asked;
}
afterEach(() => vi.unstubAllGlobals());

async function fillValid() {
  const type = (name: RegExp, value: string) =>
    fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
  type(/First Name/, 'Ann');
  type(/Last Name/, 'Artist');
  type(/Email/, 'ann@label.test');
  type(/Message/, 'Book us');
  for (const [label, option] of [
    [/Source/, 'Referral'],
    [/Inquiry Type/, 'Campaign'],
  ] as const) {
    fireEvent.click(screen.getByRole('combobox', { name: label }));
    fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
  }
  fireEvent.click(screen.getByRole('checkbox', { name: 'TikTok' }));
}

describe('the public contact form', () => {
  it('offers the lists staff keep: former labels translated, new ones as written', async () => {
    stubServer(() => Response.json({ ok: true }, { status: 201 }));
    await setLanguage('es');
    onTestFinished(() => setLanguage('en'));
    renderPage('/inquire', InquireForm);
    const source = await screen.findByRole('combobox', { name: /Origen/ });
    fireEvent.click(source);
    await screen.findByRole('option', { name: 'Podcast', hidden: true });
    const list = document.getElementById(source.getAttribute('aria-controls')!)!;
    const offered = [...list.querySelectorAll('[role="option"]')].map((o) => o.textContent);
    expect(offered).toEqual(['Sitio web', 'Recomendación', 'Podcast']);
    expect(screen.getByRole('checkbox', { name: 'Twitch' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'YouTube' })).toBeNull();
  });

  it('says when its choices are loading, and when they could not be loaded, with a retry', async () => {
    let fail = true;
    stubServer(
      () => Response.json({ ok: true }, { status: 201 }),
      () =>
        fail
          ? Response.json({ statusCode: 500, code: 'INTERNAL', message: 'x' }, { status: 500 })
          : Response.json(CHOICES),
    );
    renderPage('/inquire', InquireForm);
    expect(await screen.findByText("Loading the form's choices")).toBeTruthy();
    expect(await screen.findByText('The form could not be loaded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the inquiry' })).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Send the inquiry' })).toBeTruthy();
  });

  it('keeps the honeypot out of reach and sends the inquiry, then thanks', async () => {
    const asked = stubServer(() => Response.json({ ok: true }, { status: 201 }));
    renderPage('/inquire', InquireForm);
    const honeypot = (await screen.findByRole('button', { name: 'Send the inquiry' }))
      .closest('form')!
      .querySelector('input[name="website"]')!;
    expect(honeypot.getAttribute('tabindex')).toBe('-1');
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Send the inquiry' }));
    expect(await screen.findByText('Thank you!')).toBeTruthy();
    expect(asked.find((a) => a.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/public/inquiries',
      body: {
        firstName: 'Ann',
        lastName: 'Artist',
        email: 'ann@label.test',
        phone: null,
        source: 'Referral',
        inquiryType: 'Campaign',
        platforms: ['TikTok'],
        message: 'Book us',
      },
    });
  });

  it('says plainly when the server refuses more inquiries (429)', async () => {
    stubServer(() =>
      Response.json({ statusCode: 429, code: 'TOO_MANY', message: 'Rate limit exceeded' }, { status: 429 }),
    );
    renderPage('/inquire', InquireForm);
    await screen.findByRole('button', { name: 'Send the inquiry' });
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Send the inquiry' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Too many inquiries'));
    expect(screen.queryByText('Thank you!')).toBeNull();
  });
});
