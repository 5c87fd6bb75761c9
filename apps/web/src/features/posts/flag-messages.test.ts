import type { StoredPostFlag } from '@preffy/api';
import { FLAG_MESSAGES, VIEW_SPIKE_MESSAGE, postFlags, viewSpike } from '@preffy/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLanguage, i18n } from '../../lib/i18n/index.ts';
import { flagMessage } from './flag-messages.ts';

const inEnglish = { t: i18n.getFixedT('en', 'posts'), language: 'en', timeZone: 'UTC' };
const flag = (code: StoredPostFlag['code'], values: StoredPostFlag['values']) =>
  ({ code, message: 'stored', values }) as unknown as StoredPostFlag;

describe('flag messages', () => {
  beforeAll(() => Promise.all([ensureLanguage('de')]));
  it("keeps the spec's message and adds the numbers that raised the flag", () => {
    expect(flagMessage(flag('likesExceedViews', { likes: 50, views: 20 }), inEnglish)).toBe(
      'CHEATING! Likes exceed views (likes 50, views 20)',
    );
    expect(
      flagMessage(flag('investigate', { likes: 1500, views: 2000, ratio: 0.75, limit: 0.7 }), inEnglish),
    ).toBe('Investigate further for cheating (likes 1,500, views 2,000, ratio 0.75 above 0.7)');
    expect(
      flagMessage(flag('investigate', { likes: 1500, views: 0, ratio: 'infinite', limit: 0.5 }), inEnglish),
    ).toBe('Investigate further for cheating (likes 1,500, views 0, ratio infinite above 0.5)');
    expect(flagMessage(flag('bannedUser', { email: 'a@b.test' }), inEnglish)).toBe('Banned User (a@b.test)');
    // The integrity signals (issue 42) name their numbers too.
    expect(
      flagMessage(
        flag('viewSpikeHigh', {
          fromViews: 1000,
          toViews: 10_000,
          minutes: 65,
          growthPercentPerHour: 900,
          limitPercent: 800,
          minGain: 1000,
        }),
        inEnglish,
      ),
    ).toBe(
      'View spike: likely bought views (views 1,000 → 10,000 in 1.1 hours, +900 % per hour above the high threshold of 800 %)',
    );
    expect(
      flagMessage(
        flag('lowEngagement', { views: 100_000, likes: 150, likeRatePercent: 0.15, limitPercent: 0.2 }),
        inEnglish,
      ),
    ).toBe('Too few likes for the views (150 likes on 100,000 views: 0.15 %, under 0.2 %)');
    // A spike seen over a day's window names the pace it went beyond (decision 0138).
    expect(
      flagMessage(
        flag('viewSpikeMedium', {
          fromViews: 1000,
          toViews: 5100,
          minutes: 1440,
          growthPercentPerHour: 405,
          limitPercent: 300,
          minGain: 500,
          paceViewsPerHour: 2.5,
        }),
        inEnglish,
      ),
    ).toBe(
      'Sudden view spike (views 1,000 → 5,100 in 24 hours after 2.5 an hour before: +405 % beyond that pace, as if in one hour, above 300 %)',
    );
    // Ban evasion: the handle, and the banned address it came from.
    expect(
      flagMessage(
        flag('bannedUser', { email: 'new@b.test', handle: 'ann', bannedEmail: 'old@b.test' }),
        inEnglish,
      ),
    ).toBe('Banned User (handle @ann was entered before by the banned old@b.test)');
    expect(
      flagMessage(
        flag('invalidPostDate', { postedDate: Date.UTC(2031, 0, 1, 9), startOfDay: Date.UTC(2031, 0, 2) }),
        inEnglish,
      ),
    ).toBe('Invalid Post Date (posted 1/1/31, 9:00 AM, the competition starts 1/2/31, 12:00 AM)');
    // Flags raised now keep the start as stored: 15:00, not the midnight the rule counts from.
    expect(
      flagMessage(
        flag('invalidPostDate', {
          postedDate: Date.UTC(2031, 0, 1, 9),
          startDate: Date.UTC(2031, 0, 2, 15),
          startOfDay: Date.UTC(2031, 0, 2),
        }),
        inEnglish,
      ),
    ).toBe('Invalid Post Date (posted 1/1/31, 9:00 AM, the competition starts 1/2/31, 3:00 PM)');
    expect(
      flagMessage(
        flag('possibleDuplicate', {
          postId: '7301',
          earlierCreator: 'Ann',
          earlierId: 'p1',
          earlierLink: 'x',
        }),
        inEnglish,
      ),
    ).toBe("Possible Duplicate (Ann's entry of video 7301 is already scored)");
  });

  it('writes the view spike as growth per hour against its limit', () => {
    const spike = viewSpike(
      [
        { at: 0, views: 1000 },
        { at: 3_600_000, views: 5000 },
      ],
      'tiktok',
    )!;
    expect(flagMessage(spike, inEnglish)).toBe(
      'Sudden view spike (views 1,000 → 5,000 in 1 hour, 400% per hour above 300%)',
    );
  });

  it('says the real time between the two readings, in a unit that reads well', () => {
    const spikeIn = (seconds: number) =>
      flagMessage(
        flag('viewSpike', { fromViews: 1000, toViews: 5000, seconds, hours: 1, growthPerHour: 4, limit: 3 }),
        inEnglish,
      );
    expect(spikeIn(40)).toMatch(/ in 40 seconds, /);
    expect(spikeIn(360)).toMatch(/ in 6 minutes, /);
    expect(spikeIn(3.5 * 3600)).toMatch(/ in 3\.5 hours, /);
    expect(spikeIn(3 * 86_400)).toMatch(/ in 3 days, /);
  });

  it('has a title for every flag the domain raises, equal to its stored message', () => {
    for (const [code, message] of Object.entries(FLAG_MESSAGES))
      expect(flagMessage(flag(code as StoredPostFlag['code'], {}), inEnglish)).toBe(message);
    expect(flagMessage(flag('viewSpike', {}), inEnglish)).toBe(VIEW_SPIKE_MESSAGE);
  });

  it('builds a full sentence from every flag postFlags raises', () => {
    const raised = postFlags(
      {
        postedDate: Date.UTC(2031, 0, 1),
        country: 'FR',
        likes: 5000,
        views: 100,
        platform: 'tiktok',
        email: 'banned@creators.test',
        postId: '7300000000000000001',
      },
      { startDate: Date.UTC(2031, 0, 5), countries: ['US'] },
      {
        bannedEmails: ['banned@creators.test'],
        scoredEntries: [
          { id: 'p1', postId: '7300000000000000001', creator: 'Ann', link: 'x', deleted: true },
        ],
        timeZone: 'UTC',
      },
    );
    expect(raised).toHaveLength(6);
    for (const f of raised) expect(flagMessage(f, inEnglish)).toMatch(/^.+ \(.+\)$/);
  });

  it('translates the sentence and its numbers', () => {
    const inGerman = { t: i18n.getFixedT('de', 'posts'), language: 'de', timeZone: 'UTC' };
    expect(flagMessage(flag('likesExceedViews', { likes: 1500, views: 20 }), inGerman)).toMatch(/1\.500/);
  });

  it('shows a flag this screen does not know by its stored message', () => {
    expect(
      flagMessage({ code: 'somethingNew', message: 'Something new', values: {} } as never, inEnglish),
    ).toBe('Something new');
  });
});
