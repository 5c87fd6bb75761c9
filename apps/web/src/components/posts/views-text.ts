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
