// The lists the benchmark measures: each one's request as the web app makes it, and its SQL
// floor, the same repository or service functions called directly with the same arguments
// (decision 0041). A floor holds all the SQL its route asks for beyond the session (0079).
import { randomUUID } from 'node:crypto';
import {
  adminPostsQuerySchema,
  analyticsQuerySchema,
  dashboardChartQuerySchema,
  listCompetitionsQuerySchema,
  listInquiriesQuerySchema,
  listLeaderboardQuerySchema,
  listPaymentsQuerySchema,
  listWinnersQuerySchema,
} from '@preffy/api';
import { BENCH_USER } from '../../apps/server/src/dev/bench-user.ts';
import { BIG_COMPETITION_ID, PAYOUT_COMPETITION_ID } from '../../apps/server/src/dev/large-data-set.ts';
import { getAnalytics, resolvePeriod } from '../../apps/server/src/modules/analytics/analytics.service.ts';
import type { findSessionUser } from '../../apps/server/src/modules/auth/sessions.repository.ts';
import { monthGrid } from '../../apps/server/src/modules/calendar/calendar.repository.ts';
import { listCompetitions } from '../../apps/server/src/modules/competitions/competitions.repository.ts';
import { findVisibleCompetition } from '../../apps/server/src/modules/competitions/competitions.service.ts';
import {
  getChart,
  getTiles,
  listCompetitions as listDashboardCompetitions,
} from '../../apps/server/src/modules/dashboard/dashboard.service.ts';
import { makePayoutFiles, payoutFileDownload } from '../../apps/server/src/modules/finish/finish-payout.ts';
import { listInquiries } from '../../apps/server/src/modules/inquiries/inquiries.repository.ts';
import { listPayments } from '../../apps/server/src/modules/payments/payments.repository.ts';
import { listAdminPosts } from '../../apps/server/src/modules/posts/post-admin.repository.ts';
import { listCards } from '../../apps/server/src/modules/posts/review.repository.ts';
import { competitionLeaderboard } from '../../apps/server/src/modules/leaderboard/leaderboard.service.ts';
import { listWinners } from '../../apps/server/src/modules/winners/winners.repository.ts';
import type { Client } from './client.ts';
import type { DataSet } from './data-set.ts';
import { type BenchOptions, TARGETS } from './options.ts';

/**
 * withPosts: the legacy screen also carried every post of every competition it listed.
 * http: what one view asks the server, when it is more than GET url (answering the body).
 * inLoad: false keeps it out of the load mix (a download that writes, not a list).
 * legacyOf: the legacy fetched this whole list and searched it in the browser.
 */
export type List = {
  name: string;
  url: string;
  floor: () => Promise<unknown>;
  target?: number;
  withPosts?: boolean;
  http?: () => Promise<string>;
  rounds?: number;
  inLoad?: false;
  legacyOf?: string;
};

export type SessionUser = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

const viewer = { role: 'admin', email: BENCH_USER.email };
/** The server's business time zone: its default, as BUSINESS_TIME_ZONE is not set for it. */
const BUSINESS_TIME_ZONE = 'UTC';
const q = <S extends { parse: (v: unknown) => unknown }>(schema: S, query: Record<string, string>) =>
  schema.parse(query) as ReturnType<S['parse']>;

