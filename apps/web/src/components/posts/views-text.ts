import type { ViewsKind } from '@preffy/domain';
import { i18n } from '../../lib/i18n/index.ts';

/**
 * A post's views as people should read them (decision 0097): the count, 'Unknown' when the
 * platform gave none (stored as 0, which is not what happened), or the estimate marked as one.
 */
export function viewsText(post: { views: number; viewsKind: ViewsKind }, format: (n: number) => string) {
  if (post.viewsKind === 'unknown') return i18n.t('viewsUnknown');
  if (post.viewsKind === 'estimated') return i18n.t('viewsEstimated', { views: format(post.views) });
  return format(post.views);
}

/**
 * A count no refresh has read yet (no provider ever answered for the post): its 0 is not a
 * count, so it reads 'Unknown'; a number typed in or imported is shown as it is.
 */
export function countText(n: number, post: { statsProvider: string | null }, format: (n: number) => string) {
  return n === 0 && post.statsProvider === null ? i18n.t('viewsUnknown') : format(n);
}
