import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDynamoDbExport } from '../../../../test/fixtures/legacy-export.ts';
import { legacyTableOfFile } from './graphql-list.ts';
import type { ReadResult } from './legacy-records.ts';
import { readLegacySources } from './legacy-sources.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'preffy-legacy-sources-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const readAll = async (paths: string[]) => {
  const results: ReadResult[] = [];
  for await (const result of readLegacySources(paths)) results.push(result);
  return results;
};
const summary = (results: ReadResult[]) =>
  results.map((r) =>
    r.kind === 'record'
      ? `${r.table} ${r.file}:${r.line} ${String(r.item.id)}`
      : `! ${r.file}:${r.line} ${r.reason}`,
  );

describe('GraphQL list files', () => {
  it('reads an array, a page, a list answer and JSON Lines, naming the model from the file or __typename', async () => {
    const folder = path.join(root, 'lists');
    await mkdir(folder);
    await writeFile(path.join(folder, 'Competition.json'), JSON.stringify([{ id: 'c1' }, { id: 'c2' }]));
    await writeFile(
      path.join(folder, 'listPosts-page1.json'),
      JSON.stringify({ items: [{ id: 'p1' }], nextToken: 'x' }),
    );
    await writeFile(
      path.join(folder, 'payments.json'),
      JSON.stringify({
        data: { listPayments: { items: [{ id: 'pay1' }, { id: 'w9', __typename: 'Winners' }] } },
      }),
    );
    await writeFile(path.join(folder, 'referrals.jsonl'), '{"id":"r1"}\n\n{"id":"r2"\n[1]\n{"id":"r3"}\n');
    expect(summary(await readAll([folder]))).toEqual([
      'Competition Competition.json:1 c1',
      'Competition Competition.json:2 c2',
      'Post listPosts-page1.json:1 p1',
      'Payment payments.json:1 pay1',
      'Winners payments.json:2 w9',
      'Referral referrals.jsonl:1 r1',
      expect.stringMatching(/^! referrals\.jsonl:3 /),
      '! referrals.jsonl:4 Not an item (an object)',
      'Referral referrals.jsonl:5 r3',
    ]);
  });

  it('names the model from the file name, plural or with list, and nothing else', () => {
    expect(legacyTableOfFile('/x/Post.json')).toBe('Post');
    expect(legacyTableOfFile('posts.jsonl')).toBe('Post');
    expect(legacyTableOfFile('listCompetitions-2.json')).toBe('Competition');
    expect(legacyTableOfFile('winners.json')).toBe('Winners');
    expect(legacyTableOfFile('promotions.json')).toBe('Promotion');
    expect(legacyTableOfFile('users.json')).toBeNull();
  });

  it('reports a file that is not JSON, not a list, or of no legacy table, and one of another kind', async () => {
    const folder = path.join(root, 'bad');
    await mkdir(folder);
    await writeFile(path.join(folder, 'a-posts.json'), '{"items": [');
    await writeFile(path.join(folder, 'b-users.json'), '[{"id": "u1"}]');
    await writeFile(path.join(folder, 'c-Post.json'), '{"count": 3}');
    await writeFile(path.join(folder, 'd-notes.txt'), 'hello');
    const results = await readAll([folder, path.join(root, 'missing')]);
    expect(results.every((r) => r.kind === 'unreadable')).toBe(true);
    expect(summary(results)).toEqual([
      expect.stringMatching(/^! a-posts\.json:0 /),
      '! b-users.json:1 No legacy table: name the file after its model',
      '! c-Post.json:0 No items: not an array, a page or a list answer',
      '! d-notes.txt:0 Not a legacy export: a DynamoDB export folder, a .json or .jsonl list of items, or a .csv of inquiries',
      `! ${path.join(root, 'missing')}:0 No such file or folder`,
    ]);
  });
});

describe('a folder of exports', () => {
  it('finds each DynamoDB export under it, in name order, skipping what AWS writes beside the data', async () => {
    const folder = path.join(root, 'sync');
    await writeDynamoDbExport(path.join(folder, 'b-posts'), 'Post', [{ id: 'p1' }], { format: 'ION' });
    await writeDynamoDbExport(path.join(folder, 'a-competitions'), 'Competition', [{ id: 'c1' }], {
      format: 'DYNAMODB_JSON',
    });
    const results = await readAll([folder]);
    expect(results.map((r) => (r.kind === 'record' ? `${r.table} ${String(r.item.id)}` : r.reason))).toEqual([
      'Competition c1',
      'Post p1',
    ]);
    expect(results[0]!.file).toMatch(/^a-competitions\/AWSDynamoDB\/[^/]+\/data\/file0\.json\.gz$/);
  });
});
