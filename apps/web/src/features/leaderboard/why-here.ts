import type { TFunction } from 'i18next';

/**
 * 'Why here' in the user's language. The leaderboard stores the reason as the domain writes it
 * (packages/domain leaderboard.ts and ranking.ts, in English); each of its forms is read back
 * into its parts and written with a translated template, its count in the reader's format
 * ('31,404', '31 404'). A form this does not know is shown as stored, never dropped.
 */
const FORMS: [RegExp, (t: TFunction<'leaderboard'>, m: RegExpMatchArray) => string][] = [
  [
    /^(.+): rank (\d+) by (likes|views) \((\d+)\)$/,
    (t, m) => t('why.rank', { prize: m[1], rank: m[2], metric: metric(t, m[3]!), value: Number(m[4]) }),
  ],
  [
    /^(.+): creativity score (\d+) \(at least (\d+)\), then likes$/,
    (t, m) => t('why.creative', { prize: m[1], score: m[2], threshold: m[3] }),
  ],
  [/^(.+): first-come: among the earliest creators to post$/, (t, m) => t('why.firstCome', { prize: m[1] })],
  [/^banned: never wins$/, (t) => t('why.banned')],
  [
    /^rank (\d+) by (likes|views) \((\d+)\), no prize left$/,
    (t, m) => t('why.noPrize', { rank: m[1], metric: metric(t, m[2]!), value: Number(m[3]) }),
  ],
];

const metric = (t: TFunction<'leaderboard'>, name: string) =>
  t(`metrics.${name as 'likes' | 'views'}`).toLowerCase();

export function whyHere(t: TFunction<'leaderboard'>, reason: string): string {
  for (const [form, write] of FORMS) {
    const match = reason.match(form);
    if (match) return write(t, match);
  }
  return reason;
}
