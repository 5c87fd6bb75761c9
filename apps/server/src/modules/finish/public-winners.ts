import type { PublicWinner } from '@preffy/api';
import { expandPrizeSlots } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { findAnnouncedCompetition } from '../competitions/index.ts';
import { type StoredWinners, findFinishRow } from './finish.repository.ts';

/**
 * The prize places a competition decided, for its public page (issue 43): once staff submitted
 * the winners, each place with a winner, in prize order, by handle. Nothing before: a draft is
 * staff's. A competition the public may not see is a 404 like its page.
 */
export async function publicWinners(db: Database, competitionId: string) {
  const competition = await findAnnouncedCompetition(db, competitionId);
  const row = await findFinishRow(db, competitionId);
  if (!row || row.submittedAt == null) return { decided: false, items: [] as PublicWinner[] };
  const winners = JSON.parse(row.winners) as StoredWinners;
  const slots = expandPrizeSlots(JSON.parse(competition.prizes) as string[]);
  const items = slots.flatMap((slot) => {
    const winner = winners[slot.index];
    return winner ? [{ label: slot.label, creator: winner.creator, platform: winner.platform }] : [];
  });
  return { decided: true, items };
}
