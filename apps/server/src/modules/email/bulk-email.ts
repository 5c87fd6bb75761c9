import { prizeTotal } from '@preffy/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { likePattern } from '../../lib/paging.ts';
import { type EnqueueResult, enqueueEmail } from './outbox.ts';
import { canSendGiveaway } from './templates/messages.ts';

export const BULK_TYPES = ['fancy', 'promotion', 'basic'] as const;
export type BulkType = (typeof BULK_TYPES)[number];

export type BulkSelection = { emails: string[] } | { all: true; search?: string; exclude?: string[] };

/** Subscribers: winners who are not unsubscribed, banned or deleted. */
export function subscribersQuery(db: Database, search?: string) {
  let q = db
    .selectFrom('winners')
    .where('deleted', '=', 0)
    .where('isUnsubscribed', '=', 0)
    .where('isBanned', '=', 0);
  if (search) q = q.where(sql`lower(email)`, 'like', likePattern(search.toLowerCase()));
  return q;
}

/**
 * The Email page's send: one message to every selected subscriber, queued in one transaction
 * (10,000 recipients take well under a second). Fancy and Basic advertise the competition's
 * prize total and link with ref=fancy / ref=basic; Promotion advertises the remaining balance
 * of the competition's promotion and is refused unless its balance and amount are positive.
 */
export async function sendBulkEmail(
  db: Database,
  input: {
    type: BulkType;
    competitionId: string;
    selection: BulkSelection;
    publicUrl: string;
    actorId: string;
  },
): Promise<EnqueueResult> {
  const competition = await db
    .selectFrom('competitions')
    .select(['id', 'name', 'organizer', 'prizes'])
    .where('id', '=', input.competitionId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!competition) throw notFound('Competition');

  let amount = prizeTotal(JSON.parse(competition.prizes) as string[]).total;
  if (input.type === 'promotion') {
    const promotion = await db
      .selectFrom('promotions')
      .select(['remainingBalance', 'amount'])
      .where('competitionId', '=', competition.id)
      .where('deleted', '=', 0)
      .orderBy('createdAt', 'desc')
      .executeTakeFirst();
    if (!promotion || !canSendGiveaway(promotion)) {
      throw new AppError(
        400,
        'NO_PROMOTION_BALANCE',
        'This competition has no promotion with a positive remaining balance and amount',
        {
          fieldErrors: {
            type: ['This competition has no promotion with a positive remaining balance and amount'],
          },
        },
      );
    }
    amount = promotion.remainingBalance;
  }

  const emails =
    'emails' in input.selection
      ? input.selection.emails
      : (
          await subscribersQuery(db, input.selection.search)
            .select('email')
            .where('email', 'not in', input.selection.exclude?.length ? input.selection.exclude : [''])
            .execute()
        ).map((w) => w.email);
  if (emails.length === 0) throw new AppError(400, 'NO_RECIPIENTS', 'Select at least one recipient');

  const ref = input.type === 'basic' ? 'basic' : 'fancy';
  return db.transaction().execute((trx) =>
    enqueueEmail(trx, {
      kind: `bulk-${input.type}`,
      data: {
        competition: competition.name,
        organizer: competition.organizer,
        amount,
        url: `${input.publicUrl}/c/${competition.id}?ref=${ref}`,
      },
      to: emails.map((email) => ({ email })),
      related: { entity: 'competition', id: competition.id },
      createdBy: input.actorId,
    }),
  );
}
