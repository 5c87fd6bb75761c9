/** The tabs of a competition's entries screen (in the URL). Apart from the page, so the router can check the URL without loading the page. */
export const ENTRIES_TABS = ['posts', 'leaderboard', 'creators'] as const;
export type EntriesTab = (typeof ENTRIES_TABS)[number];
