import {
  BULK_COMPETITION_MESSAGES,
  BULK_KINDS,
  type BulkSelection,
  type BulkType,
  type OutreachBody,
} from '@preffy/api';
import { prizeTotal, promotionCreatorCount, takesEntries } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { subscriberEmails } from '../winners/index.ts';
import { findCompetitionToAdvertise, latestPromotion } from './email.repository.ts';
import { type EnqueueResult, enqueueEmail } from './outbox.ts';
import type { EmailData, EmailKind } from './templates/messages.ts';

/** A message for many subscribers: its kind, its data and what it is about. */
export type BulkEmail = {
  [K in EmailKind]: { kind: K; data: EmailData<K>; related?: { entity: string; id: string } };
}[EmailKind];

const competitionRefused = (code: 'NOT_CONFIRMED' | 'CLOSED', message: string) =>
  new AppError(400, code, message, { fieldErrors: { competitionId: [message] } });

/**
 * The bulk email for a competition, as its recipients will get it. Fancy and Basic advertise
 * the competition's prize total and link with ref=fancy / ref=basic; Promotion advertises the
 * remaining balance of the competition's promotion and is refused unless its balance and
 * amount are positive; the new-competition announcement gives the prize total and the plain
 * link. Each is refused for a competition that does not take entries (a hold, closed, ended):
 * its link would lead nowhere (decision 0110).
 */
export async function bulkEmailFor(
  db: Database,
  type: BulkType,
  competitionId: string,
  publicUrl: string,
): Promise<BulkEmail> {
  const competition = await findCompetitionToAdvertise(db, competitionId);
  if (!competition) throw notFound('Competition');
  const related = { entity: 'competition', id: competition.id };
  const about = { competition: competition.name, organizer: competition.organizer };

  // Every type links to the public page: a hold has none, an ended contest takes nothing.
  if (!competition.isConfirmed) throw competitionRefused('NOT_CONFIRMED', BULK_COMPETITION_MESSAGES.onHold);
  const flags = {
    isConfirmed: true,
    isClosed: competition.isClosed === 1,
    hasEnded: competition.hasEnded === 1,
    endDate: Number(competition.endDate),
  };
  if (!takesEntries(flags, now()))
    throw competitionRefused('CLOSED', BULK_COMPETITION_MESSAGES.notTakingEntries);

  let amount = prizeTotal(JSON.parse(competition.prizes) as string[]).total;
  if (type === 'new-competition') {
    return {
      kind: BULK_KINDS[type],
      related,
      data: { ...about, prizeTotal: amount, url: `${publicUrl}/c/${competition.id}` },
    };
  }
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
    kind: BULK_KINDS[type],
    related,
    data: { ...about, amount, url: `${publicUrl}/c/${competition.id}?ref=${ref}` },
  };
}

/**
 * One message to every selected subscriber, queued in one transaction (10,000 recipients take
 * well under a second). The outbox skips unsubscribed and banned addresses (all these kinds are
 * marketing), so a listed address that is no longer a subscriber is recorded as skipped.
 */
export async function queueBulkEmail(
  db: Database,
  email: BulkEmail,
  selection: BulkSelection,
  actorId: string,
): Promise<EnqueueResult> {
  // Exclusions are filtered here, not in SQL: a long list would exceed the bind-parameter limit.
  const excluded = new Set('exclude' in selection ? selection.exclude : []);
  const emails =
    'emails' in selection
      ? selection.emails
      : (await subscriberEmails(db, selection.search)).filter((e) => !excluded.has(e));
  if (emails.length === 0) throw new AppError(400, 'NO_RECIPIENTS', 'Select at least one recipient');

  return db.transaction().execute((trx) =>
    enqueueEmail(trx, {
      ...email,
      to: emails.map((address) => ({ email: address })),
      createdBy: actorId,
    }),
  );
}

/** The Email page's send (and the competitions' announcement): a competition's bulk email. */
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
  return queueBulkEmail(db, email, input.selection, input.actorId);
}

/** The Email page's plain-text outreach: the admin's subject and text, no HTML part. */
export const sendOutreach = (db: Database, input: OutreachBody & { actorId: string }) =>
  queueBulkEmail(
    db,
    { kind: 'outreach', data: { subject: input.subject, body: input.text } },
    input.selection,
    input.actorId,
  );
