import type { ParsedQuery, Payment, PaymentStatus, PaymentTotals, ReplyOf, payments } from '@preffy/api';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PaymentsTable } from '../../db/schema.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { matchesSearch, paged } from '../../lib/paging.ts';
import { sortExpression } from '../../lib/natural-order.ts';
import { type ImportedWrites, writeImported } from '../../lib/imported-records.ts';

export type ListPaymentsQuery = ParsedQuery<typeof payments.list>;
export type PaymentsPage = ReplyOf<typeof payments.list>;

/** A stored payment joined with its competition's name: what the API shows (and a 409 carries). */
export type PaymentRow = Selectable<PaymentsTable> & { competitionName: string };

export const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  competitionId: row.competitionId,
  competitionName: row.competitionName,
  contactEmail: row.contactEmail,
  paymentEmail: row.paymentEmail,
  amount: Number(row.amount),
  source: row.source,
  status: row.status,
  paypalStatus: row.paypalItemStatus ?? null,
  version: row.version,
  createdAt: Number(row.createdAt),
  updatedAt: Number(row.updatedAt),
});

/** Live payments (never the soft-deleted ones) with their competition, searched. */
function livePayments(db: Database, search: string | undefined) {
  let base = db
    .selectFrom('payments')
    .innerJoin('competitions', 'competitions.id', 'payments.competitionId')
    .where('payments.deleted', '=', 0);
  if (search)
    base = base.where((eb) =>
      matchesSearch(eb, ['payments.contactEmail', 'payments.paymentEmail', 'competitions.name'], search),
    );
  return base;
}

const SORT_COLUMNS = {
  createdAt: 'payments.createdAt',
  competitionName: 'competitions.name',
  contactEmail: 'payments.contactEmail',
  paymentEmail: 'payments.paymentEmail',
  amount: 'payments.amount',
  source: 'payments.source',
} as const;
/** Text columns sort naturally (creator2 before creator10, decision 0039). */
const NATURAL = ['competitions.name', 'payments.contactEmail', 'payments.paymentEmail', 'payments.source'];

/** One tab of the payments admin, searched, sorted and paged (paymentsStatusIdx serves the tab). */
export async function listPayments(db: Database, q: ListPaymentsQuery): Promise<PaymentsPage> {
  let base = livePayments(db, q.search).where('payments.status', '=', q.status);
  if (q.competitionId) base = base.where('payments.competitionId', '=', q.competitionId);
  // A whole tab: its total is tallied, not counted (decision 0043).
  const tallied =
    q.search || q.competitionId
      ? null
      : paymentTally(db).then((t) => (q.status === 'Paid' ? t.paid : t.toBePaid).count);
  return paged(
    q,
    base,
    (rows) =>
      rows
        .selectAll('payments')
        .select('competitions.name as competitionName')
        .orderBy(sortExpression(SORT_COLUMNS[q.sortBy], NATURAL), q.sortDirection)
        .orderBy('payments.id'),
    toPayment,
    tallied,
  );
}

/** Every live payment's count and sum per status, as the database's triggers keep them (decision 0043). */
async function paymentTally(db: Database): Promise<PaymentTotals> {
  const row = await db
    .selectFrom('paymentTallies')
    .selectAll()
    .where('id', '=', 'payments')
    .executeTakeFirst();
  const of = (count: unknown, cents: unknown) => ({
    count: Number(count ?? 0),
    amount: Number(cents ?? 0) / 100,
  });
  return {
    toBePaid: of(row?.toBePaidCount, row?.toBePaidCents),
    paid: of(row?.paidCount, row?.paidCents),
  };
}

/** Count and sum of each tab: the tally, or computed by the database over the searched tab. */
export async function paymentTotals(db: Database, search: string | undefined): Promise<PaymentTotals> {
  if (!search) return paymentTally(db);
  return totalsOf(livePayments(db, search));
}

/** The payments a prize-money figure counts: every one, one competition's, or those of the competitions that ended in [start, end). */
export type PrizeMoneyScope =
  { all: true } | { competitionId: string } | { competitionsEndedIn: { start: number; end: number } };

/**
 * Prize money paid and owed (decision 0106): the amounts of live payments, Paid and To Be Paid.
 * The amount is what is sent to the creator (the prize less the fee, or a genni winner's whole
 * prize), each payment once, in USD. Payments admin, analytics, the dashboard and the report all
 * read it here, each for its own scope, and never from a cache, so they agree right after a payment.
 */
export async function prizeMoney(db: Database, scope: PrizeMoneyScope): Promise<PaymentTotals> {
  if ('all' in scope) return paymentTally(db);
  let base = livePayments(db, undefined);
  if ('competitionId' in scope) base = base.where('payments.competitionId', '=', scope.competitionId);
  else
    base = base
      .where('competitions.endDate', '>=', scope.competitionsEndedIn.start)
      .where('competitions.endDate', '<', scope.competitionsEndedIn.end);
  return totalsOf(base);
}

async function totalsOf(base: ReturnType<typeof livePayments>): Promise<PaymentTotals> {
  const rows = await base
    .where('payments.status', 'in', ['To Be Paid', 'Paid'])
    .select((eb) => [
      'payments.status',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('payments.amount').as('amount'),
    ])
    .groupBy('payments.status')
    .execute();
  const totalOf = (status: PaymentStatus) => {
    const row = rows.find((r) => r.status === status);
    // Amounts are dollars with cents: the sum of doubles is rounded back to cents.
    return { count: Number(row?.count ?? 0), amount: Math.round(Number(row?.amount ?? 0) * 100) / 100 };
  };
  return { toBePaid: totalOf('To Be Paid'), paid: totalOf('Paid') };
}

/** A live payment with its competition's name. */
export const findPayment = (db: Database, id: string) =>
  db
    .selectFrom('payments')
    .innerJoin('competitions', 'competitions.id', 'payments.competitionId')
    .selectAll('payments')
    .select('competitions.name as competitionName')
    .where('payments.id', '=', id)
    .where('payments.deleted', '=', 0)
    .executeTakeFirst();

/**
 * Moves a payment from one status to the other, only while it still has the version the caller
 * read and the status it left: true when this call changed it (a concurrent twin finds none).
 */
export async function moveStatus(
  db: Database,
  id: string,
  version: number,
  from: PaymentStatus,
  to: PaymentStatus,
) {
  // Unsend makes it owed again and out of any payout file: Mark As Completed of a later step 3
  // must not mark it Paid from a file handed out before (decision 0028).
  const patch = to === 'To Be Paid' ? { status: to, payoutFileId: null } : { status: to };
  return updateVersioned(db, 'payments', id, version, patch, {
    where: (update) => update.where('status', '=', from),
    onMiss: 'resolve false',
  });
}

/** A legacy record imported into the table (legacy-import, decision 0128). */
export const writeImportedPayment = (db: Database, write: ImportedWrites) =>
  writeImported(db, 'payments', write);
