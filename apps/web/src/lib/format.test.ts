import { describe, expect, it } from 'vitest';
import { UNFORMATTABLE, formatTimestamp } from './format.ts';

describe('timestamps (doc 2 §9: M/D/YY h:mm A z in the user’s time zone)', () => {
  // 20:05 UTC on 7 March 2026.
  const at = Date.UTC(2026, 2, 7, 20, 5);

  it('writes the spec’s pattern in English, in the given zone', () => {
    expect(formatTimestamp(at, 'America/New_York', 'en')).toBe('3/7/26 3:05 PM EST');
    expect(formatTimestamp(at, 'UTC', 'en')).toBe('3/7/26 8:05 PM UTC');
    // The same moment is the next day in Tokyo: the zone decides the date too.
    expect(formatTimestamp(at, 'Asia/Tokyo', 'en')).toMatch(/^3\/8\/26 5:05 AM (GMT\+9|JST)$/);
  });

  it('keeps the same parts in another language’s own order and clock', () => {
    const german = formatTimestamp(at, 'Europe/Berlin', 'de');
    expect(german).toContain('7.3.26');
    expect(german).toContain('21:05');
    expect(german).toMatch(/MEZ|GMT\+1/);
  });

  it('shows the placeholder for a stored value that is not a time', () => {
    expect(formatTimestamp(Number.NaN, 'UTC', 'en')).toBe(UNFORMATTABLE);
    expect(formatTimestamp(8.64e15 + 1, 'UTC', 'en')).toBe(UNFORMATTABLE);
  });
});

describe('formatPrizeLine', () => {
  it('writes the amount as the total beside it is written, keeping the organizer’s words', async () => {
    const { formatPrizeLine } = await import('./format.ts');
    const { setLanguage } = await import('./i18n/index.ts');
    await setLanguage('en');
    expect(formatPrizeLine('1st Place: $1,500')).toBe('1st Place: $1,500');
    expect(formatPrizeLine('First 30 Creators: $10 each')).toBe('First 30 Creators: $10 each');
    await setLanguage('es');
    expect(formatPrizeLine('1st Place: $1,500')).toBe('1st Place: 1500\u00a0US$');
    expect(formatPrizeLine('Top 3: $ 80.5')).toBe('Top 3: 80,50\u00a0US$');
    await setLanguage('de');
    expect(formatPrizeLine('1st Place: $1,500')).toBe('1st Place: 1.500\u00a0$');
    // No amount: as typed.
    expect(formatPrizeLine('A signed vinyl')).toBe('A signed vinyl');
    await setLanguage('en');
  });
});
