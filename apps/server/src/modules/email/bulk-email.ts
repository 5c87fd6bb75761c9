import type { BulkSelection, BulkType } from '@preffy/api';
import { prizeTotal, promotionCreatorCount } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { subscriberEmails } from '../winners/index.ts';
import { findCompetitionToAdvertise, latestPromotion } from './email.repository.ts';
import { type EnqueueResult, enqueueEmail } from './outbox.ts';

/**
 * The bulk email for a competition, as its recipients will get it. Fancy and Basic advertise
 * the competition's prize total and link with ref=fancy / ref=basic; Promotion advertises the
 * remaining balance of the competition's promotion and is refused unless its balance and
 * amount are positive.
 */
export async function bulkEmailFor(db: Database, type: BulkType, competitionId: string, publicUrl: string) {
  const competition = await findCompetitionToAdvertise(db, competitionId);
  if (!competition) throw notFound('Competition');

  let amount = prizeTotal(JSON.parse(competition.prizes) as string[]).total;
  if (type === 'promotion') {
    const promotion = await latestPromotion(db, competition.id);
    // Positive balance and amount (doc 1 section 5), counted in cents like the promotions screen.
    if (!promotion || promotionCreatorCount(promotion.remainingBalance, promotion.amount) === 0) {
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
  const ref = type === 'basic' ? 'basic' : 'fancy';
  return {
    kind: `bulk-${type}` as const,
    competitionId: competition.id,
    data: {
      competition: competition.name,
      organizer: competition.organizer,
      amount,
      url: `${publicUrl}/c/${competition.id}?ref=${ref}`,
    },
  };
}

/**
 * The Email page's send: one message to every selected subscriber, queued in one transaction
 * (10,000 recipients take well under a second).
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
  const email = await bulkEmailFor(db, input.type, input.competitionId, input.publicUrl);
  const selection = input.selection;
  // Exclusions are filtered here, not in SQL: a long list would exceed the bind-parameter limit.
  const excluded = new Set('exclude' in selection ? selection.exclude : []);
  const emails =
    'emails' in selection
      ? selection.emails
      : (await subscriberEmails(db, selection.search)).filter((e) => !excluded.has(e));
  if (emails.length === 0) throw new AppError(400, 'NO_RECIPIENTS', 'Select at least one recipient');

  return db.transaction().execute((trx) =>
    enqueueEmail(trx, {
      kind: email.kind,
      data: email.data,
      to: emails.map((address) => ({ email: address })),
      related: { entity: 'competition', id: email.competitionId },
      createdBy: input.actorId,
    }),
  );
}
