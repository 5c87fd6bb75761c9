import { MantineProvider } from '@mantine/core';
import type { ReviewPost } from '@preffy/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { signedInQueryClient } from '../../../test/account.ts';
import { ReviewCard } from './ReviewCard.tsx';
import { post } from './review-post-fixture.ts';

function renderCard(shown: ReviewPost) {
  render(
    <MantineProvider>
      <QueryClientProvider client={signedInQueryClient()}>
        <ReviewCard
          post={shown}
          list="queue"
          competitionId="c1"
          current={false}
          cardRef={null}
          onFocus={vi.fn()}
          actions={{
            canAct: true,
            busy: false,
            onScore: vi.fn(),
            onDelete: vi.fn(),
            onReload: vi.fn(),
            onDirty: vi.fn(),
          }}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.getByTestId('review-card');
}

const statOf = (card: HTMLElement, label: string) =>
  within(card).getByText(label).nextElementSibling?.textContent;

describe('a review card', () => {
  it("embeds the video at 330×740 and links the post and, as Vet, the creator's profile", () => {
    const card = renderCard(post(1, { profileUrl: 'https://www.tiktok.com/@creator1' }));
    const frame = card.querySelector('iframe')!;
    expect([frame.getAttribute('width'), frame.getAttribute('height')]).toEqual(['330', '740']);
    expect(frame.getAttribute('title')).toBe('creator1');
    expect(within(card).getByRole('link', { name: 'Link' }).getAttribute('href')).toBe(post(1).link);
    expect(within(card).getByRole('link', { name: 'Vet' }).getAttribute('href')).toBe(
      'https://www.tiktok.com/@creator1',
    );
  });

  it('says there is no profile to vet when the creator has none', () => {
    const card = renderCard(post(1, { profileUrl: null }));
    expect(within(card).queryByRole('link', { name: 'Vet' })).toBeNull();
    expect(within(card).getByText('No profile link for this creator')).toBeTruthy();
  });

  it("shows the creator's email, the views, likes and comments, and the referral count", () => {
    const card = renderCard(post(1, { views: 12345, likes: 678, comments: 9, referralCount: 3 }));
    expect(within(card).getByTestId('card-email').textContent).toBe('creator1@creators.test');
    expect(statOf(card, 'Views')).toBe('12,345');
    expect(statOf(card, 'Likes')).toBe('678');
    expect(statOf(card, 'Comments')).toBe('9');
    expect(within(card).getByTestId('card-referrals').textContent).toBe('3 referrals');
  });

  it('says why the last refresh failed, in words, and shows numbers no refresh has read as unknown, not 0', () => {
    const failed = renderCard(
      post(1, {
        likes: 0,
        views: 0,
        comments: 0,
        viewsKind: 'reported',
        statsProvider: null,
        statsCheckedAt: 1,
        statsError: 'tiktok: HTTP 404; tiktok-fallback: HTTP 404',
        statsFailure: 'not-found',
      }),
    );
    expect(within(failed).getByTestId('card-refresh-failure').textContent).toBe(
      'Last refresh failed: video not found or private',
    );
    expect(['Views', 'Likes', 'Comments'].map((label) => statOf(failed, label))).toEqual([
      'Unknown',
      'Unknown',
      'Unknown',
    ]);
  });

  it('shows a real 0 once a provider has read the numbers, and no failure after a refresh that worked', () => {
    const card = renderCard(
      post(1, { likes: 0, views: 0, comments: 0, statsProvider: 'tiktok', statsCheckedAt: 1 }),
    );
    expect(['Views', 'Likes', 'Comments'].map((label) => statOf(card, label))).toEqual(['0', '0', '0']);
    expect(within(card).queryByTestId('card-refresh-failure')).toBeNull();
  });

  it('counts a single referral in the singular', () => {
    const card = renderCard(post(1, { referralCount: 1 }));
    expect(within(card).getByTestId('card-referrals').textContent).toBe('1 referral');
  });

  it.each([
    ['us', 'green', 'true', 'Country matches: United States'],
    ['FR', 'red', 'false', 'Country not confirmed: provider United States, post France'],
  ])(
    'colours the country comparison (post %s, provider US) %s: the same country or not',
    (country, colour, match, text) => {
      const card = renderCard(post(1, { country, providerCountry: 'US' }));
      const compare = within(card).getByTestId('country-compare');
      expect(compare.getAttribute('data-match')).toBe(match);
      expect(compare.getAttribute('style')).toContain(`var(--mantine-color-${colour}-1)`);
      expect(compare.textContent).toBe(text);
    },
  );

  it.each([
    [null, null, 'Country unknown: the Invalid Country check could not run'],
    [null, 'US', 'Country unknown: provider United States, post unknown'],
    ['FR', null, 'Country unknown: provider unknown, post France'],
  ])(
    'draws an unknown country (post %s, provider %s) grey, not as a red mismatch',
    (country, providerCountry, text) => {
      const card = renderCard(post(1, { country, providerCountry }));
      const compare = within(card).getByTestId('country-compare');
      expect(compare.getAttribute('data-match')).toBe('unknown');
      expect(compare.getAttribute('style')).toContain('var(--mantine-color-gray-1)');
      expect(compare.textContent).toBe(text);
    },
  );

  it('shows the risk score with what it is made of, and none for a post without risk', () => {
    const card = renderCard(
      post(1, {
        risk: {
          score: 60,
          parts: [
            { code: 'viewsWithoutEngagement', weight: 35 },
            { code: 'viewSpikeMedium', weight: 25 },
          ],
        },
      }),
    );
    expect(within(card).getByTestId('card-risk').textContent).toBe(
      'Risk 60/100Views without likes or comments 35 + Sudden view spike 25',
    );
  });

  it('shows no risk for a post that has none', () => {
    const card = renderCard(post(1));
    expect(within(card).queryByTestId('card-risk')).toBeNull();
  });
});
