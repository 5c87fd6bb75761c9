import path from 'node:path';
import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { newId, now } from '../../lib/clock.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import {
  INTERRUPTED_AFTER_MS,
  createRun,
  findRunRow,
  finishRun,
  toImportRun,
} from './import-runs.repository.ts';
import { receiveUpload } from './import-uploads.ts';
import { type ImportWorker, type RunSources, sourcesOf } from './import-worker.ts';

const NOT_RESUMABLE = 'This run cannot be resumed: it finished, or it is still running';

/** Where an upload's files are kept while its runs read them (removed once imported for real). */
export const uploadsRoot = (dataDir: string) => path.join(dataDir, 'imports');
const uploadFolder = (dataDir: string, id: string) => path.join(uploadsRoot(dataDir), id);

/** An admin's upload becomes a run, started at once (a dry run unless they chose otherwise). */
export async function startUploadedRun(
  deps: { db: Database; worker: ImportWorker; dataDir: string },
  request: FastifyRequest,
  user: SessionUser,
) {
  if (deps.worker.busy)
    throw new AppError(409, 'IMPORT_RUNNING', 'An import is already running: wait for it to finish');
  const id = newId();
  const folder = uploadFolder(deps.dataDir, id);
  const upload = await receiveUpload(request, folder);
  const sources: RunSources = { paths: [folder], names: upload.names, imagesFolder: null };
  await createRun(deps.db, {
    id,
    dryRun: upload.dryRun,
    timeZone: upload.timeZone,
    sources,
    createdBy: user.id,
  });
  await recordAudit(deps.db, {
    actorId: user.id,
    entity: 'legacy-import',
    entityId: id,
    action: upload.dryRun ? 'dry-run' : 'import',
    changes: { files: upload.names, timeZone: upload.timeZone },
  }).catch(async (error: unknown) => {
    await rm(folder, { recursive: true, force: true });
    throw error;
  });
  // Another upload may have started while this one was read: this run is then ended, not left queued.
  await deps.worker.launch(id).catch(async (error: unknown) => {
    await finishRun(deps.db, id, { error: error instanceof Error ? error.message : String(error) });
    await rm(folder, { recursive: true, force: true });
    throw error;
  });
  return toImportRun(deps.db, await findRunRow(deps.db, id));
}

/** Imports for real the files a finished dry run read. */
export async function applyDryRun(
  deps: { db: Database; worker: ImportWorker },
  id: string,
  user: SessionUser,
) {
  const dry = await findRunRow(deps.db, id);
  if (Number(dry.dryRun) !== 1 || dry.status !== 'done')
    throw new AppError(409, 'IMPORT_NOT_RESUMABLE', NOT_RESUMABLE);
  if (deps.worker.busy)
    throw new AppError(409, 'IMPORT_RUNNING', 'An import is already running: wait for it to finish');
  const runId = await createRun(deps.db, {
    dryRun: false,
    timeZone: dry.timeZone,
    sources: sourcesOf(dry.sources),
    createdBy: user.id,
  });
  await recordAudit(deps.db, {
    actorId: user.id,
    entity: 'legacy-import',
    entityId: runId,
    action: 'import',
    changes: { after: id },
  });
  await deps.worker.launch(runId);
  return toImportRun(deps.db, await findRunRow(deps.db, runId));
}

/** Resumes a run that was interrupted (its process died) or failed, from its checkpoint. */
export async function resumeRun(deps: { db: Database; worker: ImportWorker }, id: string, user: SessionUser) {
  const row = await findRunRow(deps.db, id);
  const interrupted = row.status === 'running' && now() - Number(row.updatedAt) > INTERRUPTED_AFTER_MS;
  if (!(interrupted || row.status === 'failed' || row.status === 'queued') || Number(row.dryRun) === 1)
    throw new AppError(409, 'IMPORT_NOT_RESUMABLE', NOT_RESUMABLE);
  await recordAudit(deps.db, {
    actorId: user.id,
    entity: 'legacy-import',
    entityId: id,
    action: 'resume',
    changes: null,
  });
  await deps.worker.launch(id);
  return toImportRun(deps.db, await findRunRow(deps.db, id));
}
