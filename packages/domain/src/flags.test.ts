import { describe, expect, it } from 'vitest';
import { type FlaggablePost, postFlags } from './flags.ts';

const START = Date.UTC(2026, 5, 10, 15); // 15:00 UTC on 10 June
const competition = { startDate: START, countries: ['BR'], continents: ['Europe'] };
const clean: FlaggablePost = {
  postedDate: START + 3600_000,
  country: 'DE',
  likes: 100,
  views: 1000,
  platform: 'tiktok',
  email: 'ann@x.io',
  postId: 'v1',
};
const earlier = {
  id: 'p9',
  postId: 'v9',
  creator: 'Ann',
  link: 'https://www.tiktok.com/@ann/video/9',
  deleted: true,
};
const ctx = { bannedEmails: ['cheat@x.io'], scoredEntries: [earlier], timeZone: 'UTC' };
const messages = (post: Partial<FlaggablePost>) =>
  postFlags({ ...clean, ...post }, competition, ctx).map((f) => f.message);

describe('postFlags', () => {
  it('raises nothing for a clean post', () => {
    expect(messages({})).toEqual([]);
  });
  it('Invalid Post Date: before the start of the start day, not merely before 15:00', () => {
    expect(messages({ postedDate: Date.UTC(2026, 5, 10, 0, 1) })).toEqual([]);
    expect(messages({ postedDate: Date.UTC(2026, 5, 9, 23, 59) })).toEqual(['Invalid Post Date']);
    // The flag keeps the start as stored (15:00) beside the midnight the rule counts from.
    expect(postFlags({ ...clean, postedDate: Date.UTC(2026, 5, 9) }, competition, ctx)[0]!.values).toEqual({
      postedDate: Date.UTC(2026, 5, 9),
      startDate: START,
      startOfDay: Date.UTC(2026, 5, 10),
    });
  });
  it('counts the start of the day in the business time zone', () => {
    const inNewYork = (postedDate: number) =>
      postFlags({ ...clean, postedDate }, competition, { ...ctx, timeZone: 'America/New_York' }).map(
        (f) => f.message,
      );
    // 10 June starts at 04:00 UTC in New York (EDT).
    expect(inNewYork(Date.UTC(2026, 5, 10, 3, 59))).toEqual(['Invalid Post Date']);
    expect(inNewYork(Date.UTC(2026, 5, 10, 4, 0))).toEqual([]);
  });
  it('Invalid Country: neither among the countries nor in the continents', () => {
    expect(messages({ country: 'BR' })).toEqual([]);
    expect(messages({ country: 'fr' })).toEqual([]);
    expect(messages({ country: 'US' })).toEqual(['Invalid Country']);
    expect(messages({ country: null })).toEqual([]);
  });
  it("'CHEATING! Likes exceed views' needs likes above views and above 10", () => {
    expect(messages({ likes: 11, views: 10 })).toEqual(['CHEATING! Likes exceed views']);
    expect(messages({ likes: 10, views: 5 })).toEqual([]);
  });
  it("'Investigate further for cheating': ratio above 0.5 on TikTok, 0.7 elsewhere, with more than 1000 likes", () => {
    expect(messages({ likes: 1001, views: 2000 })).toEqual(['Investigate further for cheating']);
    expect(messages({ likes: 1000, views: 1500 })).toEqual([]);
    expect(messages({ likes: 1200, views: 2400 })).toEqual([]);
    expect(messages({ platform: 'instagram', likes: 1400, views: 2000 })).toEqual([]);
    expect(messages({ platform: 'youtube', likes: 1401, views: 2000 })).toEqual([
      'Investigate further for cheating',
    ]);
  });
  it('unknown or estimated views raise neither cheating flag, whatever the likes (decision 0097)', () => {
    // 500 likes and no view count: the Instagram photo case that was thrown out as cheating.
    expect(messages({ platform: 'instagram', likes: 500, views: 0, viewsKind: 'reported' })).toEqual([
      'CHEATING! Likes exceed views',
    ]);
    for (const viewsKind of ['unknown', 'estimated'] as const) {
      expect(messages({ platform: 'instagram', likes: 500, views: 0, viewsKind })).toEqual([]);
      expect(messages({ platform: 'tiktok', likes: 5000, views: 100, viewsKind })).toEqual([]);
      // The other rules still apply to such a post.
      expect(messages({ likes: 500, views: 0, viewsKind, email: 'cheat@x.io' })).toEqual(['Banned User']);
    }
  });
  it('Banned User: a handle a banned address entered with before, under a new email (ban evasion)', () => {
    const evading = postFlags({ ...clean, email: 'new@x.io', creator: 'Ann' }, competition, {
      ...ctx,
      bannedHandleEmail: 'cheat@x.io',
    });
    expect(evading).toEqual([
      {
        code: 'bannedUser',
        message: 'Banned User',
        values: { email: 'new@x.io', handle: 'Ann', bannedEmail: 'cheat@x.io' },
      },
    ]);
    // The address itself banned: one flag, naming it.
    const both = postFlags({ ...clean, email: 'cheat@x.io' }, competition, {
      ...ctx,
      bannedHandleEmail: 'cheat@x.io',
    });
    expect(both.map((f) => f.values)).toEqual([{ email: 'cheat@x.io' }]);
    expect(postFlags(clean, competition, { ...ctx, bannedHandleEmail: null })).toEqual([]);
  });
  it('Banned User: the email of a banned winner, in any case', () => {
    expect(messages({ email: 'Cheat@X.io' })).toEqual(['Banned User']);
  });
  it('Possible Duplicate: the platform id is among the scored posts, and the flag names that entry', () => {
    expect(messages({ postId: 'v9' })).toEqual(['Possible Duplicate']);
    expect(postFlags({ ...clean, postId: 'v9' }, competition, ctx)[0]!.values).toEqual({
      postId: 'v9',
      earlierId: 'p9',
      earlierCreator: 'Ann',
      earlierLink: 'https://www.tiktok.com/@ann/video/9',
      earlierRemoved: 1,
    });
  });
  it('returns every flag that applies', () => {
    expect(
      messages({ postedDate: 0, country: 'US', likes: 5000, views: 10, email: 'cheat@x.io', postId: 'v9' }),
    ).toEqual([
      'Invalid Post Date',
      'Invalid Country',
      'CHEATING! Likes exceed views',
      'Investigate further for cheating',
      'Banned User',
      'Possible Duplicate',
    ]);
  });
});
