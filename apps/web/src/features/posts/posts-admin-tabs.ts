/** The tabs of the posts admin (in the URL). Apart from the page, so the router can check the URL without loading the page. */
export const POSTS_ADMIN_TABS = ['active', 'inactive'] as const;
export type PostsAdminTab = (typeof POSTS_ADMIN_TABS)[number];
