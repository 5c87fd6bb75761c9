import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TIME_BUCKET_MS,
  cumulative,
  dailySeries,
  dayRangeMs,
  daySeries,
  daysBetween,
  isValidRange,
  presetRange,
  rate,
} from './analytics.ts';

const at = (iso: string) => Date.parse(iso);
const bucketOf = (iso: string) => Math.floor(at(iso) / TIME_BUCKET_MS);

describe('daily series from quarter-hour buckets', () => {
  it('puts each bucket on its day in the time zone and zero-fills the rest', () => {
    // 03:00 UTC on 3 March is still 2 March in New York (22:00, UTC-5).
    const series = dailySeries(
      [
        { bucket: bucketOf('2021-03-03T03:00:00Z'), count: 2 },
        { bucket: bucketOf('2021-03-03T15:00:00Z'), count: 5 },
        { bucket: bucketOf('2021-03-09T15:00:00Z'), count: 9 },
      ],
      '2021-03-01',
      '2021-03-04',
      'America/New_York',
    );
    expect(series).toEqual([
      { day: '2021-03-01', count: 0 },
      { day: '2021-03-02', count: 2 },
      { day: '2021-03-03', count: 5 },
      { day: '2021-03-04', count: 0 },
    ]);
  });

  it('follows daylight saving: 23:30 local on the day clocks go forward is still that day', () => {
    // 14 March 2021: New York moves to UTC-4; 03:30 UTC on 15 March is 23:30 on 14 March.
    const series = dailySeries(
      [{ bucket: bucketOf('2021-03-15T03:00:00Z'), count: 1 }],
      '2021-03-14',
      '2021-03-15',
      'America/New_York',
    );
    expect(series).toEqual([
      { day: '2021-03-14', count: 1 },
      { day: '2021-03-15', count: 0 },
    ]);
  });

  it('puts a post 15 minutes after midnight in Kolkata (UTC+5:30) on that day, not the day before', () => {
    // 18:45 UTC on 2 March is 00:15 on 3 March in Kolkata.
    const series = dailySeries(
      [{ bucket: bucketOf('2021-03-02T18:45:00Z'), count: 1 }],
      '2021-03-02',
      '2021-03-03',
      'Asia/Kolkata',
    );
    expect(series).toEqual([
      { day: '2021-03-02', count: 0 },
      { day: '2021-03-03', count: 1 },
    ]);
  });

  it('never loses or invents a count inside the range', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            bucket: fc.integer({ min: 1_796_000, max: 1_804_000 }),
            count: fc.integer({ min: 0, max: 50 }),
          }),
        ),
        (buckets) => {
          const { start, end } = dayRangeMs('2021-03-01', '2021-04-30', 'Europe/Berlin');
          const inside = buckets.filter(
            (h) => h.bucket * TIME_BUCKET_MS >= start && h.bucket * TIME_BUCKET_MS < end,
          );
          const series = dailySeries(buckets, '2021-03-01', '2021-04-30', 'Europe/Berlin');
          expect(series).toHaveLength(61);
          expect(series.reduce((s, d) => s + d.count, 0)).toBe(inside.reduce((s, h) => s + h.count, 0));
        },
      ),
    );
  });
});

describe('daily series from day counts (the daily rollups)', () => {
  it('sums the counts of each day in the range, zero-fills the rest and leaves out the days outside', () => {
    const series = daySeries(
      [
        { day: '2025-03-02', count: 2 },
        { day: '2025-03-02', count: 3 },
        { day: '2025-03-04', count: 1 },
        { day: '2025-03-05', count: 9 },
        { day: '', count: 7 },
      ],
      '2025-03-01',
      '2025-03-04',
    );
    expect(series).toEqual([
      { day: '2025-03-01', count: 0 },
      { day: '2025-03-02', count: 5 },
      { day: '2025-03-03', count: 0 },
      { day: '2025-03-04', count: 1 },
    ]);
  });
});

describe('ranges', () => {
  it('lists the days of a range, both ends included', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(daysBetween('2024-03-02', '2024-03-01')).toEqual([]);
  });

  it('presets end today in the time zone', () => {
    const now = at('2026-01-01T03:00:00Z'); // still 31 December 2025 in New York
    expect(presetRange('last7', now, 'America/New_York')).toEqual({ from: '2025-12-25', to: '2025-12-31' });
    expect(presetRange('last30', now, 'UTC')).toEqual({ from: '2025-12-03', to: '2026-01-01' });
    expect(presetRange('thisYear', now, 'America/New_York')).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(presetRange('lastYear', now, 'UTC')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('a custom range is real, in order, from 2021-03-01 and not past today', () => {
    expect(isValidRange('2021-03-01', '2021-03-01', '2026-01-01')).toBe(true);
    expect(isValidRange('2021-02-28', '2021-03-01', '2026-01-01')).toBe(false);
    expect(isValidRange('2025-05-02', '2025-05-01', '2026-01-01')).toBe(false);
    expect(isValidRange('2025-05-01', '2026-01-02', '2026-01-01')).toBe(false);
    expect(isValidRange('2025-02-30', '2025-03-01', '2026-01-01')).toBe(false);
  });
});

describe('totals', () => {
  it('a running total adds each day to the days before it', () => {
    expect(
      cumulative(
        [
          { day: 'a', count: 1 },
          { day: 'b', count: 0 },
          { day: 'c', count: 4 },
        ],
        10,
      ),
    ).toEqual([
      { day: 'a', count: 11 },
      { day: 'b', count: 11 },
      { day: 'c', count: 15 },
    ]);
  });

  it('a rate of nothing is 0, not NaN', () => {
    expect(rate(0, 0)).toBe(0);
    expect(rate(1, 4)).toBe(0.25);
  });
});
