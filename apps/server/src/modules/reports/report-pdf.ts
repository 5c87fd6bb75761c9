import { createRequire } from 'node:module';
import path from 'node:path';
import type { PublicReport, Report } from '@preffy/api';
import { platformName } from '@preffy/domain';
import pdfmake from 'pdfmake';
import type { Content, TableCell } from 'pdfmake/interfaces';

/**
 * The report as a PDF (pdfmake, decision in the issue 16 report): a document for the artist, so
 * its labels are English whatever the staff member's language. Fonts are the Roboto files pdfmake
 * ships (Latin and Cyrillic). No image is embedded and nothing is fetched: pdfmake may read only
 * the font directory, and no address at all, so user data cannot make the server read a file or
 * call out.
 */

const require = createRequire(import.meta.url);
const FONT_DIR = path.dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));

let configured = false;
function configurePdfmake() {
  if (configured) return;
  pdfmake.setFonts({
    Roboto: {
      normal: path.join(FONT_DIR, 'Roboto-Regular.ttf'),
      bold: path.join(FONT_DIR, 'Roboto-Medium.ttf'),
      italics: path.join(FONT_DIR, 'Roboto-Italic.ttf'),
      bolditalics: path.join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
    },
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(FONT_DIR + path.sep));
  configured = true;
}

const PAGE_WIDTH = 595.28; // A4, points
const MARGIN = 40;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CHART_HEIGHT = 140;

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = (n: number) => numberFormat.format(n);

const alignmentOf = (cell: TableCell | undefined) =>
  cell && typeof cell === 'object' && 'alignment' in cell ? cell.alignment : undefined;

/** A table with a bold header row that repeats on each page, or a line saying why it is empty. */
function table(header: string[], rows: TableCell[][], empty: string, widths?: (string | number)[]): Content {
  if (!rows.length) return { text: empty, italics: true, color: '#666666', margin: [0, 0, 0, 8] };
  return {
    table: {
      headerRows: 1,
      widths: widths ?? header.map(() => '*'),
      // A header sits over its values: right-aligned over numbers.
      body: [header.map((h, i) => ({ text: h, bold: true, alignment: alignmentOf(rows[0]![i]) })), ...rows],
    },
    layout: 'lightHorizontalLines',
    fontSize: 9,
    margin: [0, 0, 0, 8],
  };
}

const heading = (text: string): Content => ({ text, style: 'heading' });
const right = (text: string): TableCell => ({ text, alignment: 'right' });

/** Only a web address becomes a link in the PDF; anything else stays plain text. */
const linkCell = (link: string): TableCell =>
  /^https?:\/\//i.test(link)
    ? { text: link, link, color: '#1c64d0', fontSize: 7 }
    : { text: link, fontSize: 7 };

/** Total views as a line over the days (or weeks), with the first and last day and the top value. */
function viewsChart(series: PublicReport['viewsOverTime'], day: (d: string) => string): Content {
  const points = series.points;
  if (!points.length)
    return { text: 'No days to show yet: the competition has not started.', italics: true, color: '#666666' };
  const top = Math.max(...points.map((p) => p.views));
  if (top <= 0)
    return {
      text: 'No views recorded yet: views are counted each time the stats are refreshed.',
      italics: true,
      color: '#666666',
    };
  const x = (i: number) =>
    points.length === 1 ? CONTENT_WIDTH / 2 : (i * CONTENT_WIDTH) / (points.length - 1);
  const y = (views: number) => CHART_HEIGHT - (Math.max(0, views) / top) * CHART_HEIGHT;
  return {
    stack: [
      { text: `${count(top)} views`, fontSize: 8, color: '#666666' },
      {
        canvas: [
          { type: 'line', x1: 0, y1: CHART_HEIGHT, x2: CONTENT_WIDTH, y2: CHART_HEIGHT, lineWidth: 0.5 },
          { type: 'line', x1: 0, y1: 0, x2: 0, y2: CHART_HEIGHT, lineWidth: 0.5 },
          points.length === 1
            ? { type: 'ellipse', x: x(0), y: y(points[0]!.views), r1: 2, r2: 2, color: '#1c64d0' }
            : {
                type: 'polyline',
                lineWidth: 1.5,
                lineColor: '#1c64d0',
                points: points.map((p, i) => ({ x: x(i), y: y(p.views) })),
              },
        ],
      },
      {
        columns: [
          { text: day(points[0]!.day), fontSize: 8 },
          { text: day(points[points.length - 1]!.day), fontSize: 8, alignment: 'right' },
        ],
      },
      {
        text:
          series.step === 'week'
            ? 'Total views at the end of each week'
            : 'Total views at the end of each day',
        fontSize: 8,
        color: '#666666',
        margin: [0, 2, 0, 8],
      },
    ],
  };
}

function documentOf(report: PublicReport & { money?: Report['money'] }, timeZone: string) {
  const date = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  });
  const dateOf = (ms: number | null) => (ms === null ? '' : date.format(ms));
  // A day string is a calendar day: formatted at its UTC noon, so no zone can move it.
  const dayOf = (day: string) =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(Date.parse(`${day}T12:00:00Z`));
  const c = report.competition;
  const t = report.totals;
  const content: Content[] = [
    { text: c.name || 'Competition', style: 'title' },
    { text: c.organizer, style: 'subtitle' },
    {
      text: `${dateOf(c.startDate)} – ${dateOf(c.endDate)}${c.platforms.length ? ` · ${c.platforms.join(', ')}` : ''}`,
      margin: [0, 0, 0, 2],
    },
    {
      text: `Report generated ${dateOf(report.generatedAt)}`,
      fontSize: 8,
      color: '#666666',
      margin: [0, 0, 0, 12],
    },
    heading('Totals'),
    table(
      ['Posts', 'Creators', 'Views', 'Likes', 'Comments', 'Shares'],
      [[t.posts, t.creators, t.views, t.likes, t.comments, t.shares].map((n) => right(count(n)))],
      '',
    ),
    heading('Views over time'),
    viewsChart(report.viewsOverTime, dayOf),
    heading('Top posts'),
    table(
      ['#', 'Creator', 'Platform', 'Views', 'Likes', 'Link'],
      report.topPosts.map((p, i) => [
        String(i + 1),
        p.creator,
        platformName(p.platform),
        right(count(p.views)),
        right(count(p.likes)),
        linkCell(p.link),
      ]),
      'No posts yet.',
      [14, 80, 50, 50, 45, '*'],
    ),
    {
      columns: [
        {
          stack: [
            heading('By platform'),
            table(
              ['Platform', 'Posts', 'Views'],
              report.byPlatform.map((s) => [
                platformName(s.key),
                right(count(s.posts)),
                right(count(s.views)),
              ]),
              'No posts yet.',
            ),
          ],
        },
        {
          stack: [
            heading('By country'),
            table(
              ['Country', 'Posts', 'Views'],
              report.byCountry.map((s) => [s.key || 'Unknown', right(count(s.posts)), right(count(s.views))]),
              'No posts yet.',
            ),
          ],
        },
      ],
      columnGap: 16,
    },
    heading('Leaderboard'),
    table(
      ['Rank', 'Creator', 'Platform', 'Views', 'Likes'],
      report.leaderboard.map((r) => [
        String(r.rank),
        r.creator,
        platformName(r.platform),
        right(count(r.views)),
        right(count(r.likes)),
      ]),
      'The leaderboard has not been computed yet.',
    ),
    heading('Winners'),
    table(
      ['Creator', 'Platform', 'Prize', 'Amount'],
      // A legacy payment has no recorded prize: a dash, never the amount it paid.
      report.winners.map((w) => [
        w.creator,
        platformName(w.platform),
        w.prizeLabel ?? '',
        right(w.prize === null ? '—' : money.format(w.prize)),
      ]),
      'No winners yet: they are named when the competition is finished.',
    ),
    { text: `Prize total: ${money.format(report.prizeTotal)}`, bold: true, margin: [0, 0, 0, 8] },
  ];
  if (report.money) {
    const m = report.money;
    content.push(
      heading('Payments'),
      {
        text: `Invoice ${money.format(m.invoiceAmount)} · Paid ${money.format(m.paid)} · Owed ${money.format(m.owed)}`,
        margin: [0, 0, 0, 4],
      },
      table(
        ['Creator', 'Platform', 'Payment email', 'Amount', 'Status'],
        m.payments.map((p) => [
          p.creator ?? '',
          p.platform ? platformName(p.platform) : '',
          p.paymentEmail,
          right(money.format(p.amount)),
          p.status,
        ]),
        'No payments yet.',
        [80, 50, '*', 55, 55],
      ),
    );
  }
  return {
    info: { title: `${c.name} report`, author: 'Preffy', creator: 'Preffy Admin' },
    pageSize: 'A4' as const,
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN] as [number, number, number, number],
    content,
    footer: (page: number, pages: number): Content => ({
      text: `${c.name} · page ${page} of ${pages}`,
      fontSize: 7,
      color: '#666666',
      alignment: 'center',
    }),
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles: {
      title: { fontSize: 20, bold: true },
      subtitle: { fontSize: 13, margin: [0, 2, 0, 6] as [number, number, number, number] },
      heading: { fontSize: 12, bold: true, margin: [0, 8, 0, 4] as [number, number, number, number] },
    },
  };
}

/** The PDF bytes of a report (the staff version when it carries `money`). */
export async function reportPdf(
  report: PublicReport & { money?: Report['money'] },
  timeZone: string,
): Promise<Buffer> {
  configurePdfmake();
  const bytes = await pdfmake.createPdf(documentOf(report, timeZone)).getBuffer();
  return Buffer.from(bytes);
}
