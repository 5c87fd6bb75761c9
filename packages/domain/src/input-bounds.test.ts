import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { competitionTimeOn, localDay } from './dates.ts';
import {
  FORM_MESSAGES,
  reserveDateSchema,
  startCompetitionSchema,
  updateCompetitionSchema,
} from './forms.ts';
import {
  DATE_WINDOW_END,
  DATE_WINDOW_START,
  MONEY_MAX,
  TEXT_LIMITS,
  isDayInWindow,
  isMoney,
  isMonthInWindow,
  isWithinDateWindow,
} from './input-bounds.ts';

const now = Date.UTC(2026, 10, 22, 9);
const start = startCompetitionSchema({ now, timeZone: 'UTC' });
const validStart = {
  email: 'artist@label.com',
  name: 'Midnight Drive',
  organizer: 'Luna Vega',
  audio: 'https://soundcloud.com/luna/midnight',
  startDate: competitionTimeOn('2026-11-22', 'UTC'),
  endDate: competitionTimeOn('2026-11-29', 'UTC'),
  invoiceAmount: 100,
  prizes: ['1st Place: $200'],
  isClosed: false,
};
const validUpdate = {
  ...validStart,
  platforms: ['TikTok'],
  competitionType: 'Hybrid',
  continents: ['Europe'],
  countries: ['DE'],
  isDirect: false,
  is555: false,
  takePct: 1,
  metric: 'likes',
};
const fieldErrors = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the date window', () => {
  it('holds every instant a formatter can show, and nothing outside 2020..2100', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (ms) => {
        if (!isWithinDateWindow(ms)) return;
        // Inside the window a date always formats.
        expect(localDay(ms, 'Pacific/Kiritimati')).toMatch(/^20\d\d-|^2100-/);
      }),
    );
    expect(isWithinDateWindow(DATE_WINDOW_START)).toBe(true);
    expect(isWithinDateWindow(DATE_WINDOW_END)).toBe(false);
    for (const bad of [0, -1, 1e308, 8640000000000001, Number.NaN, Infinity])
      expect(isWithinDateWindow(bad)).toBe(false);
  });

  it('refuses the attack values on Start and Update with a field message instead of throwing', () => {
    for (const endDate of [1e308, 8640000000000001, 0, -5, 1.5, Number.MAX_SAFE_INTEGER]) {
      for (const schema of [start, updateCompetitionSchema]) {
        const result = schema.safeParse({ ...validUpdate, endDate });
        expect(result.success).toBe(false);
        expect(fieldErrors(result)).toEqual({ endDate: FORM_MESSAGES.dateOutOfWindow });
      }
    }
    expect(fieldErrors(updateCompetitionSchema.safeParse({ ...validUpdate, startDate: 0 }))).toEqual({
      startDate: FORM_MESSAGES.dateOutOfWindow,
    });
  });

  it('never throws on any number for either date (property)', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (startDate, endDate) => {
        const result = start.safeParse({ ...validStart, startDate, endDate });
        if (result.success) {
          expect(isWithinDateWindow(startDate) && isWithinDateWindow(endDate)).toBe(true);
          expect(endDate).toBeGreaterThan(startDate);
        }
      }),
    );
  });

  it('bounds calendar days and months to the window', () => {
    expect(isDayInWindow('2020-01-01')).toBe(true);
    expect(isDayInWindow('2100-12-31')).toBe(true);
    expect(isDayInWindow('2019-12-31')).toBe(false);
    expect(isDayInWindow('9999-12-31')).toBe(false);
    expect(isDayInWindow('2025-02-31')).toBe(false);
    expect(isMonthInWindow('2100-12')).toBe(true);
    expect(isMonthInWindow('9999-12')).toBe(false);
    expect(
      fieldErrors(reserveDateSchema.safeParse({ day: '9999-12-31', organizer: 'Luna', invoiceAmount: 10 })),
    ).toEqual({
      day: FORM_MESSAGES.dateOutOfWindow,
    });
  });
});

describe('money', () => {
  it('is 0 to 10,000,000 in whole cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MONEY_MAX * 100 }), (cents) => {
        expect(isMoney(cents / 100)).toBe(true);
      }),
    );
    for (const bad of [-0.01, MONEY_MAX + 0.01, 0.001, 1e308, Number.NaN, Infinity])
      expect(isMoney(bad)).toBe(false);
  });

  it('refuses an invoice out of range or with fractions of a cent', () => {
    for (const invoiceAmount of [999_999_999, 0.005]) {
      expect(fieldErrors(start.safeParse({ ...validStart, invoiceAmount }))).toEqual({
        invoiceAmount: FORM_MESSAGES.amountInvalid,
      });
      expect(
        fieldErrors(reserveDateSchema.safeParse({ day: '2026-12-01', organizer: 'Luna', invoiceAmount })),
      ).toEqual({ invoiceAmount: FORM_MESSAGES.amountInvalid });
    }
    expect(start.safeParse({ ...validStart, invoiceAmount: 19.99 }).success).toBe(true);
  });
});

describe('text, prizes, countries and continents', () => {
  it('refuses a 200,000-character name and overlong texts', () => {
    const huge = 'x'.repeat(200_000);
    expect(fieldErrors(start.safeParse({ ...validStart, name: huge }))).toEqual({
      name: FORM_MESSAGES.textTooLong,
    });
    expect(fieldErrors(updateCompetitionSchema.safeParse({ ...validUpdate, notes: huge }))).toEqual({
      notes: FORM_MESSAGES.textTooLong,
    });
    expect(fieldErrors(start.safeParse({ ...validStart, email: `${huge}@a.co` }))).toEqual({
      email: FORM_MESSAGES.textTooLong,
    });
  });

  it('bounds the prize lines in count and length', () => {
    const many = Array.from({ length: TEXT_LIMITS.prizeLines + 1 }, (_, i) => `Prize ${i}: $1`);
    expect(fieldErrors(start.safeParse({ ...validStart, prizes: many }))).toEqual({
      prizes: FORM_MESSAGES.tooManyPrizes,
    });
    expect(fieldErrors(start.safeParse({ ...validStart, prizes: [`${'x'.repeat(300)}: $1`] }))).toEqual({
      'prizes.0': FORM_MESSAGES.textTooLong,
    });
  });

  it('takes countries from the ISO table and continents and platforms from their lists', () => {
    expect(fieldErrors(updateCompetitionSchema.safeParse({ ...validUpdate, countries: ['<s'] }))).toEqual({
      'countries.0': FORM_MESSAGES.countryInvalid,
    });
    expect(fieldErrors(updateCompetitionSchema.safeParse({ ...validUpdate, countries: ['ZZ'] }))).toEqual({
      'countries.0': FORM_MESSAGES.countryInvalid,
    });
    expect(
      fieldErrors(updateCompetitionSchema.safeParse({ ...validUpdate, continents: ['Atlantis'] })),
    ).toEqual({
      'continents.0': FORM_MESSAGES.continentInvalid,
    });
    expect(
      fieldErrors(updateCompetitionSchema.safeParse({ ...validUpdate, platforms: ['MySpace'] })),
    ).toEqual({
      'platforms.0': FORM_MESSAGES.platformInvalid,
    });
    expect(updateCompetitionSchema.safeParse({ ...validUpdate, countries: ['US', 'FR', 'JP'] }).success).toBe(
      true,
    );
  });
});
