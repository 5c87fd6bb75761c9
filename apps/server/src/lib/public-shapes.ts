import type { z } from 'zod';
import { toCompetition } from '../modules/competitions/competition.dto.ts';
import { toPartnerKey } from '../modules/partners/partner-key.dto.ts';
import { toCreatorMetric } from '../modules/creators/creators.repository.ts';
import {
  competitionSchema,
  creatorMetricSchema,
  finishSchema,
  inquirySchema,
  inquiryOptionSchema,
  partnerKeySchema,
  paymentSchema,
  promotionSchema,
  reportShareSchema,
  reviewPostSchema,
  securitySettingsSchema,
  userSchema,
  winnerSchema,
} from '@preffy/api';
import { toInquiry } from '../modules/inquiries/inquiries.repository.ts';
import { toInquiryOption } from '../modules/inquiry-options/inquiry-options.repository.ts';
import { toPayment } from '../modules/payments/payments.repository.ts';
import { toPromotion } from '../modules/promotions/promotions.repository.ts';
import { toReportShare } from '../modules/reports/report-shares.repository.ts';
import { toReviewPost } from '../modules/review/review-post.ts';
import { toPublicUser } from '../modules/users/users.repository.ts';
import { toPublicWinner } from '../modules/winners/winners.repository.ts';
import { toSecuritySettings } from '../modules/settings/security-settings.ts';
import type { VersionedTable } from './versioned.ts';

type PublicShape = { schema: z.ZodObject; toPublic: (row: never) => unknown };

/**
 * How a record of each versioned table looks in the API. A 409 shows `current` only through
 * this map (plugins/error-handler.ts), so a stale write can never echo a password hash, a
 * feed hash or a key hash. A table with a versioned route must be listed here: the conflict
 * test (versioned-routes.test.ts) walks every such route and checks `current` against `schema`.
 */
export const PUBLIC_SHAPES: Partial<Record<VersionedTable, PublicShape>> = {
  users: { schema: userSchema, toPublic: toPublicUser },
  competitions: { schema: competitionSchema, toPublic: toCompetition },
  partnerApiKeys: { schema: partnerKeySchema, toPublic: toPartnerKey },
  // A post's conflict row carries its referral count (modules/review findReviewRow).
  posts: { schema: reviewPostSchema, toPublic: toReviewPost },
  // A creator's metric is answered beside their posts' numbers: the creators service passes
  // the row already joined with them (creators.repository.ts CreatorMetricRow).
  creatorMetrics: { schema: creatorMetricSchema, toPublic: toCreatorMetric },
  winners: { schema: winnerSchema, toPublic: toPublicWinner },
  // A payment's conflict row carries its competition's name (payments.repository findPayment).
  payments: { schema: paymentSchema, toPublic: toPayment },
  // A promotion's conflict row carries its competition (promotions.repository findPromotion).
  promotions: { schema: promotionSchema, toPublic: toPromotion },
  // The finish wizard's conflict row is the wizard as the API shows it (modules/finish finishView).
  // An inquiry's conflict row carries its assignee's name (inquiries.repository findInquiry).
  inquiries: { schema: inquirySchema, toPublic: toInquiry },
  inquiryOptions: { schema: inquiryOptionSchema, toPublic: toInquiryOption },
  competitionFinishes: { schema: finishSchema, toPublic: (finish: unknown) => finish },
  // A shared report link's conflict row carries its maker's name (report-shares.repository findShare).
  reportShares: { schema: reportShareSchema, toPublic: toReportShare },
  appSettings: { schema: securitySettingsSchema, toPublic: toSecuritySettings },
};

/** The stored row in its public shape, or undefined when the table has no public shape. */
export function publicRecord(table: string, storedRow: unknown): unknown {
  const shape = PUBLIC_SHAPES[table as VersionedTable];
  if (!shape) return undefined;
  // Parsing strips any column the mapper let through by mistake; a mismatch sends no `current`.
  const parsed = shape.schema.safeParse(shape.toPublic(storedRow as never));
  return parsed.success ? parsed.data : undefined;
}