/** Every list, in the order measured; `benchUser` is the bench admin's session as the server sees it. */
export function defineLists({
  db,
  dialect,
  today,
  benchUser,
  client,
  payout,
}: Pick<DataSet, 'db' | 'dialect' | 'today'> & {
  benchUser: SessionUser;
  client: Client;
  payout: BenchOptions['payout'];
}) {
  const month = new Date(today).toISOString().slice(0, 7);
  /**
   * The payout competition's wizard version, read before each Download CSV as the page has it.
   * Its payments are first taken out of the last round's file: a download of payments already in
   * a file only lists that file again, and each round is to make one.
   */
  const payoutVersion = async () => {
    await db
      .updateTable('payments')
      .set({ payoutFileId: null })
      .where('competitionId', '=', PAYOUT_COMPETITION_ID)
      .execute();
    return Number(
      (
        await db
          .selectFrom('competitionFinishes')
          .select('version')
          .where('competitionId', '=', PAYOUT_COMPETITION_ID)
          .executeTakeFirstOrThrow()
      ).version,
    );
  };

  const lists: List[] = [
    ...(['active', 'upcoming', 'completed'] as const).map((tab) => ({
      name: `competitions ${tab} tab`,
      url: `/api/competitions?tab=${tab}`,
      floor: () => listCompetitions(db, viewer, q(listCompetitionsQuerySchema, { tab })),
      withPosts: true,
    })),
    {
      name: 'competitions search, by song',
      url: '/api/competitions?search=neon&sortBy=name',
      withPosts: true,
      floor: () =>
        listCompetitions(db, viewer, q(listCompetitionsQuerySchema, { search: 'neon', sortBy: 'name' })),
    },
    {
      name: 'posts admin',
      url: '/api/posts',
      floor: () => listAdminPosts(db, viewer, q(adminPostsQuerySchema, {})),
    },
    {
      name: 'posts admin of the 50,000-post competition, by likes',
      url: `/api/posts?competitionId=${BIG_COMPETITION_ID}&sortBy=likes`,
      floor: () =>
        listAdminPosts(
          db,
          viewer,
          q(adminPostsQuerySchema, { competitionId: BIG_COMPETITION_ID, sortBy: 'likes' }),
        ),
    },
    {
      name: 'review queue of the 50,000-post competition',
      url: `/api/competitions/${BIG_COMPETITION_ID}/review`,
      // The route reads the competition first, to check the viewer may see it: SQL of its own.
      floor: async () =>
        listCards(db, (await findVisibleCompetition(db, benchUser, BIG_COMPETITION_ID)).id, 'queue', {
          limit: 20,
        }),
    },
    {
      name: 'winners directory',
      url: '/api/winners',
      floor: () => listWinners(db, q(listWinnersQuerySchema, {})),
    },
    {
      name: 'winners search',
      url: '/api/winners?search=winner12',
      legacyOf: '/api/winners',
      floor: () => listWinners(db, q(listWinnersQuerySchema, { search: 'winner12' })),
    },
    ...(['To Be Paid', 'Paid'] as const).map((status) => ({
      name: `payments ${status}`,
      url: `/api/payments?status=${encodeURIComponent(status)}`,
      floor: () => listPayments(db, q(listPaymentsQuerySchema, { status })),
    })),
    ...(['all', 'unseen', 'inprogress', 'completed'] as const).map((status) => ({
      name: `inquiries ${status}`,
      url: `/api/inquiries?status=${status}`,
      floor: () => listInquiries(db, q(listInquiriesQuerySchema, { status }), BENCH_USER.email),
    })),
    {
      name: 'calendar month',
      url: `/api/calendar/months/${month}`,
      floor: () => monthGrid(db, month, BUSINESS_TIME_ZONE),
    },
    {
      name: 'dashboard tiles',
      url: '/api/dashboard/tiles',
      floor: () => getTiles(db, viewer),
    },
    {
      name: 'dashboard competitions',
      url: '/api/dashboard/competitions',
      // The legacy dashboard counted each competition's UGC from its posts, all of them sent.
      withPosts: true,
      floor: () => listDashboardCompetitions(db, viewer, { page: 1, pageSize: 10 }),
    },
    {
      name: 'dashboard chart (since 2021)',
      url: '/api/dashboard/chart',
      floor: () => getChart(db, viewer, q(dashboardChartQuerySchema, {}), BUSINESS_TIME_ZONE),
    },
    {
      name: 'analytics, last 30 days',
      url: '/api/analytics',
      floor: () =>
        getAnalytics(db, resolvePeriod(q(analyticsQuerySchema, {}), BUSINESS_TIME_ZONE), BUSINESS_TIME_ZONE),
    },
    {
      name: 'leaderboard page of the 50,000-post competition',
      url: `/api/competitions/${BIG_COMPETITION_ID}/leaderboard`,
      floor: () =>
        competitionLeaderboard(dialect)(db, benchUser, BIG_COMPETITION_ID, q(listLeaderboardQuerySchema, {})),
      target: TARGETS.leaderboardMs,
    },
    // Last: the one that writes, so its aftermath (garbage, WAL checkpoints) falls on no other list.
    {
      name: `payout CSV of ${payout.winners.toLocaleString('en')} winners (make and download)`,
      url: `/api/finish/${PAYOUT_COMPETITION_ID}/payout-files`,
      target: TARGETS.payoutCsvMs,
      rounds: payout.rounds,
      inLoad: false,
      http: async () => {
        const { finish } = (await client.timedPost(
          `/api/finish/${PAYOUT_COMPETITION_ID}/payout-files`,
          { version: await payoutVersion() },
          { 'idempotency-key': randomUUID() },
        )) as { finish: { files: { id: string }[] } };
        return client.get(`/api/finish/payout-files/${finish.files[0]!.id}`);
      },
      floor: async () => {
        const finish = await makePayoutFiles(db, benchUser, PAYOUT_COMPETITION_ID, {
          version: await payoutVersion(),
        });
        return payoutFileDownload(db, benchUser, finish.files[0]!.id);
      },
    },
  ];

  return lists;
}
