import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Dialect } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { type LegacyImageSource, runImport } from './import-engine.ts';
import { finishRun, findRunRow, markRunning, touchRun } from './import-runs.repository.ts';
import type { saveImage } from '../storage/index.ts';

/** What a run reads, as stored on it: the paths on this machine and the names shown. */
export type RunSources = { paths: string[]; names: string[]; imagesFolder?: string | null };
export const sourcesOf = (json: string) => JSON.parse(json) as RunSources;

/** A running run beats this often; one silent for INTERRUPTED_AFTER_MS was interrupted (a crash). */
const BEAT_MS = 5_000;

export const IMPORT_RUNNING_MESSAGE = 'An import is already running: wait for it to finish';

/**
 * Runs imports in this process, one at a time (issue 41, decision 0128): a run is long, and two
 * at once would fight over the same records. Its progress lives on the run's row, which beats
 * while it works, so every instance shows it and a run whose process died is seen as
 * interrupted and can be resumed from its checkpoint.
 */
export class ImportWorker {
  private current: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      db: Database;
      dialect: Dialect;
      businessTimeZone: string;
      imageStore: Parameters<typeof saveImage>[0];
      imageSource: (folder: string) => LegacyImageSource;
      /** Where uploads are kept: an upload imported for real is removed from there. */
      uploadsRoot: string;
      log?: FastifyBaseLogger;
    },
  ) {}

  get busy() {
    return this.current !== null;
  }

  /** Starts (or resumes) a run in the background; refuses while another one runs here. */
  async launch(runId: string) {
    if (this.current) throw new AppError(409, 'IMPORT_RUNNING', IMPORT_RUNNING_MESSAGE);
    const { db } = this.deps;
    const row = await findRunRow(db, runId);
    await markRunning(db, runId);
    const beat = setInterval(() => void touchRun(db, runId).catch(() => undefined), BEAT_MS);
    beat.unref();
    const sources = sourcesOf(row.sources);
    this.current = runImport(db, {
      runId,
      paths: sources.paths,
      dryRun: Number(row.dryRun) === 1,
      timeZone: row.timeZone,
      businessTimeZone: this.deps.businessTimeZone,
      dialect: this.deps.dialect,
      images: sources.imagesFolder
        ? { source: this.deps.imageSource(sources.imagesFolder), store: this.deps.imageStore }
        : null,
    })
      .then(async () => {
        // A dry run's upload waits for its import; an imported one is of no further use.
        const uploaded = sources.paths.filter((p) => p.startsWith(this.deps.uploadsRoot + path.sep));
        if (Number(row.dryRun) === 0)
          for (const folder of uploaded) await rm(folder, { recursive: true, force: true });
        await finishRun(db, runId, { error: null });
      })
      .catch(async (error: unknown) => {
        this.deps.log?.error({ err: error, runId }, 'legacy import failed');
        await finishRun(db, runId, { error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        clearInterval(beat);
        this.current = null;
      });
  }

  /** Waits for the run in flight (tests, and a clean shutdown). */
  async idle() {
    await this.current;
  }
}
