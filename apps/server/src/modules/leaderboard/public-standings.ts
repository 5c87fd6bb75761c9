import type { PublicStandings, PublicStandingsQuery } from '@preffy/api';
import { type Metric, type StandingsVisibility, standingsShown } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { findAnnouncedCompetition } from '../competitions/index.ts';
import { listStandings } from './leaderboard.repository.ts';

/**
 * A competition's standings for its public page (issue 43): the stored leaderboard's ranks over
 * live posts, with handles and the competition's metric only. A competition not announced is a
 * 404 like its page; standings staff keep hidden (or until the end) answer none, saying so.
 */
export async function publicStandings(
  db: Database,
  competitionId: string,
  q: PublicStandingsQuery,
): Promise<PublicStandings> {
  const c = await findAnnouncedCompetition(db, competitionId);
  const visibility = c.standings as StandingsVisibility;
  const metric = c.metric as Metric;
  const hasEnded = c.hasEnded === 1 || Number(c.endDate) <= now();
  if (!standingsShown(visibility, hasEnded))
    return { shown: false, visibility, metric, computedAt: null, items: [], total: 0 };
  const page = await listStandings(db, competitionId, q);
  return {
    shown: true,
    visibility,
    metric,
    computedAt: page.computedAt,
    total: page.total,
    items: page.items.map((e) => ({
      rank: e.rank,
      creator: e.creator,
      platform: e.platform,
      value: Number(metric === 'views' ? e.views : e.likes),
    })),
  };
}
