import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MAX_POINTS, reportSchema } from '@preffy/api';
import { TIME_BUCKET_MS, addDays, competitionTimeOn, localDay, midnightOn } from '@preffy/domain';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { TestClient } from '../../../test/test-app.ts';
import { now } from '../../lib/clock.ts';
import { JobWorker } from '../../../test/job-worker.ts';
import { createStatsSources } from '../refresh/providers.ts';
import { newCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPosts } from '../../../test/fixtures/posts.ts';
import { viewsOverTime } from './report-views.ts';
import {
  EMAIL_PATTERN,
  csvSections,
  insertPayment,
  insertSnapshot,
  pdfText,
  renderedPages,
} from '../../../test/fixtures/reports.ts';

/**
 * The competition report's figures on a seeded competition with known answers (both databases),
 * who may read it, and its CSV and PDF.
 */
let app: FastifyInstance;
let staff: SignedInClient, organizer: SignedInClient;
let competitionId: string;
let foreignId: string;
let timeZone: string;

const NAME = 'Moonlight Song — Лунная песня';

beforeAll(async () => {
  ({ app, staff, organizer } = await signedInApp({ staff: 'staff', organizer: 'organizer' }));
  timeZone = app.config.businessTimeZone;
  competitionId = await newCompetition(app, staff, { name: NAME, email: organizer.user.email });
  foreignId = await newCompetition(app, staff, { name: 'Someone Else Song', email: 'other@label.test' });
  // Two prize lines: $200 + 30 × $10 (the public page's prizeTotal).
  await app.db
    .updateTable('competitions')
    .set({ prizes: JSON.stringify(['1st Place: $200', 'First 30 Creators: $10']) })
    .where('id', '=', competitionId)
    .execute();
  await insertPosts(app, competitionId, [
    { creator: 'alice', views: 1000, likes: 100, comments: 10, shares: 5, country: 'US' },
    // The same creator as the first (the leaderboard's key trims and ignores case), and the same
    // country however it was typed.
    { creator: 'Alice ', views: 500, likes: 50, comments: 5, shares: 1, country: ' us ' },
    { creator: 'alice', platform: 'instagram', views: 300, likes: 30, comments: 3, shares: 0, country: 'GB' },
    { creator: 'bob', views: 2000, likes: 10, comments: 0, shares: 2, country: null },
    { creator: 'carol', platform: 'youtube', views: 50, likes: 5, comments: 1, shares: 0, country: 'DE' },
    // Removed: counts nowhere.
    { creator: 'dave', views: 99_999, likes: 9_999, comments: 99, shares: 99, country: 'FR', deleted: 1 },
  ]);
  await insertPayment(app, competitionId, {
    creator: 'alice',
    platform: 'tiktok',
    prize: 200,
    prizeLabel: '1st Place',
    status: 'To Be Paid',
  });
  await insertPayment(app, competitionId, {
    creator: 'bob',
    platform: 'tiktok',
    prize: 10,
    prizeLabel: 'First 30 Creators',
    status: 'Paid',
  });
  await insertPayment(app, competitionId, {
    creator: 'carol',
    platform: 'youtube',
    prize: 999,
    prizeLabel: 'Removed',
    status: 'Paid',
    deleted: 1,
  });
  // The stored leaderboard, computed by Update Leaderboard as staff would.
  const started = await staff.post(`/api/competitions/${competitionId}/leaderboard/update`);
  expect(started.statusCode, started.body).toBeLessThan(300);
  expect(await new JobWorker(app.db, createStatsSources({} as never)).tick()).toBe(1);
});
afterAll(() => app.close());

