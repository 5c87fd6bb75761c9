import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSqlite } from './sqlite-backup.ts';

/**
 * Another connection that writes a row every `everyMs` until told to stop, in its own thread as
 * the server writes from its own process, so it writes on while the backup runs.
 */
const WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.path);
db.pragma('busy_timeout = 5000');
const insert = db.prepare('insert into rows (body) values (?)');
const stop = new Int32Array(workerData.stop);
let written = 0;
while (Atomics.load(stop, 0) === 0) {
  insert.run('written during the backup');
  if (++written === 1) parentPort.postMessage('writing');
  Atomics.wait(stop, 0, 0, workerData.everyMs);
}
db.close();
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'preffy-sqlite-backup-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the SQLite online backup', () => {
  it('finishes while another connection writes every 5 ms, with a sound copy of what was there', async () => {
    // The attack: on a 167 MB database with 10 writes a second the backup never finished, as it
    // started over at every write between two of its steps. Here about 24 MB: copied step by
    // step it takes many times 5 ms, and so never finished either.
    const databasePath = path.join(dir, 'preffy.sqlite');
    const source = new SQLite(databasePath);
    source.pragma('journal_mode = WAL');
    source.exec('create table rows (id integer primary key, body text not null)');
    const insert = source.prepare('insert into rows (body) values (?)');
    source.transaction(() => {
      for (let i = 0; i < 96_000; i++) insert.run(`before the backup ${i} ${'x'.repeat(200)}`);
    })();
    source.close();

    const stop = new SharedArrayBuffer(4);
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const writer = new Worker(WRITER, {
      eval: true,
      workerData: { path: databasePath, driver, stop, everyMs: 5 },
    });
    await once(writer, 'message');

    const lastRow = () => {
      const reader = new SQLite(databasePath, { readonly: true });
      try {
        return (reader.prepare('select max(id) as id from rows').get() as { id: number }).id;
      } finally {
        reader.close();
      }
    };
    const file = path.join(dir, 'backup.sqlite');
    const lastBefore = lastRow();
    const backup = backupSqlite(databasePath, file).then(() => 'finished' as const);
    const bound = new Promise<'unfinished'>((resolve) => setTimeout(() => resolve('unfinished'), 5_000));
    const outcome = await Promise.race([backup, bound]);
    const lastAfter = lastRow();
    Atomics.store(new Int32Array(stop), 0, 1);
    Atomics.notify(new Int32Array(stop), 0);
    await once(writer, 'exit');
    await backup;
    expect(outcome, 'the backup finished within 5 s').toBe('finished');
    expect(lastAfter, 'rows were written during the backup').toBeGreaterThan(lastBefore);

    const copy = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      // Every row there when it started (ids 1 to lastBefore, none deleted) is in the copy.
      const held = copy.prepare('select count(*) as n from rows where id <= ?').get(lastBefore) as {
        n: number;
      };
      expect(held.n).toBe(lastBefore);
    } finally {
      copy.close();
    }
  }, 20_000);
});
