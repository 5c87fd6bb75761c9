/** A post as GET /api/competitions/:id/posts returns it (apps/server/src/modules/posts/posts.routes.ts). */
export interface Post {
  id: string;
  version: number;
  createdAt: number;
  link: string;
  email: string;
  creator: string;
  platform: string;
  postId: string | null;
  likes: number;
  views: number;
  comments: number;
  shares: number;
  bonusLikes: number | null;
  creativityScore: number;
  source: string;
  country: string | null;
  author: string | null;
  postedDate: number | null;
  statsCheckedAt: number | null;
  statsProvider: string | null;
  statsError: string | null;
}

/** A leaderboard row as the API serves it: the domain's own type. */
export type { LeaderboardRow } from '@preffy/domain';

export type JobKind = 'refresh-views' | 'update-leaderboard';
export interface Job {
  id: string;
  kind: JobKind;
  status: 'queued' | 'running' | 'done' | 'cancelled' | 'failed';
  total: number;
  done: number;
  failed: number;
  running: number;
  queued: number;
  createdAt: number;
  finishedAt: number | null;
  error: string | null;
}
