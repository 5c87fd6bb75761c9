import type { PublicCompetition } from '@preffy/api';
import { localDay, prizeTotal } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { countVisit, entryTotals, findCompetition } from './competitions.repository.ts';

/**
 * A competition the public may see: a hold (not confirmed) is not announced yet, so its page
 * (and everything public about it: standings, winners) answers 404 like a missing one.
 */
export async function findAnnouncedCompetition(db: Database, id: string) {
  const c = await findCompetition(db, id);
  if (!c || c.isConfirmed !== 1) throw notFound('Competition');
  return c;
}

/** The public page's data (/c/:id): only what the page shows, never anything private. */
export async function getPublicCompetition(db: Database, id: string): Promise<PublicCompetition> {
  const c = await findAnnouncedCompetition(db, id);
  const totals = await entryTotals(db, c.id);
  const prizes = JSON.parse(c.prizes) as string[];
  const at = now();
  const hasStarted = Number(c.startDate) <= at;
  const hasEnded = c.hasEnded === 1 || Number(c.endDate) <= at;
  return {
    id: c.id,
    name: c.name,
    organizer: c.organizer,
    image: c.image,
    spotify: c.spotify,
    audio: c.audio,
    prizeTotal: prizeTotal(prizes).total,
    ...totals,
    prizes,
    startDate: Number(c.startDate),
    endDate: Number(c.endDate),
    isOpen: hasStarted && c.isClosed === 0 && !hasEnded,
    hasStarted,
    hasEnded,
    creativeDirection: c.creativeDirection,
    platforms: JSON.parse(c.platforms) as string[],
  };
}

/** Counts a visit of the public page under its ?ref= tag, per business day. */
export async function recordVisit(db: Database, id: string, ref: string, timeZone: string) {
  const c = await findAnnouncedCompetition(db, id);
  await countVisit(db, { competitionId: c.id, ref: ref.toLowerCase(), day: localDay(now(), timeZone) });
}
