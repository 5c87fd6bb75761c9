import { describe, expect, it } from 'vitest';
import { RISK_WEIGHTS, riskScore } from './integrity-risk.ts';

describe('the risk score', () => {
  it('is the sum of the signals’ weights, with the signals that make it up, heaviest first', () => {
    expect(riskScore([{ code: 'viewSpikeMedium' }, { code: 'viewsWithoutEngagement' }])).toEqual({
      score: 60,
      parts: [
        { code: 'viewsWithoutEngagement', weight: 35 },
        { code: 'viewSpikeMedium', weight: 25 },
      ],
    });
  });
  it('stops at 100, and a banned author is 100 alone', () => {
    expect(
      riskScore([{ code: 'viewSpikeHigh' }, { code: 'viewsWithoutEngagement' }, { code: 'lowEngagement' }])
        .score,
    ).toBe(100);
    expect(riskScore([{ code: 'bannedUser' }]).score).toBe(100);
  });
  it('is 0 for a clean post, for rules about the entry, and for codes it does not know', () => {
    expect(riskScore([])).toEqual({ score: 0, parts: [] });
    expect(
      riskScore([{ code: 'invalidCountry' }, { code: 'invalidPostDate' }, { code: 'viewSpike' }]),
    ).toEqual({
      score: 0,
      parts: [],
    });
  });
  it('weighs every signal between 0 and 100', () => {
    for (const weight of Object.values(RISK_WEIGHTS)) expect(weight >= 0 && weight <= 100).toBe(true);
  });
});
