import { type Kysely, SqliteAdapter } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Uploaded images kept in the database (decision 0118), so that every instance on one
 * PostgreSQL serves every image. A row is written once and never changed: its key is the name
 * in the image's URL, which is made from the hash of its bytes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('storedImages')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('contentType', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', sqlite ? 'blob' : 'bytea', (c) => c.notNull())
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .execute();
}
