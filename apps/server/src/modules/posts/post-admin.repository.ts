import type { AdminPost, ParsedQuery, ReplyOf, posts } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import { matchesSearch, paged } from '../../lib/paging.ts';
import { seesEveryCompetition, visibleCompetitions } from '../competitions/index.ts';
import { countsAsReferral, reviewCounts, toReviewPost } from './review-post.ts';
import { sortExpression } from '../../lib/natural-order.ts';
import { sumPostTally } from './post-tallies.ts';

export type AdminPostsQuery = ParsedQuery<typeof posts.listAll>;
export type AdminPostsPage = ReplyOf<typeof posts.listAll>;

/**
 * Posts admin: one tab (live or deleted posts) of every competition the viewer may see (staff
 * and admins: all; organizers: their own, the competitions list's rule), filtered, searched,
 * sorted and paged. The tab and the newest-first order use postsAdminIdx (migration 0006).
 */
export async function listAdminPosts(
  db: Database,
  viewer: { role: string; email: string },
  q: AdminPostsQuery,
): Promise<AdminPostsPage> {
  // A viewer who sees every live competition: the posts are walked in the page's order and each
  // one's competition looked up. Joined as below, SQLite drove from the competitions instead and
  // sorted all their posts (50 ms at 100,000 posts); CROSS JOIN fixes the order in SQLite, and
  // PostgreSQL plans it as the inner join it is (decision 0073). An organizer's few competitions
  // are still the better start.
  let base = (
    seesEveryCompetition(viewer)
      ? db
          .selectFrom('posts')
          .crossJoin('competitions')
          .whereRef('competitions.id', '=', 'posts.competitionId')
          .where('competitions.deleted', '=', 0)
      : db
          .selectFrom('posts')
          .innerJoin('competitions', 'competitions.id', 'posts.competitionId')
          .where('posts.competitionId', 'in', visibleCompetitions(db, viewer).select('competitions.id'))
  ).where('posts.deleted', '=', q.deleted ? 1 : 0);
  if (q.competitionId) base = base.where('posts.competitionId', '=', q.competitionId);
  if (q.creator) base = base.where('posts.creator', '=', q.creator.trim());
  // Emails are stored trimmed and in lower case (addPost).
  if (q.email) base = base.where('posts.email', '=', q.email.trim().toLowerCase());
  if (q.withReferrals)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('referrals')
          .select('referrals.id')
          .whereRef('referrals.postId', '=', 'posts.id')
          .where(countsAsReferral),
      ),
    );
  if (q.search)
    base = base.where((eb) => matchesSearch(eb, ['posts.creator', 'posts.email', 'posts.link'], q.search!));
  // A whole tab (of one competition or all): its total is tallied, not counted (decision 0043).
  const tally = q.deleted ? 'removed' : 'live';
  // One query either way: the competition filter narrows the visible ones (none: 0).
  const tallied =
    q.creator || q.email || q.withReferrals || q.search
      ? null
      : sumPostTally(
          db,
          tally,
          q.competitionId
            ? visibleCompetitions(db, viewer).where('competitions.id', '=', q.competitionId)
            : visibleCompetitions(db, viewer),
        );
  return paged(
    q,
    base,
    (posts) =>
      posts
        .selectAll('posts')
        .select('competitions.name as competitionName')
        .select(reviewCounts)
        .orderBy(sortExpression(`posts.${q.sortBy}`, ['posts.creator', 'posts.email']), q.sortDirection)
        .orderBy('posts.id'),
    ({ competitionName, ...row }): AdminPost => ({ ...toReviewPost(row), competitionName }),
    tallied,
  );
}
