import type { FinishSlot, WinnerCandidate, WinnerChoice } from '@preffy/api';
import { entryKey, platformName, validateWinners } from '@preffy/domain';

/** A prize slot as the screen holds it while staff choose: the winner, why, and whether banned. */
export type SlotState = { winner: WinnerChoice | null; reason: string | null; banned: boolean };

export const slotStatesOf = (slots: readonly FinishSlot[]): SlotState[] =>
  slots.map(({ winner, reason, banned }) => ({ winner, reason, banned }));

/** One combination of creator, platform, email and source: the selector's option value. */
export const choiceKey = (choice: WinnerChoice) =>
  JSON.stringify([choice.creator, choice.platform, choice.email.toLowerCase(), choice.source]);

/**
 * The option text the legacy selector showed, 'creator - platform - email (source)', with the
 * platform named as people write it ('TikTok', not the stored 'tiktok'; decision 0114).
 */
export const choiceLabel = (choice: WinnerChoice) =>
  `${choice.creator} - ${platformName(choice.platform)} - ${choice.email} (${choice.source || 'Preffy'})`;

/**
 * What the selector of slot `index` offers: each combination once, without the emails already
 * chosen in the other slots (one person wins one prize; a second account of the same creator
 * under another email stays offered, and the duplicate rule catches it).
 */
export function optionsFor(
  candidates: readonly WinnerCandidate[],
  slots: readonly SlotState[],
  index: number,
): WinnerCandidate[] {
  const taken = new Set(
    slots.flatMap((slot, i) => (i !== index && slot.winner ? [slot.winner.email.toLowerCase()] : [])),
  );
  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    const key = choiceKey(candidate);
    if (taken.has(candidate.email.toLowerCase()) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Why Submit is blocked, in a form the screen can translate (the lists stay as written). */
export type Block = { kind: 'duplicates'; list: string } | { kind: 'banned'; emails: string };

const DUPLICATES = 'Duplicates found: ';
const BANNED = 'Please Remove Banned Users: ';

/**
 * A message of validateWinners (@preffy/domain), which the server also answers in
 * fieldErrors.winners, as a Block; null for any other text (shown as the server wrote it).
 */
export function blockOf(message: string): Block | null {
  if (message.startsWith(DUPLICATES)) return { kind: 'duplicates', list: message.slice(DUPLICATES.length) };
  if (message.startsWith(BANNED)) return { kind: 'banned', emails: message.slice(BANNED.length) };
  return null;
}

/** The blocking rules on the chosen winners, checked as the server checks them on Submit. */
export function blocksOf(slots: readonly SlotState[]): Block[] {
  const chosen = slots.flatMap((slot) => (slot.winner ? [slot.winner] : []));
  const banned = slots.flatMap((slot) => (slot.winner && slot.banned ? [slot.winner.email] : []));
  return validateWinners(chosen, banned).flatMap((message) => blockOf(message) ?? []);
}

/** The slots whose creator and platform are chosen in another slot too (marked on screen). */
export function duplicateSlots(slots: readonly SlotState[]): Set<number> {
  const counts = new Map<string, number>();
  const keyOf = (w: WinnerChoice) => entryKey(w.creator, w.platform);
  for (const slot of slots)
    if (slot.winner) counts.set(keyOf(slot.winner), (counts.get(keyOf(slot.winner)) ?? 0) + 1);
  return new Set(slots.flatMap((slot, i) => (slot.winner && counts.get(keyOf(slot.winner))! > 1 ? [i] : [])));
}

/** The winners as the API takes them: one per slot, or null. */
export const winnersOf = (slots: readonly SlotState[]) => slots.map((slot) => slot.winner);

/** The draft as the API keeps it: the winners and, per slot, why Suggest winners chose its winner. */
export const draftOf = (version: number, slots: readonly SlotState[]) => ({
  version,
  winners: winnersOf(slots),
  reasons: slots.map((slot) => (slot.winner ? slot.reason : null)),
});

/**
 * Each slot's name on screen: its prize label, numbered when several places share one label
 * ('1st-5th Place (2 of 5)'); `nth` words the numbering in the user's language.
 */
export function slotNames(
  slots: readonly { label: string }[],
  nth: (label: string, n: number, of: number) => string,
): string[] {
  const totals = new Map<string, number>();
  for (const { label } of slots) totals.set(label, (totals.get(label) ?? 0) + 1);
  const seen = new Map<string, number>();
  return slots.map(({ label }) => {
    const of = totals.get(label)!;
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return of > 1 ? nth(label, n, of) : label;
  });
}

/** Why Suggest winners chose a winner, in a form the screen can translate. */
export type SuggestReason =
  | { kind: 'rank'; rank: number; metric: 'likes' | 'views'; value: string }
  | { kind: 'creative'; score: string; threshold: string }
  | { kind: 'firstCome' };

const RANK = /^rank (\d+) by (likes|views) \(([^)]*)\)$/;
const CREATIVE = /^creativity score (\S+) \(at least (\S+)\), then likes$/;
const FIRST_COME = 'first-come: among the earliest creators to post';

/**
 * A reason of suggestWinners (@preffy/domain), which the server answers in English, as a
 * SuggestReason; null for any other text (shown as the server wrote it).
 */
export function suggestReasonOf(reason: string): SuggestReason | null {
  const rank = RANK.exec(reason);
  if (rank)
    return { kind: 'rank', rank: Number(rank[1]), metric: rank[2] as 'likes' | 'views', value: rank[3]! };
  const creative = CREATIVE.exec(reason);
  if (creative) return { kind: 'creative', score: creative[1]!, threshold: creative[2]! };
  if (reason === FIRST_COME) return { kind: 'firstCome' };
  return null;
}

/** How many options the selector of slot `index` asks for: more as other slots take emails, so hiding them never empties the list. */
export function candidateLimitFor(slots: readonly SlotState[], index: number): number {
  const taken = new Set(
    slots.flatMap((slot, i) => (i !== index && slot.winner ? [slot.winner.email.toLowerCase()] : [])),
  );
  return Math.min(50, 20 + taken.size);
}

/** At most this many unfilled prizes are named; the rest are counted. */
export const UNFILLED_NAMED = 10;

/** The prizes no winner fills (not paid on Submit), by their name on screen and amount. */
export function unfilledPrizes(
  slots: readonly SlotState[],
  prizes: readonly { name: string; amount: number }[],
): { name: string; amount: number }[] {
  return prizes.filter((_, i) => !slots[i]?.winner);
}
