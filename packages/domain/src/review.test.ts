import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REVIEW_SCORES,
  VIEW_SPIKE_GROWTH_PER_HOUR,
  VIEW_SPIKE_MIN_VIEWS,
  disqualificationChoicesFor,
  flagsRemovePost,
  isNoteOnly,
  resetReferralBonus,
  scorePost,
  viewSpike,
} from './review.ts';
import { isBlankRichText } from './rich-text.ts';

const HOUR = 3_600_000;

describe('Love and Like', () => {
  it('give creativity 100 and 10, and save likes as base likes plus the referral bonus', () => {
    expect(scorePost({ likes: 40, bonusLikes: null, referralCount: 2 }, 'love', 100)).toEqual({
      creativityScore: 100,
      bonusLikes: 200,
      likes: 240,
    });
    expect(scorePost({ likes: 40, bonusLikes: null, referralCount: 0 }, 'like', 100)).toEqual({
      creativityScore: 10,
      bonusLikes: 0,
      likes: 40,
    });
  });

  it('never count a bonus twice, and reset gives back the base likes', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.nat(50),
        fc.nat(1000),
        fc.constantFrom('love' as const, 'like' as const),
        (base, referrals, bonus, score) => {
          const once = scorePost({ likes: base, bonusLikes: null, referralCount: referrals }, score, bonus);
          const twice = scorePost({ ...once, referralCount: referrals }, score, bonus);
          expect(twice).toEqual(once);
          expect(once.creativityScore).toBe(REVIEW_SCORES[score]);
          expect(resetReferralBonus(once)).toEqual({ bonusLikes: 0, likes: base });
        },
      ),
    );
  });

  it('never give likes below 0, even when staff typed fewer likes than the stored bonus', () => {
    // 30 likes typed on /correct over a stored bonus of 200: the base counts as 0.
    expect(scorePost({ likes: 30, bonusLikes: 200, referralCount: 1 }, 'love', 100)).toEqual({
      creativityScore: 100,
      bonusLikes: 100,
      likes: 100,
    });
    expect(resetReferralBonus({ likes: 30, bonusLikes: 200 })).toEqual({ bonusLikes: 0, likes: 0 });
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.option(fc.nat(1_000_000)), fc.nat(50), (likes, bonus, referrals) => {
        const post = { likes, bonusLikes: bonus, referralCount: referrals };
        expect(scorePost(post, 'like', 100).likes).toBeGreaterThanOrEqual(0);
        expect(resetReferralBonus(post).likes).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('which flags take a post out of the queue', () => {
  it('investigate is a note on Instagram and YouTube but removes on TikTok; a spike never removes', () => {
    expect(isNoteOnly({ code: 'investigate' }, 'instagram')).toBe(true);
    expect(isNoteOnly({ code: 'investigate' }, 'youtube')).toBe(true);
    expect(isNoteOnly({ code: 'investigate' }, 'TikTok')).toBe(false);
    expect(isNoteOnly({ code: 'viewSpike' }, 'tiktok')).toBe(true);
    expect(flagsRemovePost([{ code: 'investigate' }], 'instagram')).toBe(false);
    expect(flagsRemovePost([{ code: 'investigate' }, { code: 'bannedUser' }], 'instagram')).toBe(true);
    expect(flagsRemovePost([], 'tiktok')).toBe(false);
    for (const code of [
      'invalidPostDate',
      'invalidCountry',
      'likesExceedViews',
      'bannedUser',
      'possibleDuplicate',
    ] as const)
      expect(flagsRemovePost([{ code }], 'youtube')).toBe(true);
  });
});

describe('viewSpike', () => {
  const at = (h: number) => Date.UTC(2030, 0, 1) + h * HOUR;

  it('raises at growth per hour just above the platform limit, with the numbers, and not at it', () => {
    for (const [platform, limit] of Object.entries(VIEW_SPIKE_GROWTH_PER_HOUR)) {
      const from = 10_000;
      const atLimit = [
        { at: at(0), views: from },
        { at: at(1), views: from + from * limit },
      ];
      expect(viewSpike(atLimit, platform)).toBeNull();
      const above = [atLimit[0]!, { at: at(1), views: from + from * limit + 100 }];
      expect(viewSpike(above, platform)?.values).toMatchObject({ fromViews: from, hours: 1, limit });
    }
  });

  it('reads only reported views: an estimate or an unknown reading never makes a spike', () => {
    const jump = (viewsKind: 'reported' | 'unknown' | 'estimated') => [
      { at: at(0), views: 10_000, viewsKind: 'reported' as const },
      { at: at(1), views: 90_000, viewsKind },
    ];
    expect(viewSpike(jump('reported'), 'tiktok')).not.toBeNull();
    expect(viewSpike(jump('estimated'), 'tiktok')).toBeNull();
    expect(viewSpike(jump('unknown'), 'tiktok')).toBeNull();
  });

  it('counts snapshots closer than an hour as an hour, spreads longer gaps, and ignores small numbers', () => {
    const quick = [
      { at: at(0), views: 10_000 },
      { at: at(0.1), views: 45_000 },
    ];
    // Spread over an hour, but the note says the real time: 6 minutes, not '1 h'.
    expect(viewSpike(quick, 'tiktok')?.values).toMatchObject({ hours: 1, seconds: 360 });
    const slow = [
      { at: at(0), views: 10_000 },
      { at: at(10), views: 45_000 },
    ];
    expect(viewSpike(slow, 'tiktok')).toBeNull();
    const small = [
      { at: at(0), views: VIEW_SPIKE_MIN_VIEWS - 1 },
      { at: at(1), views: 1_000_000 },
    ];
    expect(viewSpike(small, 'tiktok')).toBeNull();
  });

  it('never raises for views that do not grow', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ at: fc.nat(1e9), views: fc.nat(1e9) }), { maxLength: 8 }), (raw) => {
        const flat = raw.map((s) => ({ ...s, views: 5000 }));
        expect(viewSpike(flat, 'tiktok')).toBeNull();
      }),
    );
  });
});

describe("the Delete dialog's choices", () => {
  it("offers 'Creative Direction Issue' only for a competition whose creative direction says something", () => {
    expect(disqualificationChoicesFor(true)).toEqual(['none', 'general', 'creative-direction', 'volume']);
    expect(disqualificationChoicesFor(false)).toEqual(['none', 'general', 'volume']);
    for (const blank of [null, '', '  ', '<p></p>', '<p><br></p>', '<p>&nbsp;</p>'])
      expect(isBlankRichText(blank), String(blank)).toBe(true);
    expect(isBlankRichText('<p>Dance on the <strong>chorus</strong>.</p>')).toBe(false);
  });
});
