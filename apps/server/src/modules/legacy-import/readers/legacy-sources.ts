import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { readColdFusionCsv } from './coldfusion.ts';
import { readDynamoDbExport } from './dynamodb-export.ts';
import { readGraphqlList } from './graphql-list.ts';
import type { LegacyTable, ReadResult } from './legacy-records.ts';

/** What AWS writes beside an export's data and a reader has no use for. */
const EXPORT_BYPRODUCTS = /(^_started$|\.checksum$|^manifest-files\.json$)/;

/**
 * Every file under `folder`, depth first, in name order (so a run reads in the same order each
 * time), with the folders that hold a DynamoDB export (a `manifest-summary.json`) given whole.
 */
type Source = { exportSummary: string } | { file: string };

async function* filesOf(folder: string): AsyncGenerator<Source> {
  const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  if (entries.some((e) => e.isFile() && e.name === 'manifest-summary.json')) {
    yield { exportSummary: path.join(folder, 'manifest-summary.json') };
    return;
  }
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesOf(full);
    else if (entry.isFile() && !EXPORT_BYPRODUCTS.test(entry.name)) yield { file: full };
  }
}

/**
 * Everything the operator gave, as one stream of results (issue 41, decision 0127): DynamoDB
 * export folders, GraphQL list and inquiry query files (`.json`, `.jsonl`) and inquiry CSVs,
 * found under each path; a file of
 * another kind is reported, not guessed. Files are named relative to the path given. With
 * `wanted`, exports of other tables are skipped unread (other files are read; the caller filters).
 */
export async function* readLegacySources(
  paths: string[],
  wanted?: (table: LegacyTable | null) => boolean,
): AsyncGenerator<ReadResult> {
  for (const given of paths) {
    const isFolder = (await stat(given).catch(() => null))?.isDirectory();
    if (isFolder === undefined) {
      yield { kind: 'unreadable', table: null, file: given, line: 0, reason: 'No such file or folder' };
      continue;
    }
    const root = isFolder ? given : path.dirname(given);
    const found: AsyncIterable<Source> | Source[] = isFolder
      ? filesOf(given)
      : [path.basename(given) === 'manifest-summary.json' ? { exportSummary: given } : { file: given }];
    for await (const source of found) {
      if ('exportSummary' in source) yield* readDynamoDbExport(source.exportSummary, root, wanted);
      else if (/\.jsonl?$/.test(source.file)) yield* readGraphqlList(source.file, root);
      else if (source.file.endsWith('.csv')) yield* readColdFusionCsv(source.file, root);
      else
        yield {
          kind: 'unreadable',
          table: null,
          file: path.relative(root, source.file),
          line: 0,
          reason:
            'Not a legacy export: a DynamoDB export folder, a .json or .jsonl list of items, or a .csv of inquiries',
        };
    }
  }
}
