import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { coldFusionQueryRows, legacyTableOfColumns } from './coldfusion.ts';
import { LEGACY_TABLES, type LegacyTable, type ReadResult } from './legacy-records.ts';

/**
 * What a team gets by paging the legacy's GraphQL list queries (`listPosts` and friends, with
 * `nextToken`): items as the API returns them, in a JSON array, a page (`{"items": [...]}`, or
 * `{"data": {"listPosts": {"items": [...]}}}`), or JSON Lines (one item per line, streamed). A
 * whole array or page is read at once, so it is bounded; larger exports come as JSON Lines or
 * DynamoDB exports.
 */
export const MAX_JSON_DOCUMENT_BYTES = 256 * 1024 * 1024;

const MODEL_BY_NAME = new Map(
  LEGACY_TABLES.flatMap((table) => {
    const name = table.toLowerCase();
    return [
      [name, table],
      [`${name}s`, table],
    ] as const;
  }),
);

/**
 * The model a file holds, from its name: `Post.json`, `posts.jsonl`, `listPosts-page2.json` →
 * Post. An item's own `__typename` wins over it (see `tableOf`).
 */
export function legacyTableOfFile(file: string): LegacyTable | null {
  const base = path.basename(file).split('.')[0]!.toLowerCase();
  const name = /^(?:list)?([a-z]+)/.exec(base)?.[1] ?? '';
  return MODEL_BY_NAME.get(name) ?? MODEL_BY_NAME.get(name.replace(/^list/, '')) ?? null;
}

/** An item's table: its `__typename`, else the file's name, else (the inquiry service's rows) its columns. */
function tableOf(item: unknown, fromName: LegacyTable | null): LegacyTable | null {
  const typename = (item as { __typename?: unknown } | null)?.__typename;
  if (typeof typename === 'string' && (LEGACY_TABLES as readonly string[]).includes(typename))
    return typename as LegacyTable;
  return fromName ?? (isItem(item) ? legacyTableOfColumns(Object.keys(item)) : null);
}

const isItem = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The items of a parsed document: an array, a page, a GraphQL answer holding one page, or a
 * ColdFusion query (the inquiry service's `serializeJSON`).
 */
function itemsOf(document: unknown): unknown[] | null {
  if (Array.isArray(document)) return document;
  const rows = coldFusionQueryRows(document);
  if (rows) return rows;
  if (!isItem(document)) return null;
  if (Array.isArray(document.items)) return document.items;
  const data = document.data;
  if (isItem(data))
    for (const page of Object.values(data)) if (isItem(page) && Array.isArray(page.items)) return page.items;
  return null;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One item as a result, or why it is not one. */
function resultOf(item: unknown, fromName: LegacyTable | null, file: string, line: number): ReadResult {
  const table = tableOf(item, fromName);
  if (!isItem(item)) return { kind: 'unreadable', table, file, line, reason: 'Not an item (an object)' };
  if (!table)
    return {
      kind: 'unreadable',
      table: null,
      file,
      line,
      reason: 'No legacy table: name the file after its model',
    };
  return { kind: 'record', table, file, line, item };
}

/** The items of a GraphQL list file (`.json` or `.jsonl`), `file` named relative to `root`. */
export async function* readGraphqlList(filePath: string, root: string): AsyncGenerator<ReadResult> {
  const file = path.relative(root, filePath);
  const fromName = legacyTableOfFile(filePath);
  if (filePath.endsWith('.jsonl')) {
    let line = 0;
    for await (const text of createInterface({ input: createReadStream(filePath), crlfDelay: Infinity })) {
      line++;
      if (!text.trim()) continue;
      try {
        yield resultOf(JSON.parse(text), fromName, file, line);
      } catch (error) {
        yield { kind: 'unreadable', table: fromName, file, line, reason: reasonOf(error) };
      }
    }
    return;
  }
  let document: unknown;
  try {
    if ((await stat(filePath)).size > MAX_JSON_DOCUMENT_BYTES)
      throw new Error('Over 256 MB: export it as JSON Lines (one item per line)');
    document = JSON.parse(await readFile(filePath, 'utf8'));
  } catch (error) {
    yield { kind: 'unreadable', table: fromName, file, line: 0, reason: reasonOf(error) };
    return;
  }
  const items = itemsOf(document);
  if (!items) {
    yield {
      kind: 'unreadable',
      table: fromName,
      file,
      line: 0,
      reason: 'No items: not an array, a page or a list answer',
    };
    return;
  }
  for (const [index, item] of items.entries()) yield resultOf(item, fromName, file, index + 1);
}