const reportOf = async (client: TestClient, id = competitionId) => {
  const response = await client.get(`/api/reports/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return reportSchema.strict().parse(response.json().report);
};

describe('the figures', () => {
  it('totals the live posts: posts, creators by name and platform, views, likes, comments, shares', async () => {
    const report = await reportOf(staff);
    expect(report.totals).toEqual({
      posts: 5,
      creators: 4,
      views: 3850,
      likes: 195,
      comments: 19,
      shares: 8,
    });
    expect(report.competition).toMatchObject({ id: competitionId, name: NAME, organizer: 'Luna Vega' });
    expect(report.prizeTotal).toBe(500);
  });

  it('lists the top posts by views, and splits by platform and by country (unknown as "")', async () => {
    const report = await reportOf(staff);
    expect(report.topPosts.map((p) => [p.creator, p.platform, p.views])).toEqual([
      ['bob', 'tiktok', 2000],
      ['alice', 'tiktok', 1000],
      ['Alice ', 'tiktok', 500],
      ['alice', 'instagram', 300],
      ['carol', 'youtube', 50],
    ]);
    expect(report.topPosts[0]).toMatchObject({ likes: 10, comments: 0, shares: 2 });
    expect(report.byPlatform).toEqual([
      { key: 'tiktok', posts: 3, views: 3500 },
      { key: 'instagram', posts: 1, views: 300 },
      { key: 'youtube', posts: 1, views: 50 },
    ]);
    expect(report.byCountry).toEqual([
      { key: 'US', posts: 2, views: 1500 },
      { key: '', posts: 1, views: 2000 },
      { key: 'GB', posts: 1, views: 300 },
      { key: 'DE', posts: 1, views: 50 },
    ]);
  });

  it('shows the stored leaderboard in its order (ranked by likes, this competition’s metric)', async () => {
    const report = await reportOf(staff);
    expect(
      report.leaderboard.map((r) => [r.rank, r.creator.trim().toLowerCase(), r.platform, r.likes, r.views]),
    ).toEqual([
      [1, 'alice', 'tiktok', 150, 1500],
      [2, 'alice', 'instagram', 30, 300],
      [3, 'bob', 'tiktok', 10, 2000],
      [4, 'carol', 'youtube', 5, 50],
    ]);
  });

  it('names the winners from the live payments, biggest prize first, without any email', async () => {
    const report = await reportOf(staff);
    expect(report.winners).toEqual([
      { creator: 'alice', platform: 'tiktok', prizeLabel: '1st Place', prize: 200 },
      { creator: 'bob', platform: 'tiktok', prizeLabel: 'First 30 Creators', prize: 10 },
    ]);
  });

  it('leaves the prize of a legacy payment (no prize recorded) unknown, never its amount', async () => {
    const id = await newCompetition(app, staff, { name: 'Legacy Song' });
    await insertPayment(app, id, {
      creator: 'veteran',
      platform: 'tiktok',
      prize: null,
      prizeLabel: null,
      amount: 4321.5,
      status: 'Paid',
    });
    await insertPayment(app, id, {
      creator: 'newcomer',
      platform: 'tiktok',
      prize: 5,
      prizeLabel: 'Any post',
      status: 'Paid',
    });
    const report = await reportOf(staff, id);
    expect(report.winners).toEqual([
      { creator: 'newcomer', platform: 'tiktok', prizeLabel: 'Any post', prize: 5 },
      { creator: 'veteran', platform: 'tiktok', prizeLabel: null, prize: null },
    ]);
    // Staff still see what it paid, in the money section only.
    expect(report.money?.paid).toBe(4326.5);
    const { url } = (await staff.post(`/api/reports/${id}/shares`, { expiresInDays: 1 })).json();
    const token = (url as string).split('/r/')[1]!;
    const anonymous = new TestClient(app);
    const shared = await anonymous.get(`/api/public/reports/${token}`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.body).not.toContain('4321');
    const csv = await anonymous.get(`/api/public/reports/${token}/csv`);
    expect(csvSections(csv.body).get('Winners')).toContainEqual(['veteran', 'tiktok', '', '']);
    expect(csv.body).not.toContain('4321');
    const pdf = pdfText((await anonymous.get(`/api/public/reports/${token}/pdf`)).rawPayload);
    expect(pdf).toContain('veteran');
    expect(pdf).not.toContain('4,321');
  });

  it('gives staff the money: invoice, paid, owed and the payment rows; organizers get null', async () => {
    expect((await reportOf(staff)).money).toEqual({
      invoiceAmount: 1000,
      paid: 10,
      owed: 200,
      payments: [
        {
          creator: 'alice',
          platform: 'tiktok',
          paymentEmail: 'alice@paypal.test',
          amount: 200,
          status: 'To Be Paid',
        },
        { creator: 'bob', platform: 'tiktok', paymentEmail: 'bob@paypal.test', amount: 10, status: 'Paid' },
      ],
    });
    const own = await reportOf(organizer);
    expect(own.money).toBeNull();
    expect(own.totals.posts).toBe(5);
    expect(JSON.stringify(own)).not.toMatch(EMAIL_PATTERN);
  });

  it('names in its header the platforms of its posts, not only those the competition lists', async () => {
    const tiktokOnly = await newCompetition(app, staff, { name: 'TikTok Only Song' });
    await app.db
      .updateTable('competitions')
      .set({ platforms: JSON.stringify(['TikTok']) })
      .where('id', '=', tiktokOnly)
      .execute();
    expect((await reportOf(staff, tiktokOnly)).competition.platforms).toEqual(['TikTok']);
    await insertPosts(app, tiktokOnly, [{ creator: 'ivy', platform: 'instagram', views: 10 }]);
    const report = await reportOf(staff, tiktokOnly);
    expect(report.topPosts.map((p) => p.platform)).toEqual(['instagram']);
    expect(report.competition.platforms).toEqual(['Instagram']);
    expect((await reportOf(staff)).competition.platforms).toEqual(['TikTok', 'Instagram', 'YouTube']);
  });

  it('answers an empty competition with zeros and empty lists, not an error', async () => {
    const report = await reportOf(staff, foreignId);
    expect(report.totals).toEqual({ posts: 0, creators: 0, views: 0, likes: 0, comments: 0, shares: 0 });
    expect([
      report.topPosts,
      report.byPlatform,
      report.byCountry,
      report.leaderboard,
      report.winners,
    ]).toEqual([[], [], [], [], []]);
    expect(report.money).toMatchObject({ paid: 0, owed: 0, payments: [] });
  });
});

describe('views over time, from the stats snapshots', () => {
  /** A competition that started three days ago and ends in four: its days so far are D0..today. */
  async function threeDayCompetition() {
    const id = await newCompetition(app, staff, { name: 'Snapshot Song' });
    const today = localDay(now(), timeZone);
    const days = [addDays(today, -3), addDays(today, -2), addDays(today, -1), today];
    await app.db
      .updateTable('competitions')
      .set({
        startDate: competitionTimeOn(days[0]!, timeZone),
        endDate: competitionTimeOn(addDays(today, 4), timeZone),
      })
      .where('id', '=', id)
      .execute();
    // 16:00 of a day in the business zone.
    const at = (day: string) => midnightOn(day, timeZone) + 16 * 3600_000;
    return { id, days, at };
  }

  it('counts each snapshot’s growth on its day: 100 → 250 → 400 is 100, 150, 150; cumulative 100, 250, 400', async () => {
    const { id, days, at } = await threeDayCompetition();
    const [post] = await insertPosts(app, id, [{ creator: 'vera', views: 400 }]);
    await insertSnapshot(app, post!.id, at(days[0]!), 100);
    await insertSnapshot(app, post!.id, at(days[1]!), 250);
    await insertSnapshot(app, post!.id, at(days[2]!), 400);
    const { viewsOverTime: series } = await reportOf(staff, id);
    expect(series.step).toBe('day');
    expect(series.points).toEqual([
      { day: days[0], views: 100 },
      { day: days[1], views: 250 },
      { day: days[2], views: 400 },
      // Today: nothing new, the total stays.
      { day: days[3], views: 400 },
    ]);
    const growth = series.points.map((p, i) => p.views - (series.points[i - 1]?.views ?? 0));
    expect(growth).toEqual([100, 150, 150, 0]);
  });

  it('takes each post’s growth apart, leaves out removed posts, and keeps growth recorded before the first day', async () => {
    const { id, days, at } = await threeDayCompetition();
    const [first, second, removed, early] = await insertPosts(app, id, [
      { creator: 'vera', views: 400 },
      { creator: 'walt', views: 80 },
      { creator: 'xena', views: 1000, deleted: 1 },
      { creator: 'yuri', views: 20 },
    ]);
    await insertSnapshot(app, first!.id, at(days[0]!), 100);
    await insertSnapshot(app, first!.id, at(days[1]!), 250);
    await insertSnapshot(app, first!.id, at(days[2]!), 400);
    // Snapshots of two posts interleave in time: the growth is per post, not across posts.
    await insertSnapshot(app, second!.id, at(days[1]!) + 60_000, 50);
    await insertSnapshot(app, second!.id, at(days[2]!) + 60_000, 80);
    await insertSnapshot(app, removed!.id, at(days[1]!), 1000);
    // Entered before the competition's first day, unchanged since.
    await insertSnapshot(app, early!.id, at(addDays(days[0]!, -2)), 20);
    await insertSnapshot(app, early!.id, at(days[1]!), 20);
    const { viewsOverTime: series } = await reportOf(staff, id);
    expect(series.points.map((p) => p.views)).toEqual([120, 320, 500, 500]);
  });

  it('shows nothing before the competition starts', async () => {
    const id = await newCompetition(app, staff, { name: 'Future Song' });
    const tomorrow = addDays(localDay(now(), timeZone), 1);
    await app.db
      .updateTable('competitions')
      .set({
        startDate: competitionTimeOn(tomorrow, timeZone),
        endDate: competitionTimeOn(addDays(tomorrow, 7), timeZone),
      })
      .where('id', '=', id)
      .execute();
    expect((await reportOf(staff, id)).viewsOverTime).toEqual({ step: 'day', points: [] });
  });

  it(`steps by week past ${REPORT_MAX_POINTS} days: each week's first day with the total at its end`, () => {
    const zone = 'UTC';
    const start = Date.UTC(2020, 0, 1, 15);
    const days = REPORT_MAX_POINTS + 10;
    const bucket = (day: number) => Math.floor((start + day * 86_400_000) / TIME_BUCKET_MS);
    const series = viewsOverTime(
      [
        { bucket: bucket(0), count: 5 },
        { bucket: bucket(8), count: 7 },
        { bucket: bucket(days - 1), count: 1 },
      ],
      {
        startDate: start,
        endDate: start + (days - 1) * 86_400_000,
        now: Date.UTC(2030, 0, 1),
        timeZone: zone,
      },
    );
    expect(series.step).toBe('week');
    expect(series.points).toHaveLength(Math.ceil(days / 7));
    expect(series.points.slice(0, 3)).toEqual([
      { day: '2020-01-01', views: 5 },
      { day: '2020-01-08', views: 12 },
      { day: '2020-01-15', views: 12 },
    ]);
    expect(series.points.at(-1)!.views).toBe(13);
  });
});

