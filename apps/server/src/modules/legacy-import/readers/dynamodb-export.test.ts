import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExportFormat,
  exportLine,
  writeDynamoDbExport,
} from '../../../../test/fixtures/legacy-export.ts';
import { legacyTableOf, readDynamoDbExport } from './dynamodb-export.ts';
import type { ReadResult } from './legacy-records.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'preffy-legacy-export-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const readAll = async (folder: string) => {
  const results: ReadResult[] = [];
  for await (const result of readDynamoDbExport(path.join(folder, 'manifest-summary.json'), root))
    results.push(result);
  return results;
};
const itemsOf = (results: ReadResult[]) => results.flatMap((r) => (r.kind === 'record' ? [r.item] : []));

/** A legacy post as the Amplify table holds it: floats, a string set, a map, a null, a tombstone flag. */
const post = (n: number) => ({
  id: `post-${n}`,
  link: `https://www.tiktok.com/@creator${n}/video/7${String(n).padStart(18, '0')}`,
  likes: 103.5 + n,
  bonusLikes: n,
  createdAt: '2024-11-05T14:03:00.000Z',
  country: null,
  _version: 3,
  _deleted: n % 5 === 0,
  _lastChangedAt: 1730815380000 + n,
  platforms: new Set(['tiktok', 'instagram']),
  referrals: { items: [{ id: `ref-${n}`, referringLink: 'https://example.test/r' }] },
});
const asRead = (item: ReturnType<typeof post>) => ({ ...item, platforms: [...item.platforms] });

describe('a DynamoDB export folder', () => {
  it.each<ExportFormat>(['DYNAMODB_JSON', 'ION'])(
    'reads every item of a %s export over several data files, with its table, file and line',
    async (format) => {
      const items = Array.from({ length: 30 }, (_, i) => post(i));
      const folder = await writeDynamoDbExport(root, 'Post', items, { format, files: 3 });
      const results = await readAll(folder);
      expect(results.every((r) => r.kind === 'record' && r.table === 'Post')).toBe(true);
      const byId = (a: Record<string, unknown>, b: Record<string, unknown>) =>
        String(a.id).localeCompare(String(b.id));
      expect(itemsOf(results).sort(byId)).toEqual(items.map(asRead).sort(byId));
      const first = results[0]!;
      expect(first.file).toMatch(/^AWSDynamoDB\/[^/]+\/data\/file0\.(json|ion)\.gz$/);
      expect(first.line).toBe(1);
    },
  );

  it('gives the same items in both formats for any nested legacy value', async () => {
    const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.integer({ min: -1e9, max: 1e9 }),
        fc
          .double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })
          .map((d) => Math.round(d * 1000) / 1000),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('v'), { maxLength: 4 }),
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 8 }).filter((k) => /^[A-Za-z_]\w*$/.test(k)),
          tie('v'),
          {
            maxKeys: 4,
          },
        ),
      ),
    })).v;
    const item = fc.dictionary(fc.constantFrom('a', 'b', 'name', 'prizes', 'nested'), value, { maxKeys: 5 });
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 5 }), async (items) => {
        const [json, ion] = await Promise.all(
          (['DYNAMODB_JSON', 'ION'] as const).map(async (format) =>
            itemsOf(await readAll(await writeDynamoDbExport(root, 'Competition', items, { format }))),
          ),
        );
        // -0 is 0 in both formats' text; the legacy never stores it.
        const normal = (x: unknown) => JSON.parse(JSON.stringify(x));
        expect(normal(json)).toEqual(normal(items));
        expect(normal(ion)).toEqual(normal(items));
      }),
      // ion-js's numberValue() read this decimal as -41973.251000000004: digits are read as digits.
      { numRuns: 40, examples: [[[{ a: -41973.251, b: 6e2, name: 103 }]]] },
    );
  });

  it.each<ExportFormat>(['DYNAMODB_JSON', 'ION'])(
    'reports a bad %s line with its file and line, and reads the lines around it',
    async (format) => {
      const lines = [
        exportLine(post(1), format),
        '{"Item": {"id": {"Q": "x"',
        exportLine(post(2), format),
        'not an item',
      ];
      const folder = await writeDynamoDbExport(root, 'Post', [post(1), post(2), post(3), post(4)], {
        format,
        rawFiles: { 0: lines.join('\n') },
      });
      const results = await readAll(folder);
      expect(itemsOf(results).map((i) => i.id)).toEqual(['post-1', 'post-2']);
      const unreadable = results.filter((r) => r.kind === 'unreadable');
      expect(unreadable.map((r) => r.line)).toEqual([2, 4, 4]);
      expect(unreadable[2]).toMatchObject({
        reason: 'The manifest counts 4 items, the file holds 2 readable ones',
      });
      expect(unreadable.every((r) => r.file.endsWith(`file0.${format === 'ION' ? 'ion' : 'json'}.gz`))).toBe(
        true,
      );
    },
  );

  it('refuses a number no double holds exactly, instead of rounding it', async () => {
    const folder = await writeDynamoDbExport(root, 'Payment', [{ id: 'p1' }], {
      format: 'DYNAMODB_JSON',
      rawFiles: { 0: '{"Item":{"id":{"S":"p1"},"Amount":{"N":"123456789012345678901"}}}' },
    });
    const [result] = await readAll(folder);
    expect(result).toMatchObject({ kind: 'unreadable', table: 'Payment', line: 1 });
  });

  it('reports a missing data file and a file cut short, and goes on with the next file', async () => {
    const folder = await writeDynamoDbExport(root, 'Winners', [{ id: 'w1' }, { id: 'w2' }], {
      format: 'DYNAMODB_JSON',
      files: 2,
    });
    const { rm: remove, writeFile } = await import('node:fs/promises');
    await remove(path.join(folder, 'data/file0.json.gz'));
    const results = await readAll(folder);
    expect(results[0]).toMatchObject({ kind: 'unreadable', table: 'Winners' });
    expect(itemsOf(results).map((i) => i.id)).toEqual(['w2']);
    await writeFile(path.join(folder, 'data/file1.json.gz'), Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01]));
    expect((await readAll(folder)).every((r) => r.kind === 'unreadable')).toBe(true);
  });

  it('names the model from the Amplify table name, and refuses a table that is not the legacy’s', () => {
    expect(legacyTableOf('arn:aws:dynamodb:us-east-1:1:table/Competition-abc123-prod')).toBe('Competition');
    expect(legacyTableOf('arn:aws:dynamodb:us-east-1:1:table/Winners-x-dev')).toBe('Winners');
    expect(legacyTableOf('arn:aws:dynamodb:us-east-1:1:table/User-abc-prod')).toBeNull();
    expect(legacyTableOf(undefined)).toBeNull();
  });
});
