import { CONTINENTS, METRICS, POST_PLATFORMS, PROMOTION_MAX_CREATORS, parsePrizeLine } from '@preffy/domain';
import { z } from 'zod';
import type { LegacyTable } from '../readers/legacy-records.ts';
import {
  TEXT,
  amplifyFields,
  awsTime,
  count,
  epochMs,
  flag,
  money,
  optionalText,
  problemsOf,
  requiredText,
  textList,
} from './legacy-fields.ts';
import { type ImportedTable, type MapResult, type MappedRecord, legacyIdOf } from './mapped-record.ts';

/**
 * The Amplify models as app rows (issue 41, decision 0128). Field names and meanings are the
 * spec's section 3; a field the spec does not name is reported, not dropped silently. GraphQL
 * list output may carry the connections (`posts`, `referrals`, `competition`), which are ignored:
 * each record is imported from its own table.
 */

const connection = z.unknown().optional();
/** Amplify's names for a belongs-to key, the model's own and its generated `…Id`. */
const oneOf = (item: Record<string, unknown>, ...keys: string[]) =>
  keys.map((k) => item[k]).find((v) => v != null);

const competition = z
  .object({
    ...amplifyFields,
    name: requiredText(TEXT.name),
    organizer: optionalText(TEXT.name),
    organizerEmail: optionalText(TEXT.email),
    image: optionalText(TEXT.link),
    audio: optionalText(TEXT.link),
    startDate: epochMs,
    endDate: epochMs,
    lastUpdated: z.number().nullish(),
    isActive: flag,
    isClosed: flag,
    hasEnded: flag,
    isConfirmed: flag,
    isDirect: flag,
    is555: flag,
    prize: optionalText(TEXT.prizeLine),
    prizes: textList(TEXT.prizeLines, TEXT.prizeLine)
      .nullish()
      .refine(
        (lines) => (lines ?? []).every((line) => parsePrizeLine(line).ok),
        "has a line without a $ amount ('Label: $amount')",
      ),
    campaignID: z.number().int().min(1).max(2_000_000_000),
    platforms: textList(20, TEXT.name).nullish(),
    invoiceAmount: money.nullish(),
    competitionType: z.enum(['Hybrid', 'Engagement', 'Creative']).nullish(),
    notes: optionalText(TEXT.longText),
    takePct: z.number().min(0).max(100).nullish(),
    metric: z.enum(METRICS).nullish(),
    category: optionalText(TEXT.name),
    continents: z.array(z.enum(CONTINENTS)).nullish(),
    countries: textList(300, 2).nullish(),
    creativeDirection: optionalText(TEXT.longText),
    event: optionalText(TEXT.name),
    spotify: optionalText(TEXT.link),
    tiktok: optionalText(TEXT.link),
    instagram: optionalText(TEXT.link),
    tiktokSound: optionalText(TEXT.link),
    instagramSound: optionalText(TEXT.link),
    posts: connection,
  })
  .strict()
  .refine((c) => c.endDate >= c.startDate, { message: 'ends before it starts', path: ['endDate'] });

const post = z
  .object({
    ...amplifyFields,
    competitionID: requiredText(100).optional(),
    competitionPostsId: requiredText(100).optional(),
    competition: connection,
    link: requiredText(TEXT.link),
    email: requiredText(TEXT.email),
    creator: requiredText(TEXT.name),
    platform: z
      .string()
      .transform((p) => p.toLowerCase())
      .pipe(z.enum(POST_PLATFORMS)),
    likes: count.nullish(),
    bonusLikes: count.int().nullish(),
    postId: optionalText(TEXT.name),
    creativityScore: count.nullish(),
    source: z.enum(['genni', 'Genni', '']).nullish(),
    views: count.nullish(),
    shares: count.nullish(),
    comments: count.nullish(),
    postedDate: awsTime.nullish(),
    country: optionalText(TEXT.name),
    referrals: connection,
  })
  .strict();

const referral = z
  .object({
    ...amplifyFields,
    referringLink: requiredText(TEXT.link),
    postId: requiredText(100).optional(),
    postID: requiredText(100).optional(),
    postReferralsId: requiredText(100).optional(),
    post: connection,
  })
  .strict();

