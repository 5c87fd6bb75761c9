import type { CreateTableBuilder, Kysely } from 'kysely';

/* Migrations use `Kysely<any>`: they describe the schema as it was then, not today's types. */
/* eslint-disable @typescript-eslint/no-explicit-any */

/** id, version, deleted, createdAt, updatedAt: the columns of every business record. */
export function recordColumns<T extends string>(table: CreateTableBuilder<T, never>) {
  return table
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('updatedAt', 'bigint', (c) => c.notNull());
}

export async function up(db: Kysely<any>): Promise<void> {
  await recordColumns(db.schema.createTable('users'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('passwordHash', 'text')
    .addColumn('language', 'text')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('expiresAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessionsUserIdx').on('sessions').column('userId').execute();

  await db.schema
    .createTable('authTokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('createdBy', 'text')
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('expiresAt', 'bigint', (c) => c.notNull())
    .addColumn('usedAt', 'bigint')
    .execute();

  await db.schema
    .createTable('auditLog')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actorId', 'text')
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entityId', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'text')
    .execute();
  await db.schema
    .createIndex('auditLogEntityIdx')
    .on('auditLog')
    .columns(['entity', 'entityId', 'at'])
    .execute();

  // The email outbox: one message, many recipients, a delivery status per recipient.
  await db.schema
    .createTable('emailMessages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('createdBy', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('isMarketing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('relatedEntity', 'text')
    .addColumn('relatedId', 'text')
    .execute();
  await db.schema.createIndex('emailMessagesCreatedIdx').on('emailMessages').column('createdAt').execute();
  await db.schema
    .createIndex('emailMessagesRelatedIdx')
    .on('emailMessages')
    .columns(['relatedEntity', 'relatedId'])
    .execute();

  await db.schema
    .createTable('emailRecipients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('messageId', 'text', (c) => c.notNull().references('emailMessages.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', 'bigint', (c) => c.notNull())
    .addColumn('claimedBy', 'text')
    .addColumn('claimedUntil', 'bigint')
    .addColumn('sentAt', 'bigint')
    .addColumn('transport', 'text')
    // One message never goes twice to the same address: the idempotency key.
    .addUniqueConstraint('emailRecipientsMessageEmailKey', ['messageId', 'email'])
    .execute();
  await db.schema
    .createIndex('emailRecipientsQueueIdx')
    .on('emailRecipients')
    .columns(['status', 'nextAttemptAt'])
    .execute();
  await db.schema.createIndex('emailRecipientsEmailIdx').on('emailRecipients').column('email').execute();

  await recordColumns(db.schema.createTable('competitions'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('organizer', 'text', (c) => c.notNull())
    .addColumn('organizerEmail', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('audio', 'text')
    .addColumn('startDate', 'bigint', (c) => c.notNull())
    .addColumn('endDate', 'bigint', (c) => c.notNull())
    .addColumn('lastUpdated', 'bigint', (c) => c.notNull())
    .addColumn('isActive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('isClosed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hasEnded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('isConfirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('isDirect', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is555', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prize', 'text')
    .addColumn('prizes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('campaignId', 'integer', (c) => c.notNull().unique())
    .addColumn('platforms', 'text', (c) => c.notNull().defaultTo('["TikTok"]'))
    .addColumn('invoiceAmount', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('competitionType', 'text', (c) => c.notNull().defaultTo('Hybrid'))
    .addColumn('notes', 'text')
    .addColumn('takePct', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('metric', 'text', (c) => c.notNull().defaultTo('likes'))
    .addColumn('category', 'text')
    .addColumn('continents', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('countries', 'text')
    .addColumn('creativeDirection', 'text')
    .addColumn('event', 'text')
    .addColumn('spotify', 'text')
    .addColumn('tiktok', 'text')
    .addColumn('instagram', 'text')
    .addColumn('tiktokSound', 'text')
    .addColumn('instagramSound', 'text')
    .execute();
  // The admin tabs filter on state and sort by end date; the calendar scans date ranges.
  await db.schema
    .createIndex('competitionsStateIdx')
    .on('competitions')
    .columns(['deleted', 'hasEnded', 'isActive', 'endDate'])
    .execute();
  await db.schema
    .createIndex('competitionsDatesIdx')
    .on('competitions')
    .columns(['deleted', 'startDate', 'endDate'])
    .execute();
  await db.schema
    .createIndex('competitionsOrganizerIdx')
    .on('competitions')
    .column('organizerEmail')
    .execute();
  await db.schema
    .createIndex('competitionsUpdatedIdx')
    .on('competitions')
    .columns(['deleted', 'lastUpdated'])
    .execute();

  // Public page visits per referral tag and day (?ref=fancy, ?ref=basic, …): counters, not records.
  await db.schema
    .createTable('competitionVisits')
    .addColumn('competitionId', 'text', (c) => c.notNull().references('competitions.id'))
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('competitionVisitsPk', ['competitionId', 'ref', 'day'])
    .execute();

  await recordColumns(db.schema.createTable('posts'))
    .addColumn('competitionId', 'text', (c) => c.notNull().references('competitions.id'))
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('creator', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('likes', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('bonusLikes', 'integer')
    .addColumn('postId', 'text')
    .addColumn('creativityScore', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('views', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('shares', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('comments', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('postedDate', 'bigint')
    .addColumn('country', 'text')
    .execute();
  await db.schema
    .createIndex('postsCompetitionIdx')
    .on('posts')
    .columns(['competitionId', 'deleted', 'createdAt'])
    .execute();
  await db.schema
    .createIndex('postsPlatformIdIdx')
    .on('posts')
    .columns(['competitionId', 'postId'])
    .execute();
  await db.schema.createIndex('postsEmailIdx').on('posts').column('email').execute();

  await recordColumns(db.schema.createTable('referrals'))
    .addColumn('postId', 'text', (c) => c.notNull().references('posts.id'))
    .addColumn('referringLink', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('referralsPostIdx').on('referrals').column('postId').execute();

  await recordColumns(db.schema.createTable('winners'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('paypal', 'text')
    .addColumn('isBanned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('isUnsubscribed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('isVetted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('winnersEmailIdx').on('winners').columns(['email', 'deleted']).execute();

  await recordColumns(db.schema.createTable('payments'))
    .addColumn('competitionId', 'text', (c) => c.notNull().references('competitions.id'))
    .addColumn('contactEmail', 'text', (c) => c.notNull())
    .addColumn('contactId', 'text')
    .addColumn('vendorId', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('paymentEmail', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('paymentsStatusIdx')
    .on('payments')
    .columns(['deleted', 'status', 'createdAt'])
    .execute();
  await db.schema
    .createIndex('paymentsCompetitionIdx')
    .on('payments')
    .columns(['competitionId', 'status'])
    .execute();

  await recordColumns(db.schema.createTable('promotions'))
    .addColumn('competitionId', 'text', (c) => c.notNull().references('competitions.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('startDate', 'bigint')
    .addColumn('endDate', 'bigint')
    .addColumn('isActive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('creatorEmails', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('remainingBalance', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('promotionsCompetitionIdx').on('promotions').column('competitionId').execute();

  await recordColumns(db.schema.createTable('inquiries'))
    .addColumn('firstName', 'text', (c) => c.notNull())
    .addColumn('lastName', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('source', 'text')
    .addColumn('assignedToEmail', 'text')
    .addColumn('inquiryType', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Unseen'))
    .addColumn('message', 'text')
    .addColumn('platforms', 'text')
    .addColumn('date', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inquiriesStatusIdx')
    .on('inquiries')
    .columns(['deleted', 'status', 'date'])
    .execute();

  await recordColumns(db.schema.createTable('notes'))
    .addColumn('inquiryId', 'text', (c) => c.notNull().references('inquiries.id'))
    .addColumn('authorId', 'text')
    .addColumn('displayName', 'text', (c) => c.notNull())
    .addColumn('authorImage', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('noteDate', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notesInquiryIdx').on('notes').columns(['inquiryId', 'noteDate']).execute();

  await recordColumns(db.schema.createTable('activities'))
    .addColumn('inquiryId', 'text', (c) => c.notNull().references('inquiries.id'))
    .addColumn('createdDateTime', 'bigint', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activitiesInquiryIdx')
    .on('activities')
    .columns(['inquiryId', 'createdDateTime'])
    .execute();
}
