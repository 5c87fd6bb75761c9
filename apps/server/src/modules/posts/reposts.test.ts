import { INTEGRITY_MESSAGES, hashBands } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCompetition } from '../../../test/fixtures/competitions.ts';
import { enterPost, refreshCompetition, storedPost } from '../../../test/fixtures/entries.ts';
import { tiktokLink } from '../../../test/fixtures/posts.ts';
import { appWithFakeProviders } from '../../../test/fixtures/fake-providers-app.ts';
import type { SignedInClient } from '../../../test/fixtures/signed-in.ts';
import type { JobWorker } from '../../../test/job-worker.ts';
import type { createFakeProviders } from '../refresh/fake-providers.ts';

/**
 * Reposts (issue 42, decision 0135) end to end: the real adapters ask the fake providers, whose
 * covers are pictures drawn with sharp; a refresh hashes each cover once and compares it with
 * every earlier entry's, in every competition.
 */
let app: FastifyInstance;
let staff: SignedInClient;
let worker: JobWorker;
let fake: ReturnType<typeof createFakeProviders>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, staff, worker, fake, close } = await appWithFakeProviders());
});
afterAll(() => close());

let youtubeCounter = 0;
/** A video on a platform: its link and the fake providers' key for it ('platform:id'). */
function video(platform: 'tiktok' | 'youtube', handle: string) {
  if (platform === 'tiktok') {
    const link = tiktokLink(handle);
    return { link, key: `tiktok:${/video\/(\d+)/.exec(link)![1]}` };
  }
  const id = `Rp${String(process.pid % 1000).padStart(3, '0')}${String(++youtubeCounter).padStart(6, '0')}`;
  return { link: `https://www.youtube.com/shorts/${id}`, key: `youtube:${id}` };
}

const enter = (competitionId: string, link: string, email: string) =>
  enterPost(app, staff, competitionId, { link, email });
const refresh = (competitionId: string) => refreshCompetition(staff, worker, competitionId);
const stored = (id: string) => storedPost(app, id);
const repostFlags = async (id: string) => (await stored(id)).flags.filter((f) => f.code === 'possibleRepost');

describe('reposts', () => {
  it('flags a re-encoded, resized or watermarked copy of an earlier cover in another competition, on any platform, with a link', async () => {
    const first = await liveCompetition(staff);
    const original = video('tiktok', 'maker');
    const originalId = await enter(first.id, original.link, 'maker@creators.test');
    await refresh(first.id);
    const hashed = await stored(originalId);
    expect(hashed.coverHash).toMatch(/^[0-9a-f]{16}$/);
    expect([hashed.coverBand0, hashed.coverBand1, hashed.coverBand2]).toEqual(hashBands(hashed.coverHash!));
    expect(Number(hashed.followers)).toBeGreaterThan(0);

    const second = await liveCompetition(staff);
    const copies = (['reencoded', 'resized', 'watermarked'] as const).map((copy, i) => {
      const v = video(i === 1 ? 'youtube' : 'tiktok', `copier${i}`);
      fake.covers.set(v.key, { of: original.key, copy });
      return v;
    });
    const copyIds: string[] = [];
    for (const [i, v] of copies.entries())
      copyIds.push(await enter(second.id, v.link, `copier${i}@creators.test`));
    await refresh(second.id);
    for (const id of copyIds) {
      const [flag] = await repostFlags(id);
      expect(flag).toMatchObject({
        code: 'possibleRepost',
        message: INTEGRITY_MESSAGES.possibleRepost,
        values: {
          earlierId: originalId,
          earlierLink: hashed.link,
          earlierCreator: 'maker',
          earlierRemoved: 0,
        },
      });
      expect((flag!.values as { distance: number }).distance).toBeLessThanOrEqual(8);
      // A note: the post stays in review for staff to judge.
      expect((await stored(id)).deleted).toBe(0);
    }
    // The original is earlier than its copies: it is never called a repost of them.
    await refresh(first.id);
    expect(await repostFlags(originalId)).toEqual([]);
    // Later refreshes carry the note: the check ran once, when each cover was hashed. (Were it
    // asked again, the original's hash taken away here would leave it nothing to find.)
    const notes = await Promise.all(copyIds.map(repostFlags));
    await app.db
      .updateTable('posts')
      .set({ coverHash: null, coverBand0: null, coverBand1: null, coverBand2: null })
      .where('id', '=', originalId)
      .execute();
    await refresh(second.id);
    expect(await Promise.all(copyIds.map(repostFlags))).toEqual(notes);
  });

  it('leaves alone another video on the same topic, the creator’s own earlier entry, and a post without a cover', async () => {
    const c = await liveCompetition(staff);
    const original = video('tiktok', 'solo');
    await enter(c.id, original.link, 'solo@creators.test');
    const other = video('tiktok', 'neighbour');
    const mine = video('youtube', 'solo');
    fake.covers.set(mine.key, { of: original.key, copy: 'resized' });
    const bare = video('tiktok', 'bare');
    fake.covers.set(bare.key, null);
    const otherId = await enter(c.id, other.link, 'neighbour@creators.test');
    const mineId = await enter(c.id, mine.link, 'solo@creators.test');
    const bareId = await enter(c.id, bare.link, 'bare@creators.test');
    await refresh(c.id);
    expect(await repostFlags(otherId)).toEqual([]);
    expect(await repostFlags(mineId)).toEqual([]);
    expect((await stored(mineId)).coverHash).toMatch(/^[0-9a-f]{16}$/);
    expect(await repostFlags(bareId)).toEqual([]);
    expect((await stored(bareId)).coverHash).toBeNull();
  });

  it('reads each cover once: later refreshes keep the hash without fetching it again', async () => {
    const c = await liveCompetition(staff);
    const v = video('tiktok', 'once');
    await enter(c.id, v.link, 'once@creators.test');
    const coverRequests = () =>
      fake.requests.filter((r) => r.includes(`/covers/${encodeURIComponent(v.key)}`)).length;
    await refresh(c.id);
    await refresh(c.id);
    expect(coverRequests()).toBe(1);
  });
});
