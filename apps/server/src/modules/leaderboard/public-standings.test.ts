import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPosts } from '../../../test/fixtures/posts.ts';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { JobWorker } from '../../../test/job-worker.ts';
import { createStatsSources } from '../refresh/providers.ts';

/** The public page's standings (issue 43): the staff board's ranks, handles only, as staff allow. */
let app: FastifyInstance;
let staff: SignedInClient, organizer: SignedInClient;
let worker: JobWorker;

beforeAll(async () => {
  // The organizer of the competitions staff make here (the fixture's address).
  const members = { staff: 'staff', organizer: { role: 'organizer', email: 'artist@label.test' } } as const;
  ({ app, staff, organizer } = await signedInApp(members));
  worker = new JobWorker(app.db, createStatsSources({} as never));
});
afterAll(() => app.close());

/** Asked as a visitor: no cookie. */
const visitor = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

async function competitionWithBoard(fields: { confirmed?: boolean } = {}) {
  const c = await createCompetition(staff, {
    confirmed: fields.confirmed ?? true,
    prizes: ['1st Place: $200', '2nd Place: $100'],
  });
  await insertPosts(app, c.id, [
    { creator: 'ana', likes: 500, views: 9000 },
    { creator: 'ana', likes: 100, views: 1000 },
    { creator: 'ben', likes: 550, views: 800 },
    { creator: 'cai', platform: 'youtube', likes: 20, views: 100 },
    // Removed by a flag: it never counts.
    { creator: 'dee', likes: 9999, views: 10_000, deleted: 1, deletedReason: 'flagged' },
  ]);
  await staff.post(`/api/competitions/${c.id}/leaderboard/update`);
  while ((await worker.tick()) > 0);
  return c;
}

const setStandings = async (id: string, standings: string) => {
  const current = (await staff.get(`/api/competitions/${id}`)).json().competition;
  const updated = await staff.put(`/api/competitions/${id}`, { ...current, standings });
  expect(updated.statusCode, updated.body).toBe(200);
  return updated.json().competition;
};

describe('public standings', () => {
  it('show the staff board’s ranks over live posts, by handle and metric, never an email', async () => {
    const c = await competitionWithBoard();
    const staffBoard = (await staff.get(`/api/competitions/${c.id}/leaderboard`)).json();
    const response = await visitor(`/api/public/competitions/${c.id}/standings`);
    expect(response.statusCode, response.body).toBe(200);
    const standings = response.json();
    expect(standings).toMatchObject({ shown: true, visibility: 'shown', metric: 'likes', total: 3 });
    expect(standings.computedAt).toBe(staffBoard.computedAt);
    expect(standings.items).toEqual(
      staffBoard.items.map((e: { rank: number; creator: string; platform: string; likes: number }) => ({
        rank: e.rank,
        creator: e.creator,
        platform: e.platform,
        value: e.likes,
      })),
    );
    expect(standings.items.map((s: { creator: string }) => s.creator)).toEqual(['ana', 'ben', 'cai']);
    expect(response.body).not.toMatch(/@/);
    // A creator finds themselves by handle; pages are the server's.
    const ben = (await visitor(`/api/public/competitions/${c.id}/standings?search=BEN`)).json();
    expect(ben).toMatchObject({ total: 1, items: [{ rank: 2, creator: 'ben' }] });
    const second = (await visitor(`/api/public/competitions/${c.id}/standings?pageSize=2&page=2`)).json();
    expect(second).toMatchObject({ total: 3, items: [{ rank: 3, creator: 'cai' }] });
  });

  it('follow the competition’s metric', async () => {
    const c = await competitionWithBoard();
    await app.db.updateTable('competitions').set({ metric: 'views' }).where('id', '=', c.id).execute();
    await staff.post(`/api/competitions/${c.id}/leaderboard/update`);
    while ((await worker.tick()) > 0);
    const standings = (await visitor(`/api/public/competitions/${c.id}/standings`)).json();
    expect(standings.metric).toBe('views');
    expect(standings.items.map((s: { creator: string; value: number }) => [s.creator, s.value])).toEqual([
      ['ana', 10_000],
      ['ben', 800],
      ['cai', 100],
    ]);
  });

  it('honour what staff choose: hidden, or shown once the competition has ended, with the change audited', async () => {
    const c = await competitionWithBoard();
    const hidden = await setStandings(c.id, 'hidden');
    expect(hidden.standings).toBe('hidden');
    expect((await visitor(`/api/public/competitions/${c.id}/standings`)).json()).toEqual({
      shown: false,
      visibility: 'hidden',
      metric: 'likes',
      computedAt: null,
      items: [],
      total: 0,
    });
    const audit = await app.db
      .selectFrom('auditLog')
      .select('changes')
      .where('entityId', '=', c.id)
      .where('action', '=', 'update')
      .execute();
    expect(audit.map((a) => a.changes && JSON.parse(a.changes))).toContainEqual({
      standings: { from: 'shown', to: 'hidden' },
    });

    const afterEnd = await setStandings(c.id, 'afterEnd');
    expect((await visitor(`/api/public/competitions/${c.id}/standings`)).json()).toMatchObject({
      shown: false,
      visibility: 'afterEnd',
    });
    const ended = await staff.post(`/api/competitions/${c.id}/state`, {
      version: afterEnd.version,
      state: 'completed',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await visitor(`/api/public/competitions/${c.id}/standings`)).json()).toMatchObject({
      shown: true,
      visibility: 'afterEnd',
      total: 3,
    });
  });

  it('are for staff to hide: the competition’s organizer cannot change the setting', async () => {
    const c = await competitionWithBoard();
    const current = (await organizer.get(`/api/competitions/${c.id}`)).json().competition;
    expect(current.standings).toBe('shown');
    const refused = await organizer.put(`/api/competitions/${c.id}`, { ...current, standings: 'hidden' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().fieldErrors).toHaveProperty('standings');
    // Echoing the stored value saves.
    expect((await organizer.put(`/api/competitions/${c.id}`, current)).statusCode).toBe(200);
  });

  it('answer 404 for a competition the public may not see, and 400 for a bad query', async () => {
    const hold = await competitionWithBoard({ confirmed: false });
    expect((await visitor(`/api/public/competitions/${hold.id}/standings`)).statusCode).toBe(404);
    const c = await competitionWithBoard();
    const bad = await visitor(`/api/public/competitions/${c.id}/standings?pageSize=1000`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('pageSize');
  });

  it('can be cached: Cache-Control and an ETag, and 304 when the copy is current', async () => {
    const c = await competitionWithBoard();
    const first = await visitor(`/api/public/competitions/${c.id}/standings`);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await visitor(`/api/public/competitions/${c.id}/standings`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A new board is another answer.
    await app.db
      .updateTable('posts')
      .set({ likes: 5000 })
      .where('competitionId', '=', c.id)
      .where('creator', '=', 'cai')
      .execute();
    await staff.post(`/api/competitions/${c.id}/leaderboard/update`);
    while ((await worker.tick()) > 0);
    const changed = await visitor(`/api/public/competitions/${c.id}/standings`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().items[0]).toMatchObject({ rank: 1, creator: 'cai' });
  });
});
