import { INTEGRITY_DEFAULTS } from '@preffy/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { IntegritySettingsPage } from './IntegritySettingsPage.tsx';

const stored = {
  id: 'integrity',
  thresholds: INTEGRITY_DEFAULTS,
  defaults: INTEGRITY_DEFAULTS,
  version: 1,
  updatedAt: 1,
};

function stubServer(answer: (body: unknown) => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    if (path === '/api/settings/integrity' && (init.method ?? 'GET') === 'GET') return Response.json(stored);
    if (path === '/api/settings/integrity' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      return answer(body);
    }
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
  });
  return sent;
}
afterEach(() => vi.unstubAllGlobals());

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('the integrity thresholds page', () => {
  it('shows each platform’s thresholds as percentages and saves a change as a fraction', async () => {
    const sent = stubServer((body) => Response.json({ ...stored, ...(body as object), version: 2 }));
    renderPage('/admin/integrity', IntegritySettingsPage);
    const medium = await screen.findByRole('textbox', { name: /^Medium tier: view growth per hour above/ });
    expect((medium as HTMLInputElement).value).toBe('300 %');
    fireEvent.change(medium, { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      version: 1,
      thresholds: {
        ...INTEGRITY_DEFAULTS,
        tiktok: {
          ...INTEGRITY_DEFAULTS.tiktok,
          spike: { ...INTEGRITY_DEFAULTS.tiktok.spike, medium: { growthPerHour: 2.5, minGain: 500 } },
        },
      },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'YouTube' }));
    await waitFor(() => expect(field(/^Medium tier: view growth per hour above/).value).toBe('280 %'));
  });

  it('puts the server’s message on the field of the platform it names', async () => {
    stubServer(() =>
      Response.json(
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Invalid input',
          fieldErrors: {
            'thresholds.tiktok.highEngagement.midFollowers': [
              'Mid-sized accounts must start above small ones',
            ],
          },
        },
        { status: 400 },
      ),
    );
    renderPage('/admin/integrity', IntegritySettingsPage);
    const mid = await screen.findByRole('textbox', { name: /^Mid-sized accounts: followers up to/ });
    fireEvent.change(mid, { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByText('Mid-sized accounts must start above small ones')).toBeTruthy();
  });

  it('asks for a number in an emptied field and sends nothing', async () => {
    const sent = stubServer(() => Response.json(stored));
    renderPage('/admin/integrity', IntegritySettingsPage);
    const minViews = await screen.findByRole('textbox', { name: /^Like rate under/ });
    fireEvent.change(minViews, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByText('Enter a number')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
