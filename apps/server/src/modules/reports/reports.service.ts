import {
  REPORT_LEADERBOARD_ROWS,
  REPORT_TOP_POSTS,
  type PublicReport,
  type Report,
  publicReportSchema,
  reportSchema,
} from '@preffy/api';
import { localDay, platformName, prizeTotal, roleMeets } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { type CompetitionRow, findCompetition, findReadableCompetition } from '../competitions/index.ts';
import { prizeMoney } from '../payments/index.ts';
import { liveShareOf, shareNotFound } from './report-shares.service.ts';
import { viewsOverTime } from './report-views.ts';
import {
  leaderboardTop,
  paymentRows,
  reportTotals,
  reportWinners,
  splitByCountry,
  splitByPlatform,
  topPosts,
  viewGrowthByBucket,
} from './reports.repository.ts';

/**
 * The competition report (issue 16): did it work, what did it cost, who made it work. The
 * figures come from SQL aggregates (reports.repository.ts); this module puts them together.
 * A shared link's report is parsed through publicReportSchema, which strips anything private.
 */

const list = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);

/** What a shared link may show of a competition's results. */
async function publicReportOf(db: Database, c: CompetitionRow, timeZone: string): Promise<PublicReport> {
  const at = now();
  const [totals, buckets, posts, byPlatform, byCountry, leaderboard, winners] = await Promise.all([
    reportTotals(db, c.id),
    viewGrowthByBucket(db, c.id),
    topPosts(db, c.id, REPORT_TOP_POSTS),
    splitByPlatform(db, c.id),
    splitByCountry(db, c.id),
    leaderboardTop(db, c.id, REPORT_LEADERBOARD_ROWS),
    reportWinners(db, c.id),
  ]);
  const startDate = Number(c.startDate);
  const endDate = Number(c.endDate);
  return publicReportSchema.parse({
    competition: {
      id: c.id,
      name: c.name,
      organizer: c.organizer,
      image: c.image,
      startDate,
      endDate,
      // The platforms its posts are on, as the posts below show them: a competition that lists
      // TikTok may hold an Instagram post. Without posts, the platforms it lists.
      platforms: byPlatform.length > 0 ? byPlatform.map((s) => platformName(s.key)) : list(c.platforms),
    },
    totals,
    viewsOverTime: viewsOverTime(buckets, { startDate, endDate, now: at, timeZone }),
    topPosts: posts,
    byPlatform,
    byCountry,
    leaderboard,
    winners,
    // As the public competition page adds the prize lines up (public.service.ts).
    prizeTotal: prizeTotal(list(c.prizes)).total,
    generatedAt: at,
    timeZone,
  });
}

/** Invoice, paid, owed and the payment rows: staff and admins only. */
async function moneyOf(db: Database, c: CompetitionRow) {
  const [sums, payments] = await Promise.all([
    prizeMoney(db, { competitionId: c.id }),
    paymentRows(db, c.id),
  ]);
  return { invoiceAmount: c.invoiceAmount, paid: sums.paid.amount, owed: sums.toBePaid.amount, payments };
}

/**
 * The report of a competition the user may read (404 otherwise; staff also read a deleted one,
 * decision 0124); `money` only for staff and admins.
 */
export async function signedInReport(
  db: Database,
  user: SessionUser,
  competitionId: string,
  timeZone: string,
): Promise<Report> {
  const competition = await findReadableCompetition(db, user, competitionId);
  const [report, money] = await Promise.all([
    publicReportOf(db, competition, timeZone),
    roleMeets(user.role, 'staff') ? moneyOf(db, competition) : null,
  ]);
  return reportSchema.parse({ ...report, money });
}

/** The report a shared link opens, and when the link ends; 404 for an unknown, expired or revoked token. */
export async function sharedReport(db: Database, token: string, timeZone: string) {
  const share = await liveShareOf(db, token);
  const competition = await findCompetition(db, share.competitionId);
  // Deleted since the lookup: the link answers like any link that no longer works.
  if (!competition) throw shareNotFound();
  return { report: await publicReportOf(db, competition, timeZone), expiresAt: share.expiresAt };
}

/**
 * A download's file name: report-<slug>-<today>.csv. The slug keeps ASCII letters and digits of
 * the name (accents dropped); a name without any (Cyrillic, say) becomes 'competition'.
 */
export function reportFilename(name: string, extension: 'csv' | 'pdf', at: number, timeZone: string) {
  const slug =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'competition';
  return `report-${slug}-${localDay(at, timeZone)}.${extension}`;
}
