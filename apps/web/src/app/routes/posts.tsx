import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { tableSearchSchema } from '../../components/table/table-search.ts';
import { POSTS_ADMIN_TABS } from '../../features/posts/posts-admin-tabs.ts';
import type { NavEntry } from '../shell/nav.ts';
import { handleSearch, idSearch, shellRoute } from './layout.tsx';

const ReviewPage = lazyRouteComponent(
  () => import('../../features/posts/components/ReviewPage.tsx'),
  'ReviewPage',
);
const ZeroLikesPage = lazyRouteComponent(
  () => import('../../features/posts/components/ZeroLikesPage.tsx'),
  'ZeroLikesPage',
);
const PostsAdminPage = lazyRouteComponent(
  () => import('../../features/posts/components/PostsAdminPage.tsx'),
  'PostsAdminPage',
);
const ManualPostsPage = lazyRouteComponent(
  () => import('../../features/posts/components/ManualPostsPage.tsx'),
  'ManualPostsPage',
);

/** Post review: the competition's unscored posts as cards. */
const reviewRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/update',
  validateSearch: idSearch,
  component: function Review() {
    const { id } = reviewRoute.useSearch();
    return <ReviewPage id={id} />;
  },
});
/** Errors: the posts with 0 likes as cards, and the flagged posts table (its state in the URL). */
const zeroLikesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/correct',
  validateSearch: idSearch.extend(tableSearchSchema.shape),
  component: function ZeroLikes() {
    const { id } = zeroLikesRoute.useSearch();
    return <ZeroLikesPage id={id} />;
  },
});

/** Posts admin: the tab and the table's state in the URL. */
const postsAdminRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/posts',
  validateSearch: tableSearchSchema.extend({ tab: z.enum(POSTS_ADMIN_TABS).optional().catch(undefined) }),
  component: function PostsAdmin() {
    const { tab } = postsAdminRoute.useSearch();
    const navigate = postsAdminRoute.useNavigate();
    return (
      <PostsAdminPage
        tab={tab ?? 'active'}
        onTabChange={(next) => void navigate({ search: { tab: next } })}
      />
    );
  },
});
const manualPostsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/manual',
  validateSearch: idSearch.extend({ creator: handleSearch }),
  component: function ManualPosts() {
    const { id, creator } = manualPostsRoute.useSearch();
    const navigate = manualPostsRoute.useNavigate();
    return (
      <ManualPostsPage
        id={id}
        creator={creator}
        onCreatorChange={(next) => void navigate({ search: { id, creator: next }, replace: true })}
      />
    );
  },
});

export const postsRoutes = {
  shell: [reviewRoute, zeroLikesRoute, postsAdminRoute, manualPostsRoute],
} as const;

export const postsNav = {
  posts: { to: '/preffy/posts', label: 'posts:nav.posts', icon: 'video', access: 'signed-in', order: 30 },
} satisfies Record<string, NavEntry>;