const winner = z
  .object({
    ...amplifyFields,
    email: requiredText(TEXT.email),
    paypal: optionalText(TEXT.email),
    isBanned: flag,
    isUnsubscribed: flag,
    isVetted: flag,
    balance: z.number().int().min(-1_000_000_000).max(1_000_000_000).nullish(),
  })
  .strict();

const payment = z
  .object({
    ...amplifyFields,
    CompetitionID: requiredText(100),
    ContactEmail: optionalText(TEXT.email),
    ContactID: optionalText(TEXT.name),
    VendorID: optionalText(TEXT.name),
    Source: z.enum(['Genni', 'Preffy']).nullish(),
    PaymentEmail: requiredText(TEXT.email),
    Amount: money,
    Status: z.enum(['To Be Paid', 'Paid']),
  })
  .strict();

const promotion = z
  .object({
    ...amplifyFields,
    CompetitionID: requiredText(100),
    Name: optionalText(TEXT.name),
    startDate: epochMs.nullish(),
    endDate: epochMs.nullish(),
    isActive: flag,
    Amount: money.nullish(),
    creatorEmails: textList(PROMOTION_MAX_CREATORS, TEXT.email).nullish(),
    RemainingBalance: money.nullish(),
  })
  .strict();

type Meta = z.infer<z.ZodObject<typeof amplifyFields>>;
const recordOf = (
  table: ImportedTable,
  meta: Meta,
  row: Record<string, unknown>,
  extra: Partial<MappedRecord> = {},
): MappedRecord => ({
  table,
  legacyId: meta.id,
  id: meta.id,
  legacyVersion: meta._version ?? 0,
  legacyChangedAt: Math.round(meta._lastChangedAt ?? 0),
  // Amplify sets createdAt; a record without one was at least there when it last changed.
  createdAt: meta.createdAt ?? (meta._lastChangedAt ? Math.round(meta._lastChangedAt) : null),
  row,
  ...extra,
});

