import type { PostStats } from '../posts/index.ts';

const ROUNDED = /^\s*(\d+(?:\.\d+)?)\s*([KMB])\s*$/i;
const SCALE: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };

/**
 * A count as a provider wrote it: a number, digits ("1,234"), or a rounded figure ("1.2M",
 * "12K"), which some providers give above 10,000 (issue 42): its value, and whether it is
 * rounded (the integrity detectors then allow for it). Null when there is none.
 */
export function countOf(v: unknown): { value: number; rounded: boolean } | null {
  if (typeof v === 'number') return Number.isFinite(v) ? { value: v, rounded: false } : null;
  if (typeof v !== 'string' || !v.trim()) return null;
  const rounded = ROUNDED.exec(v);
  if (rounded)
    return { value: Math.round(Number(rounded[1]) * SCALE[rounded[2]!.toLowerCase()]!), rounded: true };
  const plain = Number(v.replace(/[,\s]/g, ''));
  return Number.isFinite(plain) ? { value: plain, rounded: false } : null;
}

/** Reading the numbers in a provider's answer: counts may come as numbers, strings or not at all. */
export const num = (v: unknown) => countOf(v)?.value ?? 0;

/** A provider's view count; an answer without one is unknown, not 0 views (decision 0097). */
export const viewsOf = (v: unknown): Pick<PostStats, 'views' | 'viewsKind'> => {
  const count = countOf(v);
  return count ? { views: count.value, viewsKind: 'reported' } : { views: 0, viewsKind: 'unknown' };
};

/** Whether any of an answer's counts came rounded. */
export const roundedAmong = (...values: unknown[]) => values.some((v) => countOf(v)?.rounded === true);

/** A Unix time in seconds, as milliseconds; none when the answer gives none. */
export const seconds = (v: unknown) => (v ? num(v) * 1000 : null);

/** A count the provider may leave out (followers): null when it does, never 0. */
export const countOrNull = (v: unknown) => {
  const count = countOf(v)?.value;
  return count === undefined || count < 0 ? null : Math.round(count);
};