describe('who may read a report', () => {
  it('answers anonymous callers 401', async () => {
    for (const path of ['', '/csv', '/pdf'])
      expect((await new TestClient(app).get(`/api/reports/${competitionId}${path}`)).statusCode).toBe(401);
  });

  it('answers an organizer 404 for a competition that is not theirs, like a missing one', async () => {
    for (const path of ['', '/csv', '/pdf']) {
      const foreign = await organizer.get(`/api/reports/${foreignId}${path}`);
      const missing = await organizer.get(`/api/reports/no-such-competition${path}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
    }
  });

  it('answers a deleted competition 404 to its organizer; staff still read it (decision 0124)', async () => {
    const id = await newCompetition(app, staff, { name: 'Deleted Song', email: organizer.user.email });
    await app.db.updateTable('competitions').set({ deleted: 1 }).where('id', '=', id).execute();
    expect((await organizer.get(`/api/reports/${id}`)).statusCode).toBe(404);
    const report = await staff.get(`/api/reports/${id}`);
    expect(report.statusCode).toBe(200);
    expect(report.json().report.competition).toMatchObject({ id, name: 'Deleted Song' });
  });
});

describe('the CSV', () => {
  it('is one attachment of sections; staff get Payments, organizers do not', async () => {
    const response = await staff.get(`/api/reports/${competitionId}/csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['cache-control']).toBe('no-store');
    const today = localDay(now(), timeZone);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="report-moonlight-song-${today}.csv"`,
    );
    const sections = csvSections(response.body);
    expect([...sections.keys()]).toEqual([
      'Competition',
      'Totals',
      'Views over time',
      'Top posts',
      'By platform',
      'By country',
      'Leaderboard',
      'Winners',
      'Payments',
    ]);
    expect(sections.get('Totals')).toEqual([
      ['Posts', 'Creators', 'Views', 'Likes', 'Comments', 'Shares'],
      ['5', '4', '3850', '195', '19', '8'],
    ]);
    expect(sections.get('Competition')![1]![0]).toBe(NAME);
    expect(sections.get('By country')![2]).toEqual(['Unknown', '1', '2000']);
    expect(sections.get('Winners')!.at(-1)).toEqual(['Prize total', '', '', '500.00']);
    expect(sections.get('Payments')![1]).toEqual([
      'alice',
      'tiktok',
      'alice@paypal.test',
      '200.00',
      'To Be Paid',
    ]);

    const own = await organizer.get(`/api/reports/${competitionId}/csv`);
    expect(own.statusCode).toBe(200);
    expect(csvSections(own.body).has('Payments')).toBe(false);
    expect(own.body).not.toMatch(EMAIL_PATTERN);
  });

  it('neutralises a creator name a spreadsheet would run as a formula', async () => {
    const id = await newCompetition(app, staff, { name: 'Formula Song' });
    await insertPosts(app, id, [{ creator: '=HYPERLINK("http://evil.test")', views: 5 }]);
    const sections = csvSections((await staff.get(`/api/reports/${id}/csv`)).body);
    expect(sections.get('Top posts')![1]![1]).toBe(`'=HYPERLINK("http://evil.test")`);
  });

  it('names a competition without Latin letters report-competition-<date>', async () => {
    const id = await newCompetition(app, staff, { name: 'Лунная песня' });
    const response = await staff.get(`/api/reports/${id}/csv`);
    expect(response.headers['content-disposition']).toMatch(
      /filename="report-competition-\d{4}-\d{2}-\d{2}\.csv"/,
    );
  });
});

describe('the PDF', () => {
  it('is a PDF attachment that renders, shows the name in Latin and Cyrillic, and the payments for staff', async () => {
    const response = await staff.get(`/api/reports/${competitionId}/pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="report-moonlight-song-.*\.pdf"$/,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(renderedPages(pdf)).toBeGreaterThanOrEqual(1);
    const text = pdfText(pdf);
    expect(text).toContain('Moonlight Song');
    expect(text).toContain('Лунная песня');
    expect(text).toContain('Luna Vega');
    for (const heading of [
      'Totals',
      'Views over time',
      'Top posts',
      'By platform',
      'By country',
      'Leaderboard',
      'Winners',
    ])
      expect(text).toContain(heading);
    expect(text).toContain('3,850');
    expect(text).toContain('Payments');
    expect(text).toContain('alice@paypal.test');
  });

  it('leaves the payments out of an organizer’s PDF', async () => {
    const response = await organizer.get(`/api/reports/${competitionId}/pdf`);
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Лунная песня');
    expect(text).not.toContain('Payments');
    expect(text).not.toMatch(EMAIL_PATTERN);
  });
});
