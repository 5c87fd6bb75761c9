import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LegacyImportReport } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BANNED_EMAIL,
  EXPECTED_COUNTS,
  INQUIRY_DATE_UTC,
  INQUIRY_ZONE,
  LEGACY_IDS,
  LIMIT_ERA_POSTS,
  writeLegacyFixture,
} from '../../../test/fixtures/legacy-data.ts';
import { writeDynamoDbExport } from '../../../test/fixtures/legacy-export.ts';
import { tiktokLink } from '../../../test/fixtures/posts.ts';
import { type SignedInClient, signedInApp } from '../../../test/fixtures/signed-in.ts';
import { JobWorker } from '../../../test/job-worker.ts';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { createStatsSources } from '../refresh/providers.ts';
import { folderImageSource, runImport } from './import-engine.ts';
import { createRun, listProblems } from './import-runs.repository.ts';
import { localStorage } from '../storage/index.ts';

/** Every table's row count but the import's own runs and problems: a dry run leaves them as they were. */
async function rowCounts(db: Database) {
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter(
      (name) =>
        !['import_runs', 'import_problems', 'kysely_migration', 'kysely_migration_lock'].includes(name),
    )
    .filter((name) => !name.startsWith('sqlite_') && !name.includes('_search'));
  expect(tables).toEqual(expect.arrayContaining(['posts', 'competitions', 'legacy_records', 'post_days']));
  const counts: Record<string, number> = {};
  for (const table of tables)
    counts[table] = Number(
      (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n,
    );
  return counts;
}

async function importRun(
  app: FastifyInstance,
  paths: string[],
  options: { dryRun?: boolean; images?: string } = {},
) {
  const dryRun = options.dryRun ?? false;
  const runId = await createRun(app.db, {
    dryRun,
    timeZone: INQUIRY_ZONE,
    sources: { paths, names: paths },
    createdBy: null,
  });
  const report = await runImport(app.db, {
    runId,
    paths,
    dryRun,
    timeZone: INQUIRY_ZONE,
    businessTimeZone: app.config.businessTimeZone,
    dialect: app.dialect,
    images: options.images
      ? {
          source: folderImageSource(options.images),
          store: localStorage(await mkdtemp(path.join(tmpdir(), 'images-'))),
        }
      : null,
    batchSize: 200,
  });
  return { runId, report };
}

const countsOf = (report: LegacyImportReport) =>
  Object.fromEntries(
    Object.entries(report.tables).map(([t, c]) => [
      t,
      {
        total: c.total,
        created: c.created,
        tombstones: c.tombstones,
        invalid: c.invalid,
        orphans: c.orphans,
      },
    ]),
  );

describe.each(['DYNAMODB_JSON', 'ION'] as const)('the legacy import of %s exports', (format) => {
  let app: FastifyInstance;
  let staff: SignedInClient;
  let root: string;
  let images: string;
  beforeAll(async () => {
    ({ app, staff } = await signedInApp({ staff: 'staff' }));
    root = await writeLegacyFixture(await mkdtemp(path.join(tmpdir(), 'legacy-')), format);
    images = await mkdtemp(path.join(tmpdir(), 'legacy-images-'));
    const { mkdir } = await import('node:fs/promises');
    await mkdir(path.join(images, 'public'));
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await writeFile(path.join(images, 'public', 'sunrise.png'), png);
  });
  afterAll(() => app.close());

  it('a dry run reports what an import would do and writes nothing', async () => {
    const before = await rowCounts(app.db);
    const { report } = await importRun(app, [root], { dryRun: true, images });
    expect(await rowCounts(app.db)).toEqual(before);
    expect(countsOf(report)).toMatchObject(EXPECTED_COUNTS);
    expect(report.unreadable).toBe(1);
  });

  it('imports exactly the expected rows, with the report, the money and every problem named', async () => {
    const { runId, report } = await importRun(app, [root], { images });
    expect(countsOf(report)).toMatchObject(EXPECTED_COUNTS);
    expect(report.payments).toEqual([
      { status: 'Paid', count: 1, amountCents: 20000 },
      { status: 'To Be Paid', count: 1, amountCents: 10050 },
    ]);
    expect(report.promotions).toEqual({ count: 1, amountCents: 1000, remainingCents: 19000 });
    expect(report.images).toEqual({ copied: 1, missing: 0 });

    const ended = await app.db
      .selectFrom('competitions')
      .selectAll()
      .where('id', '=', LEGACY_IDS.ended)
      .executeTakeFirstOrThrow();
    expect(ended).toMatchObject({
      name: 'Midnight Drive',
      campaignId: 501,
      version: 1,
      deleted: 0,
      isConfirmed: 1,
      metric: 'likes',
    });
    expect(Number(ended.startDate)).toBe(Math.round(Date.UTC(2024, 2, 1, 20) + 0.25));
    expect(JSON.parse(ended.prizes)).toEqual(['1st Place: $200', '2nd Place: $100']);
    const running = await app.db
      .selectFrom('competitions')
      .select('image')
      .where('id', '=', LEGACY_IDS.running)
      .executeTakeFirstOrThrow();
    expect(running.image).toMatch(/^\/images\/[0-9a-f]{64}\.png$/);
    const posts = await app.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('competitionId', '=', LEGACY_IDS.limitEra)
      .executeTakeFirstOrThrow();
    expect(Number(posts.n)).toBe(LIMIT_ERA_POSTS);
    const cat = await app.db
      .selectFrom('posts')
      .selectAll()
      .where('creator', '=', 'cat')
      .executeTakeFirstOrThrow();
    expect(cat).toMatchObject({ platform: 'tiktok', likes: 500.5, viewsKind: 'reported' });
    expect(Number(cat.createdAt)).toBe(Date.parse('2024-03-02T15:00:00.000Z'));
    const dan = await app.db
      .selectFrom('posts')
      .select('source')
      .where('creator', '=', 'dan')
      .executeTakeFirstOrThrow();
    expect(dan.source).toBe('genni');
    const inquiry = await app.db
      .selectFrom('inquiries')
      .selectAll()
      .where('id', '=', 'inquiry-101')
      .executeTakeFirstOrThrow();
    expect(inquiry).toMatchObject({ firstName: 'Maya', status: 'In Progress', phone: '+1 212 555 0100' });
    expect(Number(inquiry.date)).toBe(INQUIRY_DATE_UTC);
    const omar = await app.db
      .selectFrom('inquiries')
      .select('phone')
      .where('id', '=', 'inquiry-102')
      .executeTakeFirstOrThrow();
    expect(omar.phone).toBeNull();
    const notes = await app.db
      .selectFrom('notes')
      .selectAll()
      .where('inquiryId', '=', 'inquiry-101')
      .execute();
    expect(notes.map((n) => [n.displayName, n.message, Number(n.noteDate)])).toEqual([
      ['Preffy Team', '<p>Called back</p>', INQUIRY_DATE_UTC + 57 * 60_000],
    ]);
    const winners = await app.db
      .selectFrom('winners')
      .select(['email', 'isBanned', 'balance'])
      .orderBy('email')
      .execute();
    expect(winners).toEqual([
      { email: 'ann@creators.test', isBanned: 0, balance: 25 },
      { email: BANNED_EMAIL, isBanned: 1, balance: 0 },
    ]);
    const promotion = await app.db.selectFrom('promotions').select('creatorEmails').executeTakeFirstOrThrow();
    expect(JSON.parse(promotion.creatorEmails).sort()).toEqual(['ann@creators.test', 'eve@creators.test']);

    const problems = await listProblems(app.db, runId, { page: 1, pageSize: 100 });
    const reasons = problems.items.map((p) => `${p.kind} ${p.legacyTable} ${p.legacyId ?? ''}: ${p.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        `invalid Competition ${LEGACY_IDS.tooLong}: name: longer than 200 characters`,
        expect.stringMatching(/^invalid Post b0000000-0000-4000-8000-000000000008: likes: should be number/),
        expect.stringMatching(
          /^orphan Post b0000000-0000-4000-8000-000000000006: Its competition a1b2c3d4-0000-4000-8000-0000000000ff is neither/,
        ),
        expect.stringMatching(/^orphan Referral c0000000-0000-4000-8000-000000000002: Its post/),
        'invalid Winners d0000000-0000-4000-8000-000000000003: Unknown field nickname',
        expect.stringMatching(/^orphan Payment e0000000-0000-4000-8000-000000000003/),
        expect.stringMatching(
          /^invalid Payment e0000000-0000-4000-8000-000000000004: Amount: is more than 10000000/,
        ),
        'invalid Inquiry 103: DATE: is not a date',
        expect.stringMatching(/^orphan InquiryNote .*: Its inquiry inquiry-999/),
      ]),
    );
    const unreadable = problems.items.find((p) => p.kind === 'unreadable')!;
    expect(unreadable).toMatchObject({
      legacyTable: 'Post',
      line: Math.floor(EXPECTED_COUNTS.Post.total / 2) + 1,
    });
    expect(unreadable.file).toMatch(/data\/file1\.(json|ion)\.gz$/);
  });

  it('leaves what the app derives up to date: searches, tallies and the daily rollups', async () => {
    const found = (await staff.get('/api/competitions?search=midnight%20dri')).json();
    expect(found.items.map((c: { id: string }) => c.id)).toEqual([LEGACY_IDS.ended]);
    const winners = (await staff.get('/api/winners?search=cheater%40creat')).json();
    expect(winners.items.map((w: { email: string }) => w.email)).toEqual([BANNED_EMAIL]);
    const inquiries = (await staff.get('/api/inquiries?search=maya')).json();
    expect(inquiries.items.map((i: { id: string }) => i.id)).toEqual(['inquiry-101']);
    // The rollups count the imported live posts on the days they were entered.
    const { n } = await app.db
      .selectFrom('postDays')
      .select((eb) => eb.fn.sum<number>('entered').as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(EXPECTED_COUNTS.Post.created);
  });

  it('a second run of the same files creates and updates nothing', async () => {
    const before = await rowCounts(app.db);
    const { report } = await importRun(app, [root], { images });
    for (const [table, counts] of Object.entries(report.tables)) {
      expect([table, counts.created, counts.updated]).toEqual([table, 0, 0]);
      expect(counts.unchanged).toBe(EXPECTED_COUNTS[table as keyof typeof EXPECTED_COUNTS].created);
    }
    expect(await rowCounts(app.db)).toEqual(before);
  });

  it('a later export updates what is newer, leaves what is older and deletes what the legacy deleted', async () => {
    const delta = await mkdtemp(path.join(tmpdir(), 'legacy-delta-'));
    const [ann, ben, cat] = (await import('../../../test/fixtures/legacy-data.ts')).ENDED_POSTS;
    await writeDynamoDbExport(
      delta,
      'Post',
      [
        { ...ann, likes: 950, _version: 2, _lastChangedAt: Date.UTC(2024, 4, 1) },
        { ...ben, likes: 1, _version: 0 },
        { ...cat, _deleted: true, _version: 3 },
      ],
      { format },
    );
    const { report } = await importRun(app, [delta]);
    expect(report.tables.Post).toMatchObject({
      total: 3,
      updated: 1,
      older: 1,
      tombstones: 1,
      deleted: 1,
      created: 0,
    });
    const rows = await app.db
      .selectFrom('posts')
      .select(['creator', 'likes', 'version', 'deleted'])
      .where('creator', 'in', ['ann', 'ben', 'cat'])
      .orderBy('creator')
      .execute();
    expect(rows.map((r) => [r.creator, r.likes, r.deleted])).toEqual([
      ['ann', 950, 0],
      ['ben', 700, 0],
      ['cat', 500.5, 1],
    ]);
    expect(rows[0]!.version).toBe(2);
  });

  it("a banned legacy winner's next entry is flagged 'Banned User'", async () => {
    const entered = await staff.post(`/api/competitions/${LEGACY_IDS.running}/posts`, {
      email: BANNED_EMAIL,
      creator: 'cheater',
      link: tiktokLink('cheater'),
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const row = await app.db
      .selectFrom('posts')
      .select(['flags', 'deleted'])
      .where('email', '=', BANNED_EMAIL)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.flags)).toMatchObject([{ code: 'bannedUser' }]);
    expect(row.deleted).toBe(1);
  });

  it("an imported competition's leaderboard is the one computed from the same posts entered by hand", async () => {
    const { ENDED_POSTS, COMPETITIONS } = await import('../../../test/fixtures/legacy-data.ts');
    const { createCompetition } = await import('../../../test/fixtures/competitions.ts');
    const byHand = (
      await createCompetition(staff, { name: 'By hand', prizes: COMPETITIONS[0]!.prizes as string[] })
    ).id;
    const fields = [
      'creator',
      'email',
      'platform',
      'likes',
      'views',
      'bonusLikes',
      'source',
      'postId',
      'link',
      'shares',
      'comments',
      'country',
    ];
    const { insertRows } = await import('../../../test/fixtures/insert-rows.ts');
    const imported = await app.db
      .selectFrom('posts')
      .selectAll()
      .where('competitionId', '=', LEGACY_IDS.ended)
      .where('deleted', '=', 0)
      .execute();
    await insertRows(
      app.db,
      'posts',
      imported.map((p) => ({
        ...Object.fromEntries(fields.map((f) => [f, p[f as keyof typeof p]])),
        id: `${p.id}-hand`,
        competitionId: byHand,
        version: 1,
        deleted: 0,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
        creativityScore: p.creativityScore,
      })) as never,
    );
    expect(ENDED_POSTS.length).toBeGreaterThan(imported.length - 1);
    const boardOf = async (id: string) => {
      expect((await staff.post(`/api/competitions/${id}/leaderboard/update`)).statusCode).toBe(202);
      expect(await new JobWorker(app.db, createStatsSources({} as never)).tick()).toBe(1);
      const board = (await staff.get(`/api/competitions/${id}/leaderboard?pageSize=100`)).json();
      return board.items.map(({ competitionId: _c, computedAt: _t, ...row }: Record<string, unknown>) => row);
    };
    const fromImport = await boardOf(LEGACY_IDS.ended);
    expect(fromImport.length).toBe(imported.length);
    expect(fromImport).toEqual(await boardOf(byHand));
  });
});
