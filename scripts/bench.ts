// npm run bench: performance targets for the hot paths, measured in-process with app.inject on
// SQLite (or PostgreSQL with DATABASE_URL). Exits non-zero when a target is missed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { newId, now } from '../apps/server/src/lib/clock.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { seedDemoData } from '../apps/server/src/modules/demo/seed-demo-data.ts';
import { TestClient } from '../apps/server/test/test-app.ts';

const USERS = 10_000;
const ROUNDS = 200;
const targets: Record<string, number> = {
  'GET /api/auth/me (session lookup)': 5,
  'GET /api/users page 1 of 10,000': 25,
  'GET /api/users search among 10,000': 40,
  'GET /api/users last page sorted by email desc': 40,
  'GET /api/email/subscribers page 1 of 10,000': 25,
  'GET /api/email/subscribers search among 10,000': 40,
  'GET /api/competitions Active tab of 10,000': 25,
  'GET /api/competitions search artist or song among 10,000': 40,
  'GET /api/competitions Completed tab, last page by song': 40,
  'GET /api/public/competitions/:id': 10,
  'GET /api/calendar/months/:month among 10,000': 40,
  'GET /api/calendar/days/:day among 10,000': 25,
  'GET /api/competitions/:id/posts page 1 of 50,000 by likes': 60,
  'GET /api/competitions/:id/leaderboard page 1 of 20,000 creators': 25,
  // A deep page in another order sorts the 20,000 rows in the database: rarer, allowed more.
  'GET /api/competitions/:id/leaderboard sorted by views, page 100': 100,
};
/** One-shot operations: the whole request, measured once. */
const BULK_TARGET_MS = 3000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'preffy-bench-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'false' }) };
const app = await buildApp({ config, logger: false });

const passwordHash = await hashPassword('bench-password-1');
const at = now();
/** The columns every record has, for the i-th generated row. */
const record = (i: number) => ({
  id: newId(),
  version: 1,
  deleted: 0 as 0 | 1,
  createdAt: at + i,
  updatedAt: at + i,
});
/** Inserts generated rows 500 at a time (one statement each). */
async function insertAll(table: 'users' | 'winners' | 'competitions' | 'posts', rows: object[]) {
  for (let i = 0; i < rows.length; i += 500)
    await app.db
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
}
const rows = Array.from({ length: USERS }, (_, i) => ({
  ...record(i),
  email: `user${i}@bench.test`,
  name: `User ${String(i).padStart(5, '0')}`,
  role: (['admin', 'staff', 'organizer'] as const)[i % 3]!,
  disabled: 0 as const,
  passwordHash: i === 0 ? passwordHash : null,
  language: null,
}));
await insertAll('users', rows);

await seedDemoData(app.db);
const winners = Array.from({ length: USERS }, (_, i) => ({
  ...record(i),
  email: `fan${i}@bench.test`,
  paypal: null,
  isBanned: 0 as const,
  isUnsubscribed: (i % 50 === 0 ? 1 : 0) as 0 | 1,
  isVetted: 0 as const,
  balance: i % 300,
}));
await insertAll('winners', winners);

const DAY = 24 * 3600_000;
const competitions = Array.from({ length: USERS }, (_, i) => {
  const state = i % 3; // upcoming, active, completed
  const start = at + (state === 0 ? 10 : state === 1 ? -3 : -40) * DAY - (i % 500) * DAY;
  return {
    ...record(i),
    deleted: (i % 97 === 0 ? 1 : 0) as 0 | 1,
    lastUpdated: at + i,
    name: `Song ${String(i).padStart(5, '0')}`,
    organizer: `Artist ${i % 800}`,
    organizerEmail: `artist${i % 800}@bench.test`,
    audio: 'https://soundcloud.com/bench/song',
    startDate: start,
    endDate: start + 7 * DAY,
    isActive: (state === 1 ? 1 : 0) as 0 | 1,
    hasEnded: (state === 2 ? 1 : 0) as 0 | 1,
    isConfirmed: (i % 4 === 0 ? 0 : 1) as 0 | 1,
    campaignId: 100_000 + i,
    prizes: JSON.stringify(['1st Place: $200', '2nd Place: $100']),
    invoiceAmount: 1000 + (i % 10) * 500,
    isClosed: 0 as const,
    isDirect: 0 as const,
    is555: 0 as const,
    platforms: '["TikTok"]',
    competitionType: 'Hybrid',
    takePct: 1,
    metric: 'likes',
    continents: '[]',
  };
});
await insertAll('competitions', competitions);
const someCompetition = competitions[1]!.id;

// One big competition: 50,000 posts by 20,000 creators on three platforms.
const BIG_POSTS = 50_000;
const bigCompetition = competitions[4]!.id;
const platforms = ['tiktok', 'instagram', 'youtube'] as const;
const posts = Array.from({ length: BIG_POSTS }, (_, i) => ({
  ...record(i),
  competitionId: bigCompetition,
  link: `https://www.youtube.com/watch?v=B${String(i).padStart(10, '0')}`,
  email: `creator${i % 20_000}@bench.test`,
  creator: `creator${i % 20_000}`,
  platform: platforms[i % 3]!,
  postId: `B${String(i).padStart(10, '0')}`,
  likes: (i * 7919) % 100_000,
  views: (i * 104_729) % 2_000_000,
  bonusLikes: null,
  creativityScore: i % 97 === 0 ? 100 : 0,
  source: '',
  shares: 0,
  comments: 0,
}));
await insertAll('posts', posts);

