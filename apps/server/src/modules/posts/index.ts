import { defineArea } from '../../lib/area.ts';
import { reviewPostSchema } from '@preffy/api';
import { postAdminRoutes } from './post-admin.routes.ts';
import { postsRoutes } from './posts.routes.ts';
import { reviewRoutes } from './review.routes.ts';
import { toReviewPost } from './review-post.ts';

export { checkPostFlags, checkPostFlagsOf } from './post-flags.ts';
export { nextRefreshOf } from './refresh-schedule.ts';
export { coverHash } from './cover-hash.ts';
export { ofCompetitions, postTallyOf, sumPostTally, type PostTally } from './post-tallies.ts';
export { lastReviewDecisionAt } from './review.repository.ts';
export { addPost, isVisible } from './posts.service.ts';
export {
  storeRefreshFailure,
  storeRefreshedStats,
  updatePostRecord,
  type PostStats,
} from './posts.repository.ts';
export { countsAsReferral, reviewCounts, storedFlags, toReviewPost } from './review-post.ts';

export { writeImportedPost, writeImportedReferral } from './posts.repository.ts';
export const postsArea = defineArea({
  name: 'posts',
  routes: [postsRoutes, postAdminRoutes, reviewRoutes],
  owns: {
    // A post's conflict row carries its referral count (review.repository findReviewRow).
    posts: { schema: reviewPostSchema, toPublic: toReviewPost },
    referrals: true,
    // Kept by triggers (migration 0016), read by the lists.
    postTallies: true,
    // Append-only: refused duplicates, written when addPost is refused (no versioned row).
    duplicateAttempts: true,
  },
});
