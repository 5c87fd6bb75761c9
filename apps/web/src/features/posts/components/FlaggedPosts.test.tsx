import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { signedInQueryClient } from '../../../test/account.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { FlaggedPosts } from './FlaggedPosts.tsx';
import { post } from './review-post-fixture.ts';

vi.mock('mantine-datatable', () => import('../../../test/plain-data-table.tsx'));
afterEach(() => vi.unstubAllGlobals());

/** The errors view's API: the groups by signal, and a page of removed posts; the URLs asked are kept. */
function stubServer() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (url.startsWith('/api/competitions/c1/signals'))
      return Response.json({
        signals: [
          { code: 'viewSpikeHigh', removed: 2, live: 0 },
          { code: 'lowEngagement', removed: 0, live: 3 },
        ],
      });
    return Response.json({ items: [post(1, { deleted: true, deletedReason: 'flagged' })], total: 1 });
  });
  return asked;
}

describe('the flagged posts of the errors view', () => {
  it('groups the posts by signal, and shows the removed posts of the signal chosen', async () => {
    const asked = stubServer();
    renderPage('/correct', () => <FlaggedPosts competitionId="c1" canAct />, {
      queryClient: signedInQueryClient(),
    });
    const spike = await screen.findByText('View spike: likely bought views: 2 removed, 0 in review');
    expect(screen.getByText('Too few likes for the views: 0 removed, 3 in review')).toBeTruthy();
    fireEvent.click(spike);
    await waitFor(() => expect(asked.some((url) => url.includes('signal=viewSpikeHigh'))).toBe(true));
    expect(asked.filter((url) => url.includes('/flagged'))[0]).not.toContain('signal=');
  });
});
