import { COMPETITION_STATES, type ReservationDetails, competitionState, prizeTotal } from '@preffy/domain';
import { z } from 'zod';
import type { CompetitionsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

export type CompetitionRow = Selectable<CompetitionsTable>;

/** A competition as the API returns it: booleans, parsed lists, and its derived state and total. */
export const competitionSchema = z.object({
  id: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
  campaignId: z.number(),
  name: z.string(),
  organizer: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  audio: z.string().nullable(),
  startDate: z.number(),
  endDate: z.number(),
  lastUpdated: z.number(),
  isActive: z.boolean(),
  isClosed: z.boolean(),
  hasEnded: z.boolean(),
  isConfirmed: z.boolean(),
  isDirect: z.boolean(),
  is555: z.boolean(),
  state: z.enum(COMPETITION_STATES),
  prizes: z.array(z.string()),
  prizeTotal: z.number(),
  platforms: z.array(z.string()),
  invoiceAmount: z.number(),
  competitionType: z.string(),
  notes: z.string().nullable(),
  takePct: z.number(),
  metric: z.string(),
  category: z.string().nullable(),
  continents: z.array(z.string()),
  countries: z.array(z.string()).nullable(),
  creativeDirection: z.string().nullable(),
  event: z.string().nullable(),
  spotify: z.string().nullable(),
  tiktok: z.string().nullable(),
  instagram: z.string().nullable(),
  tiktokSound: z.string().nullable(),
  instagramSound: z.string().nullable(),
  /** What the Reserve A Date form said, for a competition that began as a calendar hold. */
  reservation: z
    .object<Record<keyof ReservationDetails, z.ZodType>>({
      isGlobal: z.boolean(),
      territories: z.string().nullable(),
      creativeDirection: z.boolean(),
      creativeDirectionRequired: z.boolean(),
      languageRequirement: z.boolean(),
      language: z.string().nullable(),
      notes: z.string().nullable(),
      songName: z.string().nullable(),
    })
    .nullable(),
});
export type Competition = z.infer<typeof competitionSchema>;

const list = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);

export function toCompetition(row: CompetitionRow): Competition {
  const prizes = list(row.prizes);
  const flags = { hasEnded: row.hasEnded === 1, isActive: row.isActive === 1 };
  return {
    id: row.id,
    version: row.version,
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
    campaignId: row.campaignId,
    name: row.name,
    organizer: row.organizer,
    email: row.organizerEmail,
    image: row.image,
    audio: row.audio,
    startDate: Number(row.startDate),
    endDate: Number(row.endDate),
    lastUpdated: Number(row.lastUpdated),
    ...flags,
    isClosed: row.isClosed === 1,
    isConfirmed: row.isConfirmed === 1,
    isDirect: row.isDirect === 1,
    is555: row.is555 === 1,
    state: competitionState(flags),
    prizes,
    prizeTotal: prizeTotal(prizes).total,
    platforms: list(row.platforms),
    invoiceAmount: row.invoiceAmount,
    competitionType: row.competitionType,
    notes: row.notes,
    takePct: row.takePct,
    metric: row.metric,
    category: row.category,
    continents: list(row.continents),
    countries: row.countries === null ? null : list(row.countries),
    creativeDirection: row.creativeDirection,
    event: row.event,
    spotify: row.spotify,
    tiktok: row.tiktok,
    instagram: row.instagram,
    tiktokSound: row.tiktokSound,
    instagramSound: row.instagramSound,
    reservation: row.reservation ? (JSON.parse(row.reservation) as ReservationDetails) : null,
  };
}

/** One row of the competitions admin list: what the table shows, nothing more. */
export const competitionListItemSchema = competitionSchema.pick({
  id: true,
  version: true,
  campaignId: true,
  name: true,
  email: true,
  organizer: true,
  startDate: true,
  endDate: true,
  lastUpdated: true,
  state: true,
  isConfirmed: true,
  isClosed: true,
});
