import { posts } from '@preffy/api';
import { type ListAllQuery, postsKeys } from '../../lib/post-lists.ts';
import { useServerTable } from '../table/use-server-table.ts';

/** The filters a screen puts on the list (paging, search and sort are the table's). */
type PostFilters = Pick<ListAllQuery, 'competitionId' | 'creator' | 'withReferrals' | 'deleted'>;

/**
 * A table of every post (listAll), newest first, with the screen's filters: posts admin and the
 * referrals reset table. Its key is the shared posts list key, so an edit or a reset anywhere
 * refetches it.
 */
export const useAllPostsTable = (filters: PostFilters) =>
  useServerTable({
    key: postsKeys.lists,
    endpoint: posts.listAll,
    sortBy: 'createdAt',
    sortDirection: 'desc',
    pageSizes: [10, 25, 50],
    extra: filters,
  });
