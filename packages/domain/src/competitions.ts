import { DEFAULT_CONTINENTS } from './countries.ts';
import { COMPETITION_DAYS, addDays, competitionTimeOn, localDay } from './dates.ts';
import { DEFAULT_PRIZES } from './prizes.ts';

/** Competition state derives from two flags (doc 2 section 4); 'preview' is shown as Upcoming. */
export const COMPETITION_STATES = ['preview', 'active', 'completed'] as const;
export type CompetitionState = (typeof COMPETITION_STATES)[number];

export function competitionState(flags: { hasEnded: boolean; isActive: boolean }): CompetitionState {
  if (flags.hasEnded) return 'completed';
  return flags.isActive ? 'active' : 'preview';
}

/** The flags the admin state dropdown sets for each state. */
export const STATE_FLAGS: Record<CompetitionState, { hasEnded: boolean; isActive: boolean }> = {
  completed: { hasEnded: true, isActive: false },
  active: { hasEnded: false, isActive: true },
  preview: { hasEnded: false, isActive: false },
};

/**
 * A competition whose public page takes entries now or will once it starts: confirmed (a hold has
 * no public page), not closed, not past its end. What a marketing email may advertise.
 */
export const takesEntries = (
  c: { isConfirmed: boolean; isClosed: boolean; hasEnded: boolean; endDate: number },
  now: number,
) => c.isConfirmed && !c.isClosed && !c.hasEnded && c.endDate > now;

/** isConfirmed false is a Hold, true is Confirmed. */
export const holdLabel = (isConfirmed: boolean) => (isConfirmed ? 'Confirmed' : 'Hold');

export const PLATFORM_OPTIONS = [
  'TikTok',
  'Instagram Reel',
  'YouTube Short',
  'TikTok + Instagram Reel',
  'TikTok + YouTube Short',
  'Instagram Reel + YouTube Short',
  'TikTok + Instagram Reel + YouTube Short',
  'CapCut',
] as const;
export const DEFAULT_PLATFORMS = ['TikTok'] as const;
export const METRICS = ['likes', 'views'] as const;

/**
 * Who sees a competition's standings on its public page (issue 43): everyone, nobody, or
 * everyone once the competition has ended. Staff choose per competition.
 */
export const STANDINGS_VISIBILITY = ['shown', 'hidden', 'afterEnd'] as const;
export type StandingsVisibility = (typeof STANDINGS_VISIBILITY)[number];

/** Whether the public page shows the standings now. */
export const standingsShown = (visibility: StandingsVisibility, hasEnded: boolean) =>
  visibility === 'shown' || (visibility === 'afterEnd' && hasEnded);

/** What the Start A Competition form starts with: today to 7 days later at 15:00, the default prizes. */
export function newCompetitionDefaults(now: number, timeZone: string) {
  const today = localDay(now, timeZone);
  return {
    startDate: competitionTimeOn(today, timeZone),
    endDate: competitionTimeOn(addDays(today, COMPETITION_DAYS), timeZone),
    invoiceAmount: 0,
    prizes: [...DEFAULT_PRIZES],
    platforms: [...DEFAULT_PLATFORMS],
    continents: [...DEFAULT_CONTINENTS],
    competitionType: 'Hybrid' as const,
    takePct: 1,
    metric: 'likes' as const,
  };
}
