import type { PostStats } from '../posts/index.ts';

/** Reading the numbers in a provider's answer: counts may come as numbers, strings or not at all. */
export const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0)) || 0;

/** A provider's view count; an answer without one is unknown, not 0 views (decision 0097). */
export const viewsOf = (v: unknown): Pick<PostStats, 'views' | 'viewsKind'> =>
  v === undefined || v === null || v === '' || !Number.isFinite(Number(v))
    ? { views: 0, viewsKind: 'unknown' }
    : { views: num(v), viewsKind: 'reported' };

/** A Unix time in seconds, as milliseconds; none when the answer gives none. */
export const seconds = (v: unknown) => (v ? num(v) * 1000 : null);
