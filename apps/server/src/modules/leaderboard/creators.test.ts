import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPosts } from '../../../test/fixtures/posts.ts';
import { TWO_ORGANIZERS, signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import type { TestClient } from '../../../test/test-app.ts';
import { JobWorker } from '../../../test/job-worker.ts';
import { createStatsSources } from '../refresh/providers.ts';

let app: FastifyInstance;
let staff: SignedInClient, organizer: SignedInClient, otherOrganizer: SignedInClient;

beforeAll(async () => {
  ({ app, staff, organizer, otherOrganizer } = await signedInApp({ staff: 'staff', ...TWO_ORGANIZERS }));
});
afterAll(() => app.close());

/** ana: two TikTok posts and one on YouTube; ben: one TikTok post; a deleted post of cai. */
async function competitionWithCreators(fields: { metric?: 'likes' | 'views'; email?: string } = {}) {
  const id = await newCompetition(app, staff, fields);
  await insertPosts(app, id, [
    { creator: 'ana', likes: 500, views: 900 },
    { creator: 'ana', likes: 100, views: 5000, author: 'ana.dances' },
    { creator: 'ana', platform: 'youtube', likes: 20, views: 100 },
    { creator: 'ben', likes: 550, views: 800, email: 'ben@mail.test' },
    { creator: 'cai', likes: 9000, views: 9000, deleted: 1 },
  ]);
  return id;
}

describe("a competition's creators", () => {
  it('lists each creator handle and platform once, with email, post count and profile, searchable and paged', async () => {
    const id = await competitionWithCreators();
    const page = (await staff.get(`/api/competitions/${id}/creators`)).json();
    expect(page).toEqual({
      total: 3,
      items: [
        {
          creator: 'ana',
          platform: 'tiktok',
          email: 'ana@creators.test',
          postCount: 2,
          profileUrl: 'https://www.tiktok.com/@ana.dances',
        },
        {
          creator: 'ana',
          platform: 'youtube',
          email: 'ana@creators.test',
          postCount: 1,
          profileUrl: 'https://www.youtube.com/@ana',
        },
        {
          creator: 'ben',
          platform: 'tiktok',
          email: 'ben@mail.test',
          postCount: 1,
          profileUrl: 'https://www.tiktok.com/@ben',
        },
      ],
    });
    const byEmail = (await staff.get(`/api/competitions/${id}/creators?search=MAIL.TEST`)).json();
    expect(byEmail.items.map((c: { creator: string }) => c.creator)).toEqual(['ben']);
    const second = (
      await staff.get(`/api/competitions/${id}/creators?pageSize=2&page=2&sortDirection=desc`)
    ).json();
    expect([second.total, second.items.map((c: { creator: string }) => c.creator)]).toEqual([3, ['ana']]);
  });

  it('answers organizers for their own competition only (404 otherwise, like a missing one)', async () => {
    const id = await competitionWithCreators({ email: 'own@label.test' });
    expect((await organizer.get(`/api/competitions/${id}/creators`)).json().total).toBe(3);
    expect((await organizer.get(`/api/competitions/${id}/creator-metrics`)).json().total).toBe(3);
    expect((await otherOrganizer.get(`/api/competitions/${id}/creators`)).statusCode).toBe(404);
    expect((await otherOrganizer.get(`/api/competitions/${id}/creator-metrics`)).statusCode).toBe(404);
  });
});

type Metric = { creator: string; platform: string; computed: number; metric: number | null; version: number };
const metrics = async (id: string) =>
  ((await staff.get(`/api/competitions/${id}/creator-metrics`)).json().items as Metric[]).map((m) => [
    m.creator,
    m.platform,
    m.computed,
    m.metric,
    m.version,
  ]);
const setMetric = (client: TestClient, id: string, body: Record<string, unknown>) =>
  client.put(`/api/competitions/${id}/creator-metrics`, { creator: 'ana', platform: 'tiktok', ...body });

describe('the Creators metric editor', () => {
  it("computes each creator's sum of the competition's metric, likes or views", async () => {
    const likes = await competitionWithCreators();
    expect(await metrics(likes)).toEqual([
      ['ana', 'tiktok', 600, null, 0],
      ['ana', 'youtube', 20, null, 0],
      ['ben', 'tiktok', 550, null, 0],
    ]);
    const views = await competitionWithCreators({ metric: 'views' });
    expect((await metrics(views)).map((m) => m[2])).toEqual([5900, 100, 800]);
  });

  it('creates with version 0, updates with the version read, and answers a stale one with 409 and the current metric', async () => {
    const id = await competitionWithCreators();
    const created = await setMetric(staff, id, { metric: 1200, version: 0 });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().metric).toMatchObject({ creator: 'ana', computed: 600, metric: 1200, version: 1 });
    expect(created.json().metric.id).toEqual(expect.any(String));

    // A second "first" save (another tab) is stale.
    const again = await setMetric(staff, id, { metric: 5, version: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      current: { creator: 'ana', platform: 'tiktok', metric: 1200, version: 1, computed: 600 },
    });

    const updated = await setMetric(staff, id, { metric: 700, version: 1 });
    expect(updated.json().metric).toMatchObject({ metric: 700, version: 2 });
    expect((await setMetric(staff, id, { metric: 1, version: 1 })).statusCode).toBe(409);
    expect(await metrics(id)).toEqual([
      ['ana', 'tiktok', 600, 700, 2],
      ['ana', 'youtube', 20, null, 0],
      ['ben', 'tiktok', 550, null, 0],
    ]);
    const audit = await app.db
      .selectFrom('auditLog')
      .select(['action', 'changes'])
      .where('entityId', '=', created.json().metric.id)
      .orderBy('at')
      .execute();
    expect(audit.map((a) => [a.action, JSON.parse(a.changes!).metric])).toEqual([
      ['set-metric', { from: null, to: 1200 }],
      ['set-metric', { from: 1200, to: 700 }],
    ]);
  });

  it('refuses bad input (400), unknown creators and competitions (404) and anyone but staff (403)', async () => {
    const id = await competitionWithCreators({ email: 'own@label.test' });
    for (const body of [
      { metric: -1, version: 0 },
      { metric: 1e12 + 1, version: 0 },
      // A metric counts likes or views: whole numbers only.
      { metric: 700.5, version: 0 },
      { metric: 'many', version: 0 },
      { metric: 1, version: -1 },
      { metric: 1, version: 0, creator: '  ' },
      { metric: 1, version: 0, creator: 'x'.repeat(201) },
    ]) {
      const response = await setMetric(staff, id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fieldErrors).toBeDefined();
    }
    // cai's only post is deleted: nothing to rank, nothing to set.
    expect((await setMetric(staff, id, { creator: 'cai', metric: 1, version: 0 })).statusCode).toBe(404);
    expect(
      (await setMetric(staff, id, { creator: 'ana', platform: 'instagram', metric: 1, version: 0 }))
        .statusCode,
    ).toBe(404);
    expect((await setMetric(staff, 'no-such-competition', { metric: 1, version: 0 })).statusCode).toBe(404);
    expect((await setMetric(organizer, id, { metric: 1, version: 0 })).statusCode).toBe(403);
    expect((await metrics(id))[0]).toEqual(['ana', 'tiktok', 600, null, 0]);
  });

  it('makes Update Leaderboard rank the creator by the stored metric instead of their posts', async () => {
    const id = await competitionWithCreators();
    const board = async () => {
      const { job } = (await staff.post(`/api/competitions/${id}/leaderboard/update`)).json();
      expect(await new JobWorker(app.db, createStatsSources({} as never)).tick()).toBe(1);
      expect((await staff.get(`/api/jobs/${job.id}`)).json().job).toMatchObject({ status: 'done' });
      return (await staff.get(`/api/competitions/${id}/leaderboard`))
        .json()
        .items.map((r: { creator: string; platform: string; likes: number }) => [
          r.creator,
          r.platform,
          r.likes,
        ]);
    };
    expect(await board()).toEqual([
      ['ana', 'tiktok', 600],
      ['ben', 'tiktok', 550],
      ['ana', 'youtube', 20],
    ]);
    await setMetric(staff, id, { metric: 100, version: 0 });
    await setMetric(staff, id, { platform: 'YouTube', metric: 560, version: 0 }); // the platform in any case
    expect(await board()).toEqual([
      ['ana', 'youtube', 560],
      ['ben', 'tiktok', 550],
      ['ana', 'tiktok', 100],
    ]);
  });
});
