import {
  COMPETITION_DAYS,
  FORM_MESSAGES,
  addDays,
  canDeleteCompetition,
  canManageCompetition,
  localDay,
  competitionTimeOn,
  type ReservationDetails,
  reservationRecipients,
  type reserveDateSchema,
} from '@preffy/domain';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { insertCompetition } from '../competitions/index.ts';
import { enqueueEmail } from '../email/index.ts';
import { competitionsOnDay, organizersStartingOn } from './calendar.repository.ts';

export type ReserveDateInput = z.infer<typeof reserveDateSchema>;

/**
 * Reserve A Date: a hold (not confirmed, not active, not ended) from 15:00 on the day for
 * 7 days, owned by the requester. In the same transaction: the reservation notice to the staff
 * address, the requester and the organizers holding the same date, and, when they are 4 or
 * more, a hold-conflict notice to them as well.
 */
export async function reserveDate(
  db: Database,
  user: SessionUser,
  input: ReserveDateInput,
  options: { timeZone: string; staffEmail: string },
) {
  // The legacy form went ahead only with a requester email; ours always has one, but say so if not.
  if (!user.email.trim())
    throw new AppError(400, 'VALIDATION', 'Your account has no email address', {
      fieldErrors: { email: ['Your account has no email address'] },
    });
  if (input.day < localDay(now(), options.timeZone))
    throw new AppError(400, 'VALIDATION', FORM_MESSAGES.reservePastDate, {
      fieldErrors: { day: [FORM_MESSAGES.reservePastDate] },
    });
  const details: ReservationDetails = {
    isGlobal: input.isGlobal,
    territories: input.isGlobal ? null : input.territories?.trim() || null,
    creativeDirection: input.creativeDirection,
    creativeDirectionRequired: input.creativeDirection && input.creativeDirectionRequired,
    languageRequirement: input.languageRequirement,
    language: input.languageRequirement ? input.language?.trim() || null : null,
    notes: input.notes?.trim() || null,
    songName: input.songName?.trim() || null,
  };
  const requesterEmail = user.email.toLowerCase();
  return insertCompetition(
    db,
    user,
    {
      name: details.songName ?? '',
      organizer: input.organizer,
      organizerEmail: requesterEmail,
      audio: null,
      image: null,
      startDate: competitionTimeOn(input.day, options.timeZone),
      endDate: competitionTimeOn(addDays(input.day, COMPETITION_DAYS), options.timeZone),
      invoiceAmount: input.invoiceAmount,
      isClosed: 0,
      isConfirmed: 0,
      reservation: JSON.stringify(details),
    },
    async (trx, competition) => {
      const sameDate = await organizersStartingOn(trx, input.day, options.timeZone, competition.id);
      const { recipients, holdConflict } = reservationRecipients({
        staffEmail: options.staffEmail,
        requesterEmail,
        sameDateOrganizerEmails: sameDate,
      });
      const common = {
        to: recipients.map((email) => ({ email })),
        language: user.language,
        related: { entity: 'competition', id: competition.id },
        createdBy: user.id,
      };
      await enqueueEmail(trx, {
        ...common,
        kind: 'reservation-notice',
        data: {
          requester: requesterEmail,
          date: input.day,
          organizer: input.organizer,
          song: details.songName,
          amount: input.invoiceAmount,
          territories: details.isGlobal ? null : details.territories,
          creativeDirection: details.creativeDirection,
          language: details.language,
          notes: details.notes,
        },
      });
      if (holdConflict)
        await enqueueEmail(trx, {
          ...common,
          kind: 'hold-conflict',
          data: { date: input.day, holders: recipients },
        });
    },
  );
}

/**
 * The competitions covering a day, each saying whether this user may edit or delete it, and
 * whether it is a hold waiting to be started that they may start.
 */
export async function dayCompetitions(
  db: Database,
  user: SessionUser,
  day: string,
  timeZone: string,
  q: { page: number; pageSize: number },
) {
  const { items, total } = await competitionsOnDay(db, day, timeZone, q);
  return {
    total,
    items: items.map(({ isWaitingHold, ...c }) => ({
      ...c,
      canChange: canDeleteCompetition(user, c.email),
      canStart: isWaitingHold && canManageCompetition(user, c.email),
    })),
  };
}
