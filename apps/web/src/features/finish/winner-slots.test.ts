import type { WinnerCandidate } from '@preffy/api';
import { describe, expect, it } from 'vitest';
import {
  type SlotState,
  blockOf,
  blocksOf,
  candidateLimitFor,
  choiceLabel,
  duplicateSlots,
  optionsFor,
  slotNames,
  suggestReasonOf,
} from './winner-slots.ts';

const candidate = (creator: string, platform: string, email: string, source = ''): WinnerCandidate => ({
  creator,
  platform,
  email,
  source,
  likes: 0,
  views: 0,
  creativityScore: 0,
  postCount: 1,
  isBanned: false,
});
const slot = (winner: WinnerCandidate | null, banned = false): SlotState => ({
  winner,
  reason: null,
  banned,
});

const ana = candidate('ana', 'tiktok', 'ana@creators.test');
const anaElsewhere = candidate('ana', 'tiktok', 'ana.two@creators.test');
const ben = candidate('ben', 'instagram', 'ben@creators.test', 'genni');

describe('the winner selector', () => {
  it("shows 'creator - platform - email (source)', Preffy when the post has no source", () => {
    expect(choiceLabel(ana)).toBe('ana - TikTok - ana@creators.test (Preffy)');
    expect(choiceLabel(ben)).toBe('ben - Instagram - ben@creators.test (genni)');
  });

  it('hides the emails chosen in the other slots (any case), keeps its own, offers each combination once', () => {
    const slots = [slot({ ...ana, email: 'ANA@creators.test' }), slot(ben), slot(null)];
    const all = [ana, ana, anaElsewhere, ben];
    expect(optionsFor(all, slots, 2)).toEqual([anaElsewhere]);
    // Slot 0's own winner stays offered to slot 0.
    expect(optionsFor(all, slots, 0)).toEqual([ana, anaElsewhere]);
  });
});

describe('the blocking rules', () => {
  it('nothing blocks distinct, unbanned winners or empty slots', () => {
    expect(blocksOf([slot(ana), slot(ben), slot(null)])).toEqual([]);
  });

  it('the same creator and platform under two emails is a duplicate, marked on both slots', () => {
    const slots = [slot(ana), slot(null), slot(anaElsewhere)];
    expect(blocksOf(slots)).toEqual([{ kind: 'duplicates', list: 'ana - tiktok' }]);
    expect([...duplicateSlots(slots)]).toEqual([0, 2]);
  });

  it('a banned winner blocks with their email; an empty slot marked banned does not', () => {
    expect(blocksOf([slot(ana), slot(ben, true), slot(null, true)])).toEqual([
      { kind: 'banned', emails: 'ben@creators.test' },
    ]);
  });

  it("reads the server's messages (the domain's wording) and leaves any other text alone", () => {
    expect(blockOf('Duplicates found: ana - tiktok, bo - instagram')).toEqual({
      kind: 'duplicates',
      list: 'ana - tiktok, bo - instagram',
    });
    expect(blockOf('Please Remove Banned Users: x@y.test')).toEqual({ kind: 'banned', emails: 'x@y.test' });
    expect(blockOf('Something else')).toBeNull();
  });
});

describe('slot names', () => {
  it('numbers the places that share one prize line', () => {
    const nth = (label: string, n: number, of: number) => `${label} (${n} of ${of})`;
    expect(slotNames([{ label: '1st Place' }, { label: '2nd-3rd' }, { label: '2nd-3rd' }], nth)).toEqual([
      '1st Place',
      '2nd-3rd (1 of 2)',
      '2nd-3rd (2 of 2)',
    ]);
  });
});

describe('the reasons of Suggest winners', () => {
  it("reads the domain's wording of each kind of prize slot", () => {
    expect(suggestReasonOf('rank 2 by likes (1234)')).toEqual({
      kind: 'rank',
      rank: 2,
      metric: 'likes',
      value: '1234',
    });
    expect(suggestReasonOf('rank 1 by views (98765)')).toEqual({
      kind: 'rank',
      rank: 1,
      metric: 'views',
      value: '98765',
    });
    expect(suggestReasonOf('creativity score 250 (at least 100), then likes')).toEqual({
      kind: 'creative',
      score: '250',
      threshold: '100',
    });
    expect(suggestReasonOf('first-come: among the earliest creators to post')).toEqual({ kind: 'firstCome' });
  });

  it('leaves any other text alone (shown as the server wrote it)', () => {
    expect(suggestReasonOf('chosen by hand')).toBeNull();
    expect(suggestReasonOf('rank 2 by shares (3)')).toBeNull();
    expect(suggestReasonOf('')).toBeNull();
  });
});

describe('how many options a selector asks for', () => {
  it('20, plus one per email taken in the other slots, at most 50', () => {
    expect(candidateLimitFor([slot(null), slot(null)], 0)).toBe(20);
    expect(candidateLimitFor([slot(ana), slot(ben), slot(null)], 2)).toBe(22);
    // Its own winner and the same email twice (any case) count once.
    expect(candidateLimitFor([slot(ana), slot({ ...ana, email: 'ANA@creators.test' }), slot(ben)], 2)).toBe(
      21,
    );
    const many = Array.from({ length: 60 }, (_, i) => slot(candidate(`c${i}`, 'tiktok', `c${i}@x.test`)));
    expect(candidateLimitFor(many, 0)).toBe(50);
  });
});
