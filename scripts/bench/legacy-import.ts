// The legacy import at scale (issue 41): the data set's competitions and posts written out as a
// DynamoDB export (DYNAMODB_JSON, gzipped data files, manifests), streamed, then imported by
// `npm run import` into a new database, once at a tenth of the size and once at full size, so the
// peak memory of the two says whether it grows with the file (it must not: the files are streamed).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createGzip } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  FULL_SIZE,
  countsAt,
  postsPerCompetition,
  random,
} from '../../apps/server/src/dev/large-data-set.ts';
import type { BenchOptions } from './options.ts';

export type ImportRow = {
  posts: number;
  competitions: number;
  seconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
  exportMb: number;
};

const S = (value: string) => ({ S: value });
const N = (value: number) => ({ N: String(value) });
const DAY = 86_400_000;
const PLATFORMS = ['tiktok', 'instagram', 'youtube'];
const POSTS_PER_FILE = 250_000;

/** Writes one table's export under `root`, its items streamed from `items` into gzipped files. */
async function writeExport(root: string, model: string, count: number, itemAt: (i: number) => object) {
  const exportId = `01700000000000-${model.toLowerCase()}`;
  const folder = path.join(root, 'AWSDynamoDB', exportId);
  await mkdir(path.join(folder, 'data'), { recursive: true });
  const manifest: string[] = [];
  for (let file = 0, first = 0; first < count; file++, first += POSTS_PER_FILE) {
    const last = Math.min(count, first + POSTS_PER_FILE);
    const name = `data/part-${file}.json.gz`;
    const gzip = createGzip();
    const out = gzip.pipe(createWriteStream(path.join(folder, name)));
    for (let i = first; i < last; i++)
      if (!gzip.write(`${JSON.stringify({ Item: itemAt(i) })}\n`)) await once(gzip, 'drain');
    gzip.end();
    await once(out, 'finish');
    manifest.push(
      JSON.stringify({ itemCount: last - first, dataFileS3Key: `bench/AWSDynamoDB/${exportId}/${name}` }),
    );
  }
  await writeFile(path.join(folder, 'manifest-files.json'), `${manifest.join('\n')}\n`);
  await writeFile(
    path.join(folder, 'manifest-summary.json'),
    JSON.stringify({
      tableArn: `arn:aws:dynamodb:us-east-1:123456789012:table/${model}-benchapiid-prod`,
      exportFormat: 'DYNAMODB_JSON',
      itemCount: count,
    }),
  );
}

/** The data set's competitions and posts (its skew: one big competition) as a legacy export. */
export async function writeLegacyBenchExport(root: string, posts: number) {
  const counts = countsAt(posts / FULL_SIZE.posts);
  const next = random(41);
  const perCompetition = postsPerCompetition(counts, next);
  const owners = perCompetition.flatMap((n, c) => Array<number>(n).fill(c));
  const start = Date.UTC(2025, 0, 1, 15);
  const competitionId = (c: number) => `legacy-c-${String(c).padStart(6, '0')}`;
  await writeExport(root, 'Competition', counts.competitions, (c) => ({
    id: S(competitionId(c)),
    name: S(`Legacy Song ${c}`),
    organizer: S('Luna Vega'),
    organizerEmail: S('luna.vega@label.test'),
    startDate: N(start + (c % 300) * DAY),
    endDate: N(start + (c % 300) * DAY + 7 * DAY),
    campaignID: N(1_000_000 + c),
    isConfirmed: { BOOL: true },
    hasEnded: { BOOL: true },
    prizes: { L: [S('1st Place: $200'), S('2nd Place: $100')] },
    platforms: { L: [S('TikTok')] },
    metric: S('likes'),
    _version: N(1),
    _lastChangedAt: N(start),
  }));
  await writeExport(root, 'Post', counts.posts, (i) => {
    const c = owners[i]!;
    const platform = PLATFORMS[i % 3]!;
    const views = 1_000 + Math.floor(next() * 200_000);
    return {
      id: S(`legacy-p-${String(i).padStart(8, '0')}`),
      competitionID: S(competitionId(c)),
      link: S(`https://www.tiktok.com/@creator${i % 50_000}/video/${7_000_000_000_000 + i}`),
      email: S(`creator${i % 50_000}@creators.test`),
      creator: S(`creator${i % 50_000}`),
      platform: S(platform),
      likes: N(Math.floor(views * 0.05)),
      views: N(views),
      shares: N(i % 500),
      comments: N(i % 300),
      postId: S(String(7_000_000_000_000 + i)),
      country: S('US'),
      createdAt: S(new Date(start + (c % 300) * DAY + (i % 1000) * 60_000).toISOString()),
      _version: N(1),
      _lastChangedAt: N(start),
    };
  });
  return { competitions: counts.competitions, posts: counts.posts };
}

/** A new database for one import: a temporary SQLite file, or a scratch PostgreSQL database. */
async function newDatabase() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'preffy-import-bench-'));
  const base = process.env.DATABASE_URL;
  if (!base) return { dataDir, env: {}, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `bench_import_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    dataDir,
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const again = new pg.Client({ connectionString: base });
      await again.connect();
      await again.query(`drop database if exists ${name}`);
      await again.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The peak resident memory of a process so far (VmHWM), in MB: sampled until it exits. */
function peakRssOf(child: ChildProcess) {
  let peak = 0;
  const sample = () => {
    try {
      const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      if (kb) peak = Math.max(peak, Number(kb) / 1024);
    } catch {
      // Gone: the last sample stands.
    }
  };
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

async function importOnce(root: string, posts: number): Promise<ImportRow> {
  const exportDir = path.join(root, `export-${posts}`);
  const written = await writeLegacyBenchExport(exportDir, posts);
  const { execSync } = await import('node:child_process');
  const exportMb = Number(execSync(`du -sk ${exportDir}`).toString().split('\t')[0]) / 1024;
  const database = await newDatabase();
  try {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', exportDir], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: database.dataDir,
        ...database.env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const peak = peakRssOf(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    const peakRssMb = peak();
    if (code !== 0) throw new Error(`npm run import failed (${code}):\n${output}`);
    if (!/Post\s+\S+ read · (\d+) created/.exec(output) || !output.includes(`${written.posts} created`))
      throw new Error(`The import did not create every post:\n${output}`);
    const seconds = (performance.now() - started) / 1000;
    return {
      ...written,
      seconds,
      rowsPerSecond: (written.posts + written.competitions) / seconds,
      peakRssMb,
      exportMb,
    };
  } finally {
    await database.drop();
  }
}

/** The import at a tenth of the scale's posts and at the full scale, side by side. */
export async function measureLegacyImport(options: BenchOptions): Promise<ImportRow[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'preffy-import-export-'));
  try {
    const full = Math.max(100, Math.round(FULL_SIZE.posts * options.scale));
    const rows: ImportRow[] = [];
    for (const posts of [Math.round(full / 10), full]) rows.push(await importOnce(root, posts));
    return rows;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
