import { publicReports, reports } from '@preffy/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { now } from '../../lib/clock.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { createReportShare, listReportShares, revokeReportShare } from './report-shares.service.ts';
import { reportCsv } from './report-csv.ts';
import { reportPdf } from './report-pdf.ts';
import { reportFilename, sharedReport, signedInReport } from './reports.service.ts';

/** A PDF takes real CPU: fewer per minute than the JSON and CSV answers. */
const PDF_RATE_LIMIT = { max: 20, timeWindow: 60_000 };
/** A shared link is opened by strangers: bounded per address like the calendar feed. */
const PUBLIC_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/** A report is a snapshot of live figures, some private: no cache keeps it. */
const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

/**
 * A shared link's answers: not cached, not indexed, and no Referer carries the token to the
 * sites the report links to (the top posts).
 */
const sharedHeaders = (reply: FastifyReply) =>
  noStore(reply).header('Referrer-Policy', 'no-referrer').header('X-Robots-Tag', 'noindex, nofollow');

function sendFile(reply: FastifyReply, kind: 'csv' | 'pdf', filename: string, body: string | Buffer) {
  return reply
    .type(kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .send(body);
}

/** The competition report (/reports?id) and the links that share it with the artist (/r/:token). */
export async function reportsRoutes(app: FastifyInstance) {
  const timeZone = app.config.businessTimeZone;
  const reportFor = (user: SessionUser, competitionId: string) =>
    signedInReport(app.db, user, competitionId, timeZone);

  route(app, reports.get, async (request, reply) => {
    noStore(reply);
    return { report: await reportFor(request.user!, request.params.id) };
  });

  route(app, reports.csv, async (request, reply) => {
    const report = await reportFor(request.user!, request.params.id);
    const filename = reportFilename(report.competition.name, 'csv', now(), timeZone);
    return sendFile(noStore(reply), 'csv', filename, reportCsv(report, timeZone));
  });

  route(
    app,
    reports.pdf,
    async (request, reply) => {
      const report = await reportFor(request.user!, request.params.id);
      const filename = reportFilename(report.competition.name, 'pdf', now(), timeZone);
      return sendFile(noStore(reply), 'pdf', filename, await reportPdf(report, timeZone));
    },
    { rateLimit: PDF_RATE_LIMIT },
  );

  route(app, reports.shares, async (request) => ({
    items: await listReportShares(app.db, request.user!, request.params.id),
  }));

  route(app, reports.share, async (request, reply) =>
    reply.code(201).send(
      await createReportShare(app.db, app.dialect, {
        actor: request.user!,
        competitionId: request.params.id,
        expiresInDays: request.body.expiresInDays,
        publicUrl: app.config.publicUrl,
      }),
    ),
  );

  route(app, reports.revoke, async (request) => ({
    share: await revokeReportShare(app.db, request.user!, request.params.id, request.query.version),
  }));

  route(
    app,
    publicReports.get,
    async (request, reply) => {
      sharedHeaders(reply);
      return sharedReport(app.db, request.params.token, timeZone);
    },
    { rateLimit: PUBLIC_RATE_LIMIT },
  );

  route(
    app,
    publicReports.csv,
    async (request, reply) => {
      sharedHeaders(reply);
      const { report } = await sharedReport(app.db, request.params.token, timeZone);
      const filename = reportFilename(report.competition.name, 'csv', now(), timeZone);
      return sendFile(reply, 'csv', filename, reportCsv(report, timeZone));
    },
    { rateLimit: PUBLIC_RATE_LIMIT },
  );

  route(
    app,
    publicReports.pdf,
    async (request, reply) => {
      sharedHeaders(reply);
      const { report } = await sharedReport(app.db, request.params.token, timeZone);
      const filename = reportFilename(report.competition.name, 'pdf', now(), timeZone);
      return sendFile(reply, 'pdf', filename, await reportPdf(report, timeZone));
    },
    { rateLimit: PDF_RATE_LIMIT },
  );
}
