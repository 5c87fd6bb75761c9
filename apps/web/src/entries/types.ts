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

export interface LeaderboardRow {
  rank: number;
  creator: string;
  platform: string;
  email: string;
  source: string;
  postCount: number;
  likes: number;
  views: number;
  creativityScore: number;
  prizeLabel: string | null;
  prizeAmount: number | null;
  reason: string;
  flags: string[];
}

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