const client = new TestClient(app);
await client.post('/api/auth/login', { email: 'user0@bench.test', password: 'bench-password-1' });

async function measure(url: string) {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const response = await client.get(url);
    times.push(performance.now() - start);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(ROUNDS * 0.5)]!, p95: times[Math.floor(ROUNDS * 0.95)]! };
}

let missed = 0;
const urls: Record<string, string> = {
  'GET /api/auth/me (session lookup)': '/api/auth/me',
  'GET /api/users page 1 of 10,000': '/api/users?pageSize=50',
  'GET /api/users search among 10,000': '/api/users?search=user99&pageSize=50',
  'GET /api/users last page sorted by email desc': `/api/users?sortBy=email&sortDirection=desc&pageSize=50&page=${USERS / 50}`,
  'GET /api/email/subscribers page 1 of 10,000': '/api/email/subscribers?pageSize=50',
  'GET /api/email/subscribers search among 10,000': '/api/email/subscribers?search=fan99&pageSize=50',
  'GET /api/competitions Active tab of 10,000': '/api/competitions?tab=active&pageSize=50',
  'GET /api/competitions search artist or song among 10,000':
    '/api/competitions?search=artist 79&pageSize=50',
  'GET /api/competitions Completed tab, last page by song': `/api/competitions?tab=completed&sortBy=name&sortDirection=asc&pageSize=50&page=66`,
  'GET /api/public/competitions/:id': `/api/public/competitions/${someCompetition}`,
  'GET /api/calendar/months/:month among 10,000': `/api/calendar/months/${new Date(at).toISOString().slice(0, 7)}`,
  'GET /api/calendar/days/:day among 10,000': `/api/calendar/days/${new Date(at).toISOString().slice(0, 10)}`,
  'GET /api/competitions/:id/posts page 1 of 50,000 by likes': `/api/competitions/${bigCompetition}/posts?sortBy=likes&sortDirection=desc&pageSize=50`,
  'GET /api/competitions/:id/leaderboard page 1 of 20,000 creators': `/api/competitions/${bigCompetition}/leaderboard?pageSize=50`,
  'GET /api/competitions/:id/leaderboard sorted by views, page 100': `/api/competitions/${bigCompetition}/leaderboard?sortBy=views&sortDirection=desc&pageSize=50&page=100`,
};

/** A one-shot operation, measured once against its target. */
async function once(name: string, targetMs: number, work: () => Promise<unknown>) {
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  const ok = ms <= targetMs;
  if (!ok) missed += 1;
  console.log(
    `${ok ? 'ok  ' : 'SLOW'} ${name}: ${ms.toFixed(0)} ms (target ≤ ${targetMs} ms)${result ? ` ${result}` : ''}`,
  );
}
console.log(`database: ${app.dialect}, ${ROUNDS} requests each`);
await once('Update Leaderboard of 50,000 posts (job, computed and stored)', 5000, async () => {
  const response = await client.post(`/api/competitions/${bigCompetition}/leaderboard/update`);
  if (response.statusCode !== 202) throw new Error(`leaderboard: ${response.statusCode} ${response.body}`);
  await app.jobWorker.tick();
  const { job } = (await client.get(`/api/jobs/${response.json().job.id}`)).json();
  if (job.status !== 'done') throw new Error(`leaderboard job ${job.status}: ${job.error}`);
});
await once('Update Views for 50,000 posts (queueing the job)', 3000, async () => {
  const response = await client.post(`/api/competitions/${bigCompetition}/refresh`);
  if (response.statusCode !== 202) throw new Error(`refresh: ${response.statusCode} ${response.body}`);
  return `(${response.json().job.total} tasks)`;
});
for (const [name, url] of Object.entries(urls)) {
  const { p50, p95 } = await measure(url);
  const ok = p95 <= targets[name]!;
  if (!ok) missed += 1;
  console.log(
    `${ok ? 'ok  ' : 'SLOW'} ${name}: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target p95 ≤ ${targets[name]} ms)`,
  );
}
{
  const competition = await app.db.selectFrom('competitions').select('id').limit(1).executeTakeFirstOrThrow();
  const start = performance.now();
  const response = await client.post('/api/email/bulk', {
    type: 'basic',
    competitionId: competition.id,
    selection: { all: true, search: '@bench.test' },
  });
  const ms = performance.now() - start;
  if (response.statusCode !== 202) throw new Error(`bulk: ${response.statusCode} ${response.body}`);
  const ok = ms <= BULK_TARGET_MS;
  if (!ok) missed += 1;
  console.log(
    `${ok ? 'ok  ' : 'SLOW'} POST /api/email/bulk to ${response.json().queued} subscribers: ${ms.toFixed(0)} ms (target ≤ ${BULK_TARGET_MS} ms)`,
  );
}
await app.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(missed ? 1 : 0);
