import type { DuplicateAttempt, PageQuery } from '@preffy/api';
import type { EntryChannel, PostPlatform } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { newId } from '../../lib/clock.ts';
import { matchesSearch, paged } from '../../lib/paging.ts';

export type RefusedEntry = {
  competitionId: string;
  platform: PostPlatform;
  postId: string;
  email: string;
  creator: string;
  link: string;
  via: EntryChannel;
  attemptedBy: string | null;
};

/**
 * Keeps a refused duplicate beside the live entry it repeats. The entry is looked up by the
 * same key as the unique index that refused it; if it left in between, there is nothing to
 * point at and nothing is kept.
 */
export async function recordDuplicateAttempt(db: Database, refused: RefusedEntry, at: number) {
  const earlier = await db
    .selectFrom('posts')
    .select('id')
    .where('competitionId', '=', refused.competitionId)
    .where('platform', '=', refused.platform)
    .where('postId', '=', refused.postId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!earlier) return;
  await db
    .insertInto('duplicateAttempts')
    .values({
      id: newId(),
      competitionId: refused.competitionId,
      earlierPostId: earlier.id,
      email: refused.email,
      creator: refused.creator,
      link: refused.link,
      via: refused.via,
      attemptedBy: refused.attemptedBy,
      attemptedAt: at,
    })
    .execute();
}

/** A competition's refused duplicates, newest first (or oldest), searched by who tried. */
export function listDuplicateAttempts(db: Database, competitionId: string, q: PageQuery) {
  let base = db
    .selectFrom('duplicateAttempts')
    .innerJoin('posts as earlier', 'earlier.id', 'duplicateAttempts.earlierPostId')
    .leftJoin('users', 'users.id', 'duplicateAttempts.attemptedBy')
    .where('duplicateAttempts.competitionId', '=', competitionId);
  if (q.search)
    base = base.where((eb) =>
      matchesSearch(
        eb,
        ['duplicateAttempts.email', 'duplicateAttempts.creator', 'earlier.creator'],
        q.search!,
      ),
    );
  return paged(
    q,
    base,
    (rows) =>
      rows
        .select([
          'duplicateAttempts.id',
          'duplicateAttempts.attemptedAt',
          'duplicateAttempts.email',
          'duplicateAttempts.creator',
          'duplicateAttempts.link',
          'duplicateAttempts.via',
          'users.name as attemptedByName',
          'earlier.id as earlierId',
          'earlier.creator as earlierCreator',
          'earlier.email as earlierEmail',
          'earlier.link as earlierLink',
          'earlier.deleted as earlierDeleted',
        ])
        .orderBy('duplicateAttempts.attemptedAt', q.sortDirection)
        .orderBy('duplicateAttempts.id', q.sortDirection),
    (row): DuplicateAttempt => ({
      id: row.id,
      attemptedAt: Number(row.attemptedAt),
      email: row.email,
      creator: row.creator,
      link: row.link,
      via: row.via,
      attemptedByName: row.attemptedByName,
      earlier: {
        id: row.earlierId,
        creator: row.earlierCreator,
        email: row.earlierEmail,
        link: row.earlierLink,
        removed: row.earlierDeleted === 1,
      },
    }),
  );
}
