import { describe, expect, it } from 'vitest';
import { STATE_FLAGS, competitionState, holdLabel, newCompetitionDefaults } from './competitions.ts';

describe('competition state', () => {
  it('derives from hasEnded then isActive', () => {
    expect(competitionState({ hasEnded: true, isActive: true })).toBe('completed');
    expect(competitionState({ hasEnded: false, isActive: true })).toBe('active');
    expect(competitionState({ hasEnded: false, isActive: false })).toBe('preview');
  });
  it('sets the flag pairs of the admin dropdown, and each pair reads back as its state', () => {
    expect(STATE_FLAGS).toEqual({
      completed: { hasEnded: true, isActive: false },
      active: { hasEnded: false, isActive: true },
      preview: { hasEnded: false, isActive: false },
    });
    for (const [state, flags] of Object.entries(STATE_FLAGS)) expect(competitionState(flags)).toBe(state);
  });
  it('labels holds', () => {
    expect(holdLabel(false)).toBe('Hold');
    expect(holdLabel(true)).toBe('Confirmed');
  });
});

describe('new competition defaults', () => {
  it('runs today to 7 days later at 15:00, invoice 0, the default prizes, TikTok, six continents', () => {
    const defaults = newCompetitionDefaults(Date.UTC(2026, 10, 22, 9), 'UTC');
    expect(defaults.startDate).toBe(Date.UTC(2026, 10, 22, 15));
    expect(defaults.endDate).toBe(Date.UTC(2026, 10, 29, 15));
    expect(defaults).toMatchObject({
      invoiceAmount: 0,
      prizes: ['1st Place: $200', '2nd Place: $100', 'First 30 Creators: $10'],
      platforms: ['TikTok'],
      competitionType: 'Hybrid',
      takePct: 1,
      continents: ['North America', 'South America', 'Asia', 'Oceania', 'Europe', 'Africa'],
    });
  });
});
