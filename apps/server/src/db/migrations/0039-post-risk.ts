import { riskScore } from '@preffy/domain';
import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A post's risk score (issue 42, decision 0136): 0–100, the sum of its flags' weights, written
 * with its flags, so the review queue can order and filter by it through an index. Posts with
 * flags stored before are scored here (most posts have none and score 0).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('riskScore', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  // The queue by risk: a competition's live unscored posts, riskiest first, oldest among equals.
  await db.schema
    .createIndex('postsQueueRiskIdx')
    .on('posts')
    .columns(['competitionId', 'riskScore', 'createdAt', 'id'])
    .where(sql.ref('deleted'), '=', 0)
    .execute();
  let after = '';
  for (;;) {
    const rows: { id: string; flags: string }[] = await db
      .selectFrom('posts')
      .select(['id', 'flags'])
      .where('flags', '!=', '[]')
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (!rows.length) break;
    for (const row of rows) {
      let flags: { code: string }[] = [];
      try {
        const parsed: unknown = JSON.parse(row.flags);
        if (Array.isArray(parsed)) flags = parsed.filter((f) => typeof f?.code === 'string');
      } catch {
        // Unreadable legacy flags score 0, as they show none.
      }
      const score = riskScore(flags).score;
      if (score > 0)
        await db.updateTable('posts').set({ riskScore: score }).where('id', '=', row.id).execute();
    }
    after = rows.at(-1)!.id;
  }
}
