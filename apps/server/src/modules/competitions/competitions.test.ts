import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DAY_MS, FORM_MESSAGES, prizePoolFromInvoice, prizeTemplate } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { TestClient, uploadImage } from '../../../test/test-app.ts';

let app: FastifyInstance;
let dataDir: string;
let admin: SignedInClient, staff: SignedInClient, organizer: SignedInClient;

const valid = () => {
  const start = Date.now();
  return {
    email: 'artist@label.test',
    name: 'Midnight Drive',
    organizer: 'Luna Vega',
    audio: 'https://open.spotify.com/track/1',
    startDate: start,
    endDate: start + 8 * DAY_MS,
    invoiceAmount: 3000,
    prizes: ['1st Place: $200', '2nd Place: $100', 'First 30 Creators: $10'],
    isClosed: false,
  };
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'preffy-competitions-'));
  ({ app, admin, staff, organizer } = await signedInApp(
    { admin: 'admin', staff: 'staff', organizer: 'organizer' },
    { dataDir },
  ));
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Start A Competition', () => {
  it('creates it not active, not ended, confirmed and closed as the box says, with the next campaign number', async () => {
    const first = (await staff.post('/api/competitions', valid())).json().competition;
    const second = await staff.post('/api/competitions', { ...valid(), isClosed: true });
    expect(second.statusCode).toBe(201);
    const c = second.json().competition;
    expect(c).toMatchObject({
      isActive: false,
      hasEnded: false,
      state: 'preview',
      isClosed: true,
      isConfirmed: true,
      prizeTotal: 600,
      platforms: ['TikTok'],
      competitionType: 'Hybrid',
      takePct: 1,
      metric: 'likes',
      version: 1,
    });
    expect(first).toMatchObject({ isClosed: false, isConfirmed: false });
    expect(c.campaignId).toBe(first.campaignId + 1);
    expect(c.continents).toHaveLength(6);
  });

  it('answers each invalid field with the spec message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: '' }, 'email', FORM_MESSAGES.artistEmailRequired],
      [{ email: 'not-an-email' }, 'email', FORM_MESSAGES.emailInvalid],
      [{ name: ' ' }, 'name', FORM_MESSAGES.songTitleRequired],
      [{ organizer: '' }, 'organizer', FORM_MESSAGES.artistNameRequired],
      [{ audio: '' }, 'audio', FORM_MESSAGES.songLinkRequired],
      [{ audio: 'spotify.com/x' }, 'audio', FORM_MESSAGES.linkInvalid],
      [{ invoiceAmount: undefined }, 'invoiceAmount', FORM_MESSAGES.invoiceRequired],
      [{ endDate: Date.now() + 2 * DAY_MS }, 'endDate', FORM_MESSAGES.endDateTooSoon],
    ];
    for (const [change, field, message] of cases) {
      const response = await staff.post('/api/competitions', { ...valid(), ...change });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fieldErrors[field], field).toEqual([message]);
    }
    const ftp = await staff.post('/api/competitions', { ...valid(), audio: 'ftp://files.test/song.mp3' });
    expect(ftp.statusCode).toBe(201);
  });

  it('refuses a prize line without an amount instead of counting it as $0', async () => {
    const response = await staff.post('/api/competitions', {
      ...valid(),
      prizes: ['1st Place: $200', 'Best Dance'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.prizes[0]).toMatch(/Prize line 2/);
  });

  it('lets organizers start competitions only under their own email', async () => {
    // Organizers leave the invoice amount at its default (only staff set it).
    const mine = { ...valid(), invoiceAmount: 0 };
    expect((await organizer.post('/api/competitions', mine)).statusCode).toBe(403);
    const own = await organizer.post('/api/competitions', { ...mine, email: organizer.user.email });
    expect(own.statusCode).toBe(201);
  });

  it('offers defaults in the business time zone: today to 7 days later at 15:00', async () => {
    const d = (await staff.get('/api/competitions/defaults')).json();
    expect(d.endDate - d.startDate).toBe(7 * DAY_MS);
    expect(new Date(d.startDate).getUTCHours()).toBe(15);
    expect(d.prizes).toEqual(['1st Place: $200', '2nd Place: $100', 'First 30 Creators: $10']);
    expect(d.invoiceAmount).toBe(0);
  });
});

