import type { FlagCode } from './flags.ts';
import type { IntegritySignalCode } from './integrity-signals.ts';

/**
 * A post's risk score (issue 42): 0–100, the sum of its signals' weights, capped, with the
 * signals that make it up, so it explains itself (a reviewer reads why, never a bare number).
 * The weights say how sure each signal is of cheating: a banned author is certain; a spike
 * above the high threshold or likes above views nearly so; a note alone asks for a look.
 */
export const RISK_WEIGHTS: Record<FlagCode | IntegritySignalCode, number> = {
  bannedUser: 100,
  likesExceedViews: 60,
  viewSpikeHigh: 60,
  investigate: 40,
  viewsWithoutEngagement: 35,
  tooRegularGrowth: 30,
  possibleDuplicate: 30,
  possibleRepost: 30,
  viewSpikeMedium: 25,
  lowEngagement: 25,
  highEngagement: 25,
  suddenStop: 20,
  // Rules about the entry, not about cheating: they weigh nothing.
  invalidPostDate: 0,
  invalidCountry: 0,
};

export type RiskPart = { code: FlagCode | IntegritySignalCode; weight: number };
export type RiskScore = { score: number; parts: RiskPart[] };

/** The score of a post's stored flags (unknown codes, such as the earlier spike note, weigh 0). */
export function riskScore(flags: readonly { code: string }[]): RiskScore {
  const parts = flags
    .filter((f): f is RiskPart => Object.hasOwn(RISK_WEIGHTS, f.code))
    .map((f) => ({ code: f.code, weight: RISK_WEIGHTS[f.code] }))
    .filter((p) => p.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.code.localeCompare(b.code));
  return {
    score: Math.min(
      100,
      parts.reduce((n, p) => n + p.weight, 0),
    ),
    parts,
  };
}
