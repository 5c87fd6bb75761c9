import type { FastifyInstance } from 'fastify';
import { POST_LINK_MESSAGES } from '@preffy/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCompetition } from '../../../test/fixtures/competitions.ts';
import { tiktokLink } from '../../../test/fixtures/posts.ts';
import { signedInApp, type SignedInClient, TWO_ORGANIZERS } from '../../../test/fixtures/signed-in.ts';

/** A refused duplicate leaves a trace (issue 38): who tried, when, through what, and whose entry. */
let app: FastifyInstance;
let staff: SignedInClient, admin: SignedInClient, organizer: SignedInClient, otherOrganizer: SignedInClient;

beforeAll(async () => {
  ({ app, staff, admin, organizer, otherOrganizer } = await signedInApp({
    staff: 'staff',
    admin: 'admin',
    ...TWO_ORGANIZERS,
  }));
});
afterAll(() => app.close());

const submit = (competitionId: string, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/api/public/competitions/${competitionId}/posts`,
    payload: body,
    remoteAddress: '10.9.0.1',
  });

describe('refused duplicates', () => {
  it('are kept with who tried, when and how, shown on the earlier entry and listed for the errors view', async () => {
    const c = await liveCompetition(staff, 'own@label.test');
    const link = tiktokLink();
    const first = await staff.post(`/api/competitions/${c.id}/posts`, {
      email: 'ann@creators.test',
      creator: 'ann',
      link,
    });
    expect(first.statusCode, first.body).toBe(201);
    const earlierId = first.json().post.id;

    // The same video through the public form, by hand and in an import file: each refused.
    const viaForm = await submit(c.id, { email: 'bob@creators.test', creator: 'bob', link });
    expect(viaForm.statusCode).toBe(409);
    expect(viaForm.json().fieldErrors).toEqual({ link: [POST_LINK_MESSAGES.duplicate] });
    const byHand = await staff.post(`/api/competitions/${c.id}/posts`, {
      email: 'cat@creators.test',
      creator: 'cat',
      link,
    });
    expect(byHand.statusCode).toBe(409);
    const imported = await staff.post(`/api/competitions/${c.id}/posts/import`, {
      csv: `link,email,creator,platform\n${link},dan@creators.test,dan,tiktok\n`,
    });
    expect(imported.json()).toMatchObject({ accepted: 0, refused: 1 });
    const { key } = (await admin.post('/api/partner-keys', { name: 'Genni duplicates' })).json();
    const viaPartner = await app.inject({
      method: 'POST',
      url: '/api/ingest/posts',
      headers: { 'x-api-key': key },
      payload: { competitionId: c.id, posts: [{ email: 'fay@creators.test', creator: 'fay', link }] },
    });
    expect(viaPartner.json()).toMatchObject({
      accepted: 0,
      results: [{ ok: false, error: POST_LINK_MESSAGES.duplicate }],
    });
    // Another video is no duplicate and leaves nothing.
    const other = await submit(c.id, { email: 'eve@creators.test', creator: 'eve', link: tiktokLink() });
    expect(other.statusCode).toBe(201);

    const list = await staff.get(`/api/competitions/${c.id}/duplicate-attempts`);
    expect(list.statusCode, list.body).toBe(200);
    const { items, total } = list.json();
    expect(total).toBe(4);
    const staffName = (await staff.get('/api/auth/me')).json().user.name;
    expect(
      items.map((a: { email: string; via: string; attemptedByName: string | null }) => [
        a.email,
        a.via,
        a.attemptedByName,
      ]),
    ).toEqual([
      ['fay@creators.test', 'partner', null],
      ['dan@creators.test', 'import', staffName],
      ['cat@creators.test', 'staff', staffName],
      ['bob@creators.test', 'form', null],
    ]);
    for (const attempt of items)
      expect(attempt.earlier).toEqual({
        id: earlierId,
        creator: 'ann',
        email: 'ann@creators.test',
        link: first.json().post.link,
        removed: false,
      });
    expect(items[0].attemptedAt).toBeGreaterThanOrEqual(items[3].attemptedAt);

    // Searched by who tried, paged.
    const searched = (
      await staff.get(`/api/competitions/${c.id}/duplicate-attempts?search=BOB&pageSize=1`)
    ).json();
    expect(searched).toMatchObject({ total: 1, items: [{ email: 'bob@creators.test' }] });

    // The earlier entry's card counts the attempts.
    const queue = (await staff.get(`/api/competitions/${c.id}/review`)).json();
    const card = queue.items.find((p: { id: string }) => p.id === earlierId);
    expect(card.duplicateAttempts).toBe(4);

    // The organizer of the competition may read it; another organizer gets a missing competition.
    expect((await organizer.get(`/api/competitions/${c.id}/duplicate-attempts`)).json().total).toBe(4);
    expect((await otherOrganizer.get(`/api/competitions/${c.id}/duplicate-attempts`)).statusCode).toBe(404);
  });

  it('refuses an unbounded page with a field message', async () => {
    const c = await liveCompetition(staff);
    const tooMany = await staff.get(`/api/competitions/${c.id}/duplicate-attempts?pageSize=1000`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors.pageSize).toBeDefined();
  });
});
