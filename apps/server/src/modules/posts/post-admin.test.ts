import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPosts, insertReferral } from '../../../test/fixtures/posts.ts';
import { TWO_ORGANIZERS, signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { TestClient } from '../../../test/test-app.ts';

let app: FastifyInstance;
let staff: SignedInClient, organizer: SignedInClient, otherOrganizer: SignedInClient;
beforeAll(async () => {
  ({ app, staff, organizer, otherOrganizer } = await signedInApp({ staff: 'staff', ...TWO_ORGANIZERS }));
});
afterAll(() => app.close());

type Item = { creator: string; email: string; likes: number; competitionName: string; referralCount: number };
const list = async (client: TestClient, query: string) => {
  const response = await client.get(`/api/posts?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Item[]; total: number };
};
const creators = (page: { items: Item[] }) => page.items.map((p) => p.creator);

describe('posts admin (GET /api/posts)', () => {
  it('lists the live posts of every competition (Active) or the deleted ones (Inactive), with the competition and referrals', async () => {
    const first = await newCompetition(app, staff, { name: 'Tab Song One' });
    const second = await newCompetition(app, staff, { name: 'Tab Song Two' });
    const [ana] = await insertPosts(app, first, [{ creator: 'tabana', likes: 5 }]);
    await insertPosts(app, second, [{ creator: 'tabben', likes: 7 }]);
    await insertPosts(app, second, [{ creator: 'tabcai', deleted: 1, deletedReason: 'admin' }]);
    await insertReferral(app, ana!.id, 'https://www.tiktok.com/@x/video/1');

    const active = await list(staff, 'search=tab&sortBy=creator');
    expect(active.total).toBe(2);
    expect(active.items.map((p) => [p.creator, p.competitionName, p.referralCount])).toEqual([
      ['tabana', 'Tab Song One', 1],
      ['tabben', 'Tab Song Two', 0],
    ]);
    expect(active.items[0]).toMatchObject({
      deleted: false,
      flags: [],
      profileUrl: 'https://www.tiktok.com/@tabana',
    });
    const inactive = await list(staff, 'search=tab&deleted=true');
    expect(inactive.items).toMatchObject([{ creator: 'tabcai', deleted: true, deletedReason: 'admin' }]);
    expect(inactive.total).toBe(1);
  });

  it('searches creator, email and link case-insensitively, sorts and pages', async () => {
    const id = await newCompetition(app, staff);
    await insertPosts(app, id, [
      { creator: 'Sortzed', likes: 30 },
      { creator: 'sortamy', likes: 10, email: 'amy@mail.test' },
      {
        creator: 'sortbo',
        likes: 20,
        link: 'https://www.youtube.com/watch?v=SORTLINK001',
        platform: 'youtube',
      },
    ]);
    const q = `competitionId=${id}`;
    expect(creators(await list(staff, `${q}&sortBy=likes&sortDirection=desc`))).toEqual([
      'Sortzed',
      'sortbo',
      'sortamy',
    ]);
    expect(creators(await list(staff, `${q}&sortBy=email`))).toEqual(['sortamy', 'sortbo', 'Sortzed']);
    expect(creators(await list(staff, `${q}&search=SORTZ`))).toEqual(['Sortzed']);
    expect(creators(await list(staff, `${q}&search=AMY@MAIL`))).toEqual(['sortamy']);
    expect(creators(await list(staff, `${q}&search=sortlink`))).toEqual(['sortbo']);
    // A LIKE wildcard is a literal character.
    expect((await list(staff, `${q}&search=%25`)).total).toBe(0);
    const page2 = await list(staff, `${q}&sortBy=likes&pageSize=2&page=2`);
    expect([page2.total, creators(page2)]).toEqual([3, ['Sortzed']]);
  });

  it('filters by competition, exact creator, exact email and posts with referrals', async () => {
    const id = await newCompetition(app, staff);
    const elsewhere = await newCompetition(app, staff);
    const [dee] = await insertPosts(app, id, [{ creator: 'filterdee' }, { creator: 'filterdee2' }]);
    await insertPosts(app, elsewhere, [{ creator: 'filterdee' }]);
    await insertReferral(app, dee!.id, 'https://www.tiktok.com/@y/video/2');

    expect((await list(staff, 'creator=filterdee')).total).toBe(2);
    expect((await list(staff, `creator=filterdee&competitionId=${id}`)).total).toBe(1);
    // Exact: 'filterdee' does not match 'filterdee2'; the email is compared in lower case.
    expect(creators(await list(staff, `competitionId=${id}&email=FilterDee2@Creators.test`))).toEqual([
      'filterdee2',
    ]);
    expect(creators(await list(staff, `competitionId=${id}&withReferrals=true`))).toEqual(['filterdee']);
    expect((await list(staff, `competitionId=${id}&withReferrals=false`)).total).toBe(2);
  });

  it("shows organizers only their own competitions' posts, and nothing to anonymous callers", async () => {
    const own = await newCompetition(app, staff, { email: 'own@label.test' });
    const foreign = await newCompetition(app, staff);
    await insertPosts(app, own, [{ creator: 'rolemine' }]);
    await insertPosts(app, foreign, [{ creator: 'roletheirs' }]);

    expect(creators(await list(organizer, 'search=role'))).toEqual(['rolemine']);
    expect((await list(organizer, `competitionId=${foreign}`)).total).toBe(0);
    expect((await list(otherOrganizer, 'search=role')).total).toBe(0);
    expect((await list(staff, 'search=role')).total).toBe(2);
    expect((await new TestClient(app).get('/api/posts')).statusCode).toBe(401);
  });

  it('leaves out the posts of a deleted competition, for staff and its organizer alike, in the page and its total', async () => {
    const gone = await newCompetition(app, staff, { email: 'own@label.test' });
    await insertPosts(app, gone, [{ creator: 'gonepost' }]);
    expect((await list(staff, `competitionId=${gone}`)).total).toBe(1);
    await app.db.updateTable('competitions').set({ deleted: 1 }).where('id', '=', gone).execute();

    for (const client of [staff, organizer]) {
      // Tallied (the whole tab of one competition) and counted (a search).
      expect(await list(client, `competitionId=${gone}`)).toEqual({ items: [], total: 0 });
      expect(await list(client, 'search=gonepost')).toEqual({ items: [], total: 0 });
    }
  });

  it('refuses a bad query with 400 and the field', async () => {
    for (const query of ['sortBy=password', 'deleted=maybe', 'pageSize=1000', `creator=${'x'.repeat(201)}`]) {
      const response = await staff.get(`/api/posts?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {}).length, query).toBeGreaterThan(0);
    }
  });
});
