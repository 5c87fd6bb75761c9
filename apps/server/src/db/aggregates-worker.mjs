// The aggregates reader's thread (aggregates-reader.ts): runs each query it is sent on a
// read-only connection of its own and posts the rows back, so a count of seconds holds this
// thread, not the server's. It reads only: a statement that would write is refused.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.sqlitePath, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const statement = db.prepare(sql);
    if (!statement.reader) throw new Error('The aggregates reader only reads');
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
