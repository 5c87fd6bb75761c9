import { Readable } from 'node:stream';
import { csvLine, neutraliseFormula } from '@preffy/domain';
import { legacyImport } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { imageStorage } from '../storage/index.ts';
import { legacyImageSource } from './import-engine.ts';
import { reportCsvHead } from './import-report.ts';
import { findRunRow, listProblems, listRuns, problemsAfter, toImportRun } from './import-runs.repository.ts';
import { ImportWorker } from './import-worker.ts';
import { applyDryRun, resumeRun, startUploadedRun, uploadsRoot } from './legacy-import.service.ts';

/** The Import page's API (issue 41): admins only, declared in the contract. */
export async function legacyImportRoutes(app: FastifyInstance) {
  const worker = new ImportWorker({
    db: app.db,
    dialect: app.dialect,
    businessTimeZone: app.config.businessTimeZone,
    imageStore: imageStorage(app.config, app.db),
    imageSource: (where) => legacyImageSource(where, app.config.storage.s3),
    uploadsRoot: uploadsRoot(app.config.dataDir),
    log: app.log,
  });
  app.addHook('onClose', async () => worker.idle());
  const deps = { db: app.db, worker, dataDir: app.config.dataDir };

  route(app, legacyImport.list, async (request) =>
    listRuns(app.db, request.query.page, request.query.pageSize),
  );

  route(app, legacyImport.start, async (request, reply) =>
    reply.code(202).send({ run: await startUploadedRun(deps, request, request.user!) }),
  );

  route(app, legacyImport.get, async (request) => ({
    run: await toImportRun(app.db, await findRunRow(app.db, request.params.id)),
  }));

  route(app, legacyImport.apply, async (request, reply) =>
    reply.code(202).send({ run: await applyDryRun(deps, request.params.id, request.user!) }),
  );

  route(app, legacyImport.resume, async (request, reply) =>
    reply.code(202).send({ run: await resumeRun(deps, request.params.id, request.user!) }),
  );

  route(app, legacyImport.problems, async (request) => {
    await findRunRow(app.db, request.params.id);
    return listProblems(app.db, request.params.id, request.query);
  });

  route(app, legacyImport.reportCsv, async (request, reply) => {
    const run = await toImportRun(app.db, await findRunRow(app.db, request.params.id));
    // The problems are streamed a page at a time: a bad export can report a million lines.
    async function* lines() {
      for (const row of reportCsvHead(run.report)) yield `${csvLine(row.map(neutraliseFormula))}\n`;
      let position = 0;
      for (;;) {
        const page = await problemsAfter(app.db, run.id, position, 1000);
        for (const p of page)
          yield `${csvLine([p.kind, p.legacyTable ?? '', p.legacyId ?? '', p.file, String(p.line), p.reason].map(neutraliseFormula))}\n`;
        if (page.length < 1000) return;
        position = Number(page.at(-1)!.position);
      }
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'Content-Disposition',
        `attachment; filename="import-${run.dryRun ? 'dry-run-' : ''}${run.id}.csv"`,
      )
      .send(Readable.from(lines()));
  });
}
