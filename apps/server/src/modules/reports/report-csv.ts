import type { PublicReport, Report } from '@preffy/api';
import { csvLine, localDay, neutraliseFormula } from '@preffy/domain';

/**
 * The report as one CSV file of sections, each a title line, a header line and its rows, with an
 * empty line between sections. Text cells are quoted (csvLine) and neutralised against
 * spreadsheet formulas; numbers are written as they are. The staff version adds Payments; a
 * shared link's version is made from the public report, which has no `money`.
 */
export const REPORT_CSV_SECTIONS = [
  'Competition',
  'Totals',
  'Views over time',
  'Top posts',
  'By platform',
  'By country',
  'Leaderboard',
  'Winners',
  'Payments',
] as const;

type Cell = string | number | null;
type Section = { title: (typeof REPORT_CSV_SECTIONS)[number]; header: string[]; rows: Cell[][] };

const cell = (value: Cell) =>
  value === null ? '' : typeof value === 'number' ? String(value) : neutraliseFormula(value);
const dollars = (amount: number) => amount.toFixed(2);

function sections(report: PublicReport & { money?: Report['money'] }, timeZone: string): Section[] {
  const day = (ms: number | null) => (ms === null ? null : localDay(ms, timeZone));
  const c = report.competition;
  const list: Section[] = [
    {
      title: 'Competition',
      header: ['Name', 'Artist', 'Start', 'End', 'Platforms', 'Generated'],
      rows: [
        [
          c.name,
          c.organizer,
          day(c.startDate),
          day(c.endDate),
          c.platforms.join(', '),
          day(report.generatedAt),
        ],
      ],
    },
    {
      title: 'Totals',
      header: ['Posts', 'Creators', 'Views', 'Likes', 'Comments', 'Shares'],
      rows: [
        [
          report.totals.posts,
          report.totals.creators,
          report.totals.views,
          report.totals.likes,
          report.totals.comments,
          report.totals.shares,
        ],
      ],
    },
    {
      title: 'Views over time',
      header: [report.viewsOverTime.step === 'week' ? 'Week of' : 'Day', 'Total views'],
      rows: report.viewsOverTime.points.map((p) => [p.day, p.views]),
    },
    {
      title: 'Top posts',
      header: ['Rank', 'Creator', 'Platform', 'Views', 'Likes', 'Comments', 'Shares', 'Posted', 'Link'],
      rows: report.topPosts.map((p, i) => [
        i + 1,
        p.creator,
        p.platform,
        p.views,
        p.likes,
        p.comments,
        p.shares,
        day(p.postedDate),
        p.link,
      ]),
    },
    {
      title: 'By platform',
      header: ['Platform', 'Posts', 'Views'],
      rows: report.byPlatform.map((s) => [s.key, s.posts, s.views]),
    },
    {
      title: 'By country',
      header: ['Country', 'Posts', 'Views'],
      rows: report.byCountry.map((s) => [s.key || 'Unknown', s.posts, s.views]),
    },
    {
      title: 'Leaderboard',
      header: ['Rank', 'Creator', 'Platform', 'Views', 'Likes'],
      rows: report.leaderboard.map((r) => [r.rank, r.creator, r.platform, r.views, r.likes]),
    },
    {
      title: 'Winners',
      header: ['Creator', 'Platform', 'Prize', 'Amount'],
      rows: [
        // A legacy payment has no recorded prize: its cell stays empty.
        ...report.winners.map((w): Cell[] => [
          w.creator,
          w.platform,
          w.prizeLabel,
          w.prize === null ? null : dollars(w.prize),
        ]),
        ['Prize total', null, null, dollars(report.prizeTotal)],
      ],
    },
  ];
  if (report.money)
    list.push({
      title: 'Payments',
      header: ['Creator', 'Platform', 'Payment email', 'Amount', 'Status'],
      rows: [
        ...report.money.payments.map((p): Cell[] => [
          p.creator,
          p.platform,
          p.paymentEmail,
          dollars(p.amount),
          p.status,
        ]),
        ['Invoice amount', null, null, dollars(report.money.invoiceAmount), null],
        ['Paid', null, null, dollars(report.money.paid), null],
        ['Owed', null, null, dollars(report.money.owed), null],
      ],
    });
  return list;
}

/**
 * The CSV text, CRLF line ends (RFC 4180), with a byte-order mark: spreadsheet apps read a file
 * without one as their local code page and garble names in other scripts.
 */
export function reportCsv(report: PublicReport & { money?: Report['money'] }, timeZone: string): string {
  const lines: string[] = [];
  for (const section of sections(report, timeZone)) {
    if (lines.length) lines.push('');
    lines.push(csvLine([section.title]), csvLine(section.header));
    for (const row of section.rows) lines.push(csvLine(row.map(cell)));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
