import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { load } from 'ion-js';
import { LEGACY_TABLES, type LegacyTable, type ReadResult } from './legacy-records.ts';
import { fromDynamoDbJson, fromIon, type PlainItem } from './plain-values.ts';

/**
 * A DynamoDB export folder as AWS writes it and `aws s3 sync` copies it down: beside
 * `manifest-summary.json` (its format and table) lie `manifest-files.json` (one data file per
 * line) and `data/` with the gzipped data files, one item per line (issue 41, decision 0127).
 * Each line is read as it comes, so memory does not grow with the export.
 */
type Summary = { exportFormat?: string; tableArn?: string; itemCount?: number };
type ManifestLine = { dataFileS3Key?: string; itemCount?: number };

/** Amplify names a model's table `<Model>-<apiId>-<env>`: the model is its first part. */
export function legacyTableOf(tableArn: string | undefined): LegacyTable | null {
  const tableName = tableArn?.split('/').pop() ?? '';
  const model = tableName.split('-')[0];
  return (LEGACY_TABLES as readonly string[]).includes(model ?? '') ? (model as LegacyTable) : null;
}

/** One line of a data file as an item, in the export's format; throws on anything else. */
function itemOfLine(line: string, format: 'DYNAMODB_JSON' | 'ION'): PlainItem {
  if (format === 'DYNAMODB_JSON') {
    const parsed = JSON.parse(line) as { Item?: unknown };
    if (!parsed || typeof parsed.Item !== 'object' || parsed.Item === null)
      throw new Error('No Item on this line');
    return fromDynamoDbJson(parsed.Item as Record<string, unknown>);
  }
  const value = load(line);
  const item = value?.get('Item');
  if (!item || item.getType().name !== 'struct') throw new Error('No Item on this line');
  return fromIon(item) as PlainItem;
}

/**
 * The lines of a gzipped file, as they are decompressed. Any error of the file or of the gzip
 * stream (missing, cut short) ends the iteration with that error.
 */
async function* gzippedLines(file: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  const gunzip = createGunzip();
  const input = createReadStream(file).once('error', (error) => gunzip.destroy(error));
  let rest = '';
  for await (const chunk of input.pipe(gunzip) as AsyncIterable<Buffer>) {
    const lines = (rest + decoder.write(chunk)).split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  rest += decoder.end();
  if (rest) yield rest;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The records of the export whose `manifest-summary.json` is `summaryPath`, each with its data
 * file (relative to `root`) and line. A bad line, a missing or truncated file, or an item count
 * that differs from the manifest's is an `unreadable` result; reading goes on. An export of a
 * table not `wanted` is skipped unread.
 */
export async function* readDynamoDbExport(
  summaryPath: string,
  root: string,
  wanted: (table: LegacyTable | null) => boolean = () => true,
): AsyncGenerator<ReadResult> {
  const folder = path.dirname(summaryPath);
  const place = (file: string, line = 0) => ({ file: path.relative(root, file), line });
  let summary: Summary;
  try {
    summary = JSON.parse(await readFile(summaryPath, 'utf8')) as Summary;
  } catch (error) {
    yield { kind: 'unreadable', table: null, ...place(summaryPath), reason: reasonOf(error) };
    return;
  }
  const table = legacyTableOf(summary.tableArn);
  // An export of a table the caller does not want now is not opened (the engine reads by passes).
  if (!wanted(table)) return;
  const format = summary.exportFormat;
  if (!table || (format !== 'DYNAMODB_JSON' && format !== 'ION')) {
    const reason = !table
      ? `Not a legacy table: ${summary.tableArn ?? 'no tableArn'}`
      : `Unknown export format: ${format}`;
    yield { kind: 'unreadable', table, ...place(summaryPath), reason };
    return;
  }
  const manifestPath = path.join(folder, 'manifest-files.json');
  let manifest: string;
  try {
    manifest = await readFile(manifestPath, 'utf8');
  } catch (error) {
    yield { kind: 'unreadable', table, ...place(manifestPath), reason: reasonOf(error) };
    return;
  }
  let manifestLine = 0;
  for (const text of manifest.split('\n')) {
    manifestLine++;
    if (!text.trim()) continue;
    let entry: ManifestLine;
    try {
      entry = JSON.parse(text) as ManifestLine;
    } catch (error) {
      yield { kind: 'unreadable', table, ...place(manifestPath, manifestLine), reason: reasonOf(error) };
      continue;
    }
    // The key is the bucket's path; locally the file lies under this export's folder.
    const key = entry.dataFileS3Key ?? '';
    const dataFile = path.join(folder, key.slice(key.lastIndexOf('data/')));
    let line = 0;
    let items = 0;
    try {
      for await (const text of gzippedLines(dataFile)) {
        line++;
        if (!text.trim()) continue;
        try {
          yield { kind: 'record', table, ...place(dataFile, line), item: itemOfLine(text, format) };
          items++;
        } catch (error) {
          yield { kind: 'unreadable', table, ...place(dataFile, line), reason: reasonOf(error) };
        }
      }
    } catch (error) {
      yield {
        kind: 'unreadable',
        table,
        ...place(dataFile, line),
        reason: `The file stops: ${reasonOf(error)}`,
      };
      continue;
    }
    if (entry.itemCount !== undefined && entry.itemCount !== items)
      yield {
        kind: 'unreadable',
        table,
        ...place(dataFile, line),
        reason: `The manifest counts ${entry.itemCount} items, the file holds ${items} readable ones`,
      };
  }
}
