import path from 'node:path';
import { parseArgs } from 'node:util';
import type { LegacyImportReport } from '@preffy/api';
import type { Config } from '../../config/env.ts';
import { migrateToLatest, openDatabase } from '../../db/database.ts';
import { imageStorage } from '../storage/index.ts';
import { legacyImageSource, runImport } from './import-engine.ts';
import { createRun, findResumableRun, finishRun, markRunning } from './import-runs.repository.ts';
import { isTimeZone } from './import-uploads.ts';
import type { RunSources } from './import-worker.ts';

export const IMPORT_USAGE =
  'Usage: npm run import -- <export folders or files…> [--dry-run] [--time-zone Europe/Berlin] [--images <folder from aws s3 sync> | s3://<legacy bucket>]';

/** A report as the lines the command prints: one per table with anything in it, then the money. */
export function reportLines(report: LegacyImportReport): string[] {
  const lines = Object.entries(report.tables)
    .filter(([, c]) => c.total > 0)
    .map(
      ([table, c]) =>
        `${table.padEnd(16)} ${c.read}/${c.total} read · ${c.created} created · ${c.updated} updated · ${c.unchanged} unchanged · ${c.tombstones} tombstones (${c.deleted} deleted) · ${c.invalid} invalid · ${c.orphans} orphans · ${c.older} older`,
    );
  if (report.unreadable) lines.push(`Unreadable lines: ${report.unreadable}`);
  for (const p of report.payments)
    lines.push(`Payments ${p.status}: ${p.count}, $${(p.amountCents / 100).toFixed(2)}`);
  if (report.promotions.count)
    lines.push(
      `Promotions: ${report.promotions.count}, $${(report.promotions.amountCents / 100).toFixed(2)}, balances $${(report.promotions.remainingCents / 100).toFixed(2)}`,
    );
  if (report.images.copied || report.images.missing)
    lines.push(`Images: ${report.images.copied} copied, ${report.images.missing} missing`);
  return lines;
}

/**
 * `npm run import -- <paths…> [--dry-run] [--time-zone Z] [--images folder]` (issue 41): the
 * engine on this machine's files, printing progress per table. An import interrupted (killed)
 * is resumed by giving the same command again. Answers the exit code.
 */
export async function runImportCommand(config: Config, argv: string[], print: (line: string) => void) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean', default: false },
        'time-zone': { type: 'string', default: config.businessTimeZone },
        images: { type: 'string' },
      },
    });
  } catch (error) {
    print(`${(error as Error).message}\n${IMPORT_USAGE}`);
    return 2;
  }
  const timeZone = parsed.values['time-zone'];
  if (!parsed.positionals.length || !isTimeZone(timeZone)) {
    print(parsed.positionals.length ? `Unknown time zone: ${timeZone}\n${IMPORT_USAGE}` : IMPORT_USAGE);
    return 2;
  }
  const dryRun = parsed.values['dry-run'];
  const paths = parsed.positionals.map((p) => path.resolve(p));
  const images = parsed.values.images;
  const bucket = images?.startsWith('s3://') ? images.slice(5).replace(/\/+$/, '') : null;
  if (bucket !== null && (!bucket || !config.storage.s3)) {
    print(
      bucket
        ? '--images s3://BUCKET reads the legacy bucket with the S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY the app uses: set them'
        : `--images s3:// needs a bucket name\n${IMPORT_USAGE}`,
    );
    return 2;
  }
  const imagesFolder = images && bucket === null ? path.resolve(images) : (images ?? null);
  const sources: RunSources = { paths, names: parsed.positionals, imagesFolder };
  const { db, dialect } = openDatabase(config);
  try {
    await migrateToLatest(db);
    const resumable = dryRun ? null : await findResumableRun(db, JSON.stringify(sources), timeZone);
    const runId = resumable?.id ?? (await createRun(db, { dryRun, timeZone, sources, createdBy: null }));
    print(
      resumable
        ? `Resuming import ${runId} from where it stopped.`
        : `${dryRun ? 'Dry run' : 'Import'} ${runId}: ${parsed.positionals.join(', ')} (inquiry dates in ${timeZone})`,
    );
    await markRunning(db, runId);
    let lastPrint = 0;
    try {
      const report = await runImport(db, {
        runId,
        paths,
        dryRun,
        timeZone,
        businessTimeZone: config.businessTimeZone,
        dialect,
        images: imagesFolder
          ? { source: legacyImageSource(imagesFolder, config.storage.s3), store: imageStorage(config, db) }
          : null,
        onProgress: (report, pass) => {
          if (Date.now() - lastPrint < 2000) return;
          lastPrint = Date.now();
          const read = Object.values(report.tables).reduce((n, c) => n + c.read, 0);
          const total = Object.values(report.tables).reduce((n, c) => n + c.total, 0);
          print(`pass ${pass} of 3 · ${read} of ${total} records`);
        },
      });
      await finishRun(db, runId, { error: null });
      for (const line of reportLines(report)) print(line);
      print(
        dryRun
          ? 'Dry run: nothing was written. The problems are listed on the Import page.'
          : 'Done. The problems are listed on the Import page.',
      );
      return 0;
    } catch (error) {
      await finishRun(db, runId, { error: (error as Error).message });
      print(`The import stopped: ${(error as Error).message}. Run the same command again to resume.`);
      return 1;
    }
  } finally {
    await db.destroy();
  }
}