const json = (value: unknown) => JSON.stringify(value);
const MAPPINGS = {
  Competition: {
    table: 'competitions',
    schema: competition,
    map: (c: z.infer<typeof competition>) =>
      recordOf(
        'competitions',
        c,
        {
          name: c.name,
          organizer: c.organizer ?? '',
          organizerEmail: c.organizerEmail ?? '',
          image: c.image,
          audio: c.audio,
          startDate: c.startDate,
          endDate: c.endDate,
          lastUpdated: Math.round(c.lastUpdated ?? c._lastChangedAt ?? c.startDate),
          isActive: c.isActive,
          isClosed: c.isClosed,
          hasEnded: c.hasEnded,
          isConfirmed: c.isConfirmed,
          isDirect: c.isDirect,
          is555: c.is555,
          prize: c.prize,
          prizes: json(c.prizes ?? []),
          campaignId: c.campaignID,
          platforms: json(c.platforms ?? []),
          invoiceAmount: c.invoiceAmount ?? 0,
          competitionType: c.competitionType ?? 'Hybrid',
          notes: c.notes,
          takePct: c.takePct ?? 1,
          metric: c.metric ?? 'likes',
          category: c.category,
          continents: json(c.continents ?? []),
          countries: c.countries ? json(c.countries) : null,
          creativeDirection: c.creativeDirection,
          event: c.event,
          spotify: c.spotify,
          tiktok: c.tiktok,
          instagram: c.instagram,
          tiktokSound: c.tiktokSound,
          instagramSound: c.instagramSound,
        },
        c.image ? { imageKey: c.image } : {},
      ),
  },
  Post: {
    table: 'posts',
    schema: post,
    map: (p: z.infer<typeof post>, item: Record<string, unknown>) => {
      const competitionId = String(oneOf(item, 'competitionID', 'competitionPostsId') ?? '');
      return recordOf(
        'posts',
        p,
        {
          competitionId,
          link: p.link,
          email: p.email,
          creator: p.creator,
          platform: p.platform,
          likes: p.likes ?? 0,
          bonusLikes: p.bonusLikes ?? null,
          postId: p.postId,
          creativityScore: p.creativityScore ?? 0,
          source: p.source ? 'genni' : '',
          views: p.views ?? 0,
          viewsKind: p.views == null ? 'unknown' : 'reported',
          shares: p.shares ?? 0,
          comments: p.comments ?? 0,
          postedDate: p.postedDate ?? null,
          country: p.country,
        },
        { parent: { table: 'Competition', id: competitionId } },
      );
    },
  },
  Referral: {
    table: 'referrals',
    schema: referral,
    map: (r: z.infer<typeof referral>, item: Record<string, unknown>) => {
      const postId = String(oneOf(item, 'postId', 'postID', 'postReferralsId') ?? '');
      return recordOf(
        'referrals',
        r,
        { postId, referringLink: r.referringLink, referringPostId: null },
        { parent: { table: 'Post', id: postId } },
      );
    },
  },
  Winners: {
    table: 'winners',
    schema: winner,
    map: (w: z.infer<typeof winner>) =>
      recordOf('winners', w, {
        email: w.email,
        paypal: w.paypal,
        isBanned: w.isBanned,
        isUnsubscribed: w.isUnsubscribed,
        isVetted: w.isVetted,
        balance: w.balance ?? 0,
      }),
  },
  Payment: {
    table: 'payments',
    schema: payment,
    map: (p: z.infer<typeof payment>) =>
      recordOf(
        'payments',
        p,
        {
          competitionId: p.CompetitionID,
          contactEmail: p.ContactEmail ?? p.PaymentEmail,
          contactId: p.ContactID,
          vendorId: p.VendorID,
          source: p.Source ?? 'Preffy',
          paymentEmail: p.PaymentEmail,
          amount: p.Amount,
          status: p.Status,
        },
        {
          parent: { table: 'Competition', id: p.CompetitionID },
          money: { kind: 'payment', status: p.Status, amount: p.Amount },
        },
      ),
  },
  Promotion: {
    table: 'promotions',
    schema: promotion,
    map: (p: z.infer<typeof promotion>) =>
      recordOf(
        'promotions',
        p,
        {
          competitionId: p.CompetitionID,
          name: p.Name ?? '',
          startDate: p.startDate ?? null,
          endDate: p.endDate ?? null,
          isActive: p.isActive,
          amount: p.Amount ?? 0,
          creatorEmails: json(p.creatorEmails ?? []),
          remainingBalance: p.RemainingBalance ?? 0,
        },
        {
          parent: { table: 'Competition', id: p.CompetitionID },
          money: { kind: 'promotion', amount: p.Amount ?? 0, remaining: p.RemainingBalance ?? 0 },
        },
      ),
  },
} as const;

export type AmplifyTable = keyof typeof MAPPINGS;
export const isAmplifyTable = (table: LegacyTable): table is AmplifyTable => table in MAPPINGS;

/** One Amplify item as its app row, a tombstone, or the reason it cannot be imported. */
export function mapAmplifyItem(table: AmplifyTable, item: Record<string, unknown>): MapResult {
  const mapping = MAPPINGS[table];
  if (item._deleted === true && typeof item.id === 'string')
    return { kind: 'tombstone', legacyId: item.id, table: mapping.table };
  const parsed = mapping.schema.safeParse(item);
  if (!parsed.success)
    return { kind: 'invalid', legacyId: legacyIdOf(item), reason: problemsOf(parsed.error) };
  if (table === 'Post' && !oneOf(item, 'competitionID', 'competitionPostsId'))
    return { kind: 'invalid', legacyId: legacyIdOf(item), reason: 'competitionID: is missing' };
  if (table === 'Referral' && !oneOf(item, 'postId', 'postID', 'postReferralsId'))
    return { kind: 'invalid', legacyId: legacyIdOf(item), reason: 'postId: is missing' };
  return {
    kind: 'record',
    record: (mapping.map as (v: unknown, i: typeof item) => MappedRecord)(parsed.data, item),
  };
}