describe('Update A Competition', () => {
  it('saves every field with the version read, sanitizes rich text, and refuses a stale version with the current record', async () => {
    const c = (await staff.post('/api/competitions', valid())).json().competition;
    const prizes = prizeTemplate('Creative', prizePoolFromInvoice(c.invoiceAmount));
    const update = {
      ...valid(),
      version: c.version,
      prizes,
      platforms: ['TikTok + Instagram Reel'],
      competitionType: 'Creative',
      continents: ['Europe'],
      countries: ['DE', 'FR'],
      isDirect: true,
      is555: false,
      creativeDirection:
        '<p>Dance <strong>now</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
      notes: '<p><a href="javascript:alert(1)">x</a><a href="https://label.test">label</a></p>',
      category: 'Pop',
      takePct: 0.8,
      event: 'Summer',
      metric: 'views',
      spotify: 'https://open.spotify.com/artist/1',
      tiktok: '',
      instagram: null,
      tiktokSound: null,
      instagramSound: null,
    };
    const saved = await staff.put(`/api/competitions/${c.id}`, update);
    expect(saved.statusCode).toBe(200);
    const after = saved.json().competition;
    expect(after).toMatchObject({
      version: 2,
      competitionType: 'Creative',
      metric: 'views',
      isDirect: true,
      takePct: 0.8,
    });
    expect(after.prizes).toEqual(prizes);
    expect(after.prizeTotal).toBeLessThanOrEqual(prizePoolFromInvoice(3000));
    expect(after.creativeDirection).toBe('<p>Dance <strong>now</strong></p>');
    expect(after.notes).not.toContain('javascript:');
    expect(after.notes).toContain('href="https://label.test"');
    expect(after.tiktok).toBeNull();

    const stale = await admin.put(`/api/competitions/${c.id}`, { ...update, version: 1, name: 'Other name' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ version: 2, name: 'Midnight Drive', isDirect: true });
    expect((await staff.get(`/api/competitions/${c.id}`)).json().competition.name).toBe('Midnight Drive');
  });

  it('refuses a take percentage outside 0%–100% with the percentage message, never clamping it', async () => {
    const c = (await staff.post('/api/competitions', valid())).json().competition;
    for (const takePct of [1.8, -0.1]) {
      const refused = await staff.put(`/api/competitions/${c.id}`, {
        ...valid(),
        version: c.version,
        takePct,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors.takePct).toEqual(['The take percentage must be between 0% and 100%']);
    }
    expect((await staff.get(`/api/competitions/${c.id}`)).json().competition).toMatchObject({
      takePct: 1,
      version: 1,
    });
  });

  it('keeps organizers to their own competitions', async () => {
    const other = (await staff.post('/api/competitions', valid())).json().competition;
    expect((await organizer.get(`/api/competitions/${other.id}`)).statusCode).toBe(404);
    expect(
      (
        await organizer.put(`/api/competitions/${other.id}`, {
          ...valid(),
          version: 1,
          platforms: ['TikTok'],
          continents: [],
          countries: null,
          isDirect: false,
          is555: false,
        })
      ).statusCode,
    ).toBe(404);
    const list = (await organizer.get('/api/competitions?pageSize=100')).json();
    expect(list.items.every((i: { email: string }) => i.email === organizer.user.email)).toBe(true);
    expect(list.total).toBeGreaterThan(0);
  });
});

describe('competitions admin', () => {
  it('sets the state with the spec flag pairs, and lists by tab', async () => {
    const c = (await staff.post('/api/competitions', { ...valid(), name: 'State Song' })).json().competition;
    const active = await staff.post(`/api/competitions/${c.id}/state`, {
      version: c.version,
      state: 'active',
    });
    expect(active.json().competition).toMatchObject({ isActive: true, hasEnded: false, state: 'active' });
    const done = await staff.post(`/api/competitions/${c.id}/state`, { version: 2, state: 'completed' });
    expect(done.json().competition).toMatchObject({ isActive: false, hasEnded: true, state: 'completed' });
    const completed = (await staff.get('/api/competitions?tab=completed&search=state song')).json();
    expect(completed.items.map((i: { id: string }) => i.id)).toEqual([c.id]);
    expect((await staff.get('/api/competitions?tab=active&search=state song')).json().total).toBe(0);
    expect(
      (await organizer.post(`/api/competitions/${c.id}/state`, { version: 3, state: 'preview' })).statusCode,
    ).toBe(403);
  });

  it('counts a search’s matches in every tab at once, the viewer’s competitions only', async () => {
    const tag = `Tabcount${Date.now()}`;
    const made = [];
    for (let i = 0; i < 4; i++)
      made.push(
        (await staff.post('/api/competitions', { ...valid(), name: `${tag} ${i}` })).json().competition,
      );
    await staff.post(`/api/competitions/${made[0].id}/state`, { version: made[0].version, state: 'active' });
    await staff.post(`/api/competitions/${made[1].id}/state`, {
      version: made[1].version,
      state: 'completed',
    });
    await staff.post(`/api/competitions/${made[2].id}/state`, {
      version: made[2].version,
      state: 'completed',
    });
    const counts = await staff.get(`/api/competitions/tab-counts?search=${tag.toLowerCase()}`);
    expect(counts.statusCode).toBe(200);
    expect(counts.json()).toEqual({ upcoming: 1, active: 1, completed: 2, deleted: 0 });
    // The counts agree with the lists they stand for.
    for (const tab of ['upcoming', 'active', 'completed'] as const)
      expect((await staff.get(`/api/competitions?tab=${tab}&search=${tag}`)).json().total).toBe(
        counts.json()[tab],
      );
    expect((await staff.get('/api/competitions/tab-counts?search=no-such-song-anywhere')).json()).toEqual({
      upcoming: 0,
      active: 0,
      completed: 0,
      deleted: 0,
    });
    // Another organizer's competitions are not counted for an organizer.
    expect((await organizer.get(`/api/competitions/tab-counts?search=${tag}`)).json()).toEqual({
      upcoming: 0,
      active: 0,
      completed: 0,
      deleted: 0,
    });
    expect((await staff.get(`/api/competitions/tab-counts?search=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('sorts names in natural order on both databases: song2 before song10, whatever the case', async () => {
    const tag = `Natural${Date.now()}`;
    for (const name of ['song10', 'Song2', 'song1', 'song'])
      await staff.post('/api/competitions', { ...valid(), name: `${tag} ${name}` });
    const names = async (direction: 'asc' | 'desc') =>
      (await staff.get(`/api/competitions?search=${tag}&sortBy=name&sortDirection=${direction}`))
        .json()
        .items.map((c: { name: string }) => c.name.slice(tag.length + 1));
    expect(await names('asc')).toEqual(['song', 'song1', 'Song2', 'song10']);
    expect(await names('desc')).toEqual(['song10', 'Song2', 'song1', 'song']);
  });

  it('searches artist or song, sorts on the server and pages', async () => {
    for (const name of ['Zebra Song', 'Apple Song', 'Mango Song'])
      await staff.post('/api/competitions', { ...valid(), name, organizer: 'Sort Artist' });
    const asc = (
      await staff.get('/api/competitions?search=sort artist&sortBy=name&sortDirection=asc&pageSize=2')
    ).json();
    expect(asc.total).toBe(3);
    expect(asc.items.map((i: { name: string }) => i.name)).toEqual(['Apple Song', 'Mango Song']);
    const page2 = (
      await staff.get('/api/competitions?search=sort artist&sortBy=name&sortDirection=asc&pageSize=2&page=2')
    ).json();
    expect(page2.items.map((i: { name: string }) => i.name)).toEqual(['Zebra Song']);
    expect((await staff.get('/api/competitions?pageSize=1000')).statusCode).toBe(400);
  });

  it('lets staff confirm a hold', async () => {
    const c = (await staff.post('/api/competitions', valid())).json().competition;
    expect(c.isConfirmed).toBe(false);
    const confirmed = await staff.post(`/api/competitions/${c.id}/confirm`, { version: 1 });
    expect(confirmed.json().competition.isConfirmed).toBe(true);
  });

  it('deletes softly, for admins only, with the version', async () => {
    const c = (await staff.post('/api/competitions', { ...valid(), name: 'Doomed Song' })).json().competition;
    expect((await staff.delete(`/api/competitions/${c.id}?version=1`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/competitions/${c.id}?version=9`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/competitions/${c.id}?version=1`)).statusCode).toBe(200);
    // Staff still read a deleted competition, marked deleted (decision 0124); no list of live ones has it.
    expect((await staff.get(`/api/competitions/${c.id}`)).json().competition).toMatchObject({
      deleted: true,
    });
    expect((await staff.get('/api/competitions?search=doomed')).json().total).toBe(0);
    const row = await app.db
      .selectFrom('competitions')
      .select('deleted')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted).toBe(1);
    expect((await new TestClient(app).get(`/api/public/competitions/${c.id}`)).statusCode).toBe(404);
  });
});

describe('album images', () => {
  // A real image: uploads are decoded and re-encoded, so mere PNG-looking bytes are refused.
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
  });
  const upload = uploadImage;

  it('stores a PNG, serves it with long caching, and puts it on a competition', async () => {
    const response = await upload(staff, png);
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    expect(url).toMatch(/^\/images\/.+\.png$/);
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
    const c = (await staff.post('/api/competitions', { ...valid(), image: url, isClosed: true })).json()
      .competition;
    expect(c.image).toBe(url);
    expect((await new TestClient(app).get(`/api/public/competitions/${c.id}`)).json().image).toBe(url);
  });

  it('refuses other types by their bytes, files over 5 MB, and foreign image URLs', async () => {
    const fake = await upload(staff, Buffer.from('<svg onload=alert(1)>'), 'cover.png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().fieldErrors.file).toEqual(['Please upload a JPEG, PNG or WebP image']);
    const huge = await upload(staff, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    const foreign = await staff.post('/api/competitions', { ...valid(), image: 'https://evil.test/x.png' });
    expect(foreign.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/images/..%2Fpreffy.sqlite' })).statusCode).toBe(404);
  });
});

describe('public competition page', () => {
  it('shows only public fields and counts visits per ref', async () => {
    const c = (await staff.post('/api/competitions', valid())).json().competition;
    await staff.post(`/api/competitions/${c.id}/confirm`, { version: c.version });
    const visitor = new TestClient(app);
    const page = await visitor.get(`/api/public/competitions/${c.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      name: 'Midnight Drive',
      organizer: 'Luna Vega',
      ugcCount: 0,
      totalViews: 0,
      prizeTotal: 600,
      hasStarted: true,
    });
    expect(JSON.stringify(page.json())).not.toContain('artist@label.test');
    // The same for every visitor: a CDN may keep it a minute, a browser asks again with the ETag.
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const repeat = await app.inject({
      method: 'GET',
      url: `/api/public/competitions/${c.id}`,
      headers: { 'if-none-match': page.headers.etag as string },
    });
    expect(repeat.statusCode).toBe(304);
    // Exactly the public fields: a private one (invoice, take, email, notes) added by mistake fails here.
    expect(Object.keys(page.json()).sort()).toEqual(
      [
        'audio',
        'creativeDirection',
        'endDate',
        'hasEnded',
        'hasStarted',
        'id',
        'image',
        'isOpen',
        'name',
        'organizer',
        'platforms',
        'prizeTotal',
        'prizes',
        'spotify',
        'startDate',
        'totalViews',
        'ugcCount',
      ].sort(),
    );
    for (let i = 0; i < 2; i++)
      expect(
        (
          await visitor.request(
            'POST',
            `/api/public/competitions/${c.id}/visits`,
            { ref: 'fancy' },
            { csrf: false },
          )
        ).statusCode,
      ).toBe(200);
    const visits = await app.db
      .selectFrom('competitionVisits')
      .selectAll()
      .where('competitionId', '=', c.id)
      .execute();
    expect(visits).toMatchObject([{ ref: 'fancy', visits: 2 }]);
    expect((await visitor.get('/api/public/competitions/nope')).statusCode).toBe(404);
  });
});
