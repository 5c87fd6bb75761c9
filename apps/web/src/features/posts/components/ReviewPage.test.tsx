import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { signedInQueryClient } from '../../../test/account.ts';
import { testCompetition } from '../../../test/competition.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { ReviewPage } from './ReviewPage.tsx';

/**
 * The review page of a competition whose creative direction is `creativeDirection`, with an
 * empty queue; it answers the addresses the queue was asked at.
 */
function renderReview(creativeDirection: string | null) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    if (url.startsWith('/api/competitions/c1/review')) {
      asked.push(url);
      return Response.json({ items: [], total: 0, next: null });
    }
    if (url.includes('/jobs')) return Response.json({ job: null });
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
  });
  const queryClient = signedInQueryClient();
  queryClient.setQueryData(['competition', 'c1'], {
    competition: { ...testCompetition, creativeDirection },
  });
  renderPage('/update', () => <ReviewPage id="c1" />, { queryClient });
  return asked;
}

describe('the post review page', () => {
  it("shows the competition's creative direction above the cards, as rich text", async () => {
    renderReview('<p>Dance to the <strong>chorus</strong></p><script>alert(1)</script>');
    const section = await screen.findByRole('region', { name: 'Creative direction' });
    const text = screen.getByTestId('creative-direction');
    expect(section.contains(text)).toBe(true);
    expect(text.textContent).toBe('Dance to the chorus');
    expect(text.querySelector('strong')?.textContent).toBe('chorus');
    expect(text.querySelector('script')).toBeNull();
    expect(await screen.findByText(/The queue is clear/)).toBeTruthy();
  });

  it('says when the competition has none', async () => {
    renderReview(null);
    const section = await screen.findByRole('region', { name: 'Creative direction' });
    expect(section.textContent).toContain('This competition has no creative direction.');
    expect(screen.queryByTestId('creative-direction')).toBeNull();
  });

  it('offers the queue oldest first or riskiest first, and a minimum risk', async () => {
    const asked = renderReview(null);
    expect(
      (await screen.findByRole('radio', { name: 'Oldest first' })).getAttribute('checked'),
    ).not.toBeNull();
    expect(screen.getByRole('radio', { name: 'Highest risk first' })).toBeTruthy();
    expect(screen.getByLabelText('Risk score', { selector: 'input' })).toHaveProperty('value', 'Any');
    await waitFor(() => expect(asked).toEqual(['/api/competitions/c1/review?limit=10']));
  });
});
