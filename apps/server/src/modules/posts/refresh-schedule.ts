import {
  type RefreshTier,
  SPEED_WINDOW_MIN_MS,
  type ViewsKind,
  nextRefreshAt,
  refreshTier,
  viewsPerHour,
} from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { type RefreshSchedule, lastCountedReading } from './posts.repository.ts';

/**
 * A post's refresh tier after a refresh at `at` (`previous`: the tier it had), and when it is
 * next due (decision 0138): from
 * its views per hour between this refresh's reading and its latest counted one at least
 * SPEED_WINDOW_MIN_MS older, or, when the refresh failed, brought no counted views or has no
 * such reading to compare with, the tier it had (hot when it had none). Read in the
 * transaction that stores the refresh's outcome, before its snapshot is written.
 */
export async function nextRefreshOf(
  db: Database,
  postId: string,
  at: number,
  reading: { views: number; viewsKind: ViewsKind } | null,
  options: { nearPrizeCutoff: boolean; previous: RefreshTier | null },
): Promise<RefreshSchedule> {
  const last = reading && (await lastCountedReading(db, postId, at - SPEED_WINDOW_MIN_MS));
  const speed =
    reading && last
      ? viewsPerHour([
          { ...last, likes: 0, comments: 0 },
          { at, views: reading.views, viewsKind: reading.viewsKind, likes: 0, comments: 0 },
        ])
      : null;
  const tier =
    speed === null && !options.nearPrizeCutoff
      ? (options.previous ?? 'hot')
      : refreshTier(speed, options.previous, options);
  return { refreshTier: tier, nextRefreshAt: nextRefreshAt(at, tier) };
}
