import type { Competition, CompetitionListItem } from '@preffy/api';
import { type ReservationDetails, competitionState, prizeTotal } from '@preffy/domain';
import type { Selectable } from 'kysely';
import type { CompetitionsTable } from '../../db/schema.ts';

export type CompetitionRow = Selectable<CompetitionsTable>;

const list = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);

/**
 * The columns the admin list shows (competitionListItemSchema): a page of 50 reads and shapes
 * only these, not 50 whole records with their JSON lists (issue 18's benchmark).
 */
export const LIST_ITEM_COLUMNS = [
  'id',
  'version',
  'campaignId',
  'name',
  'organizer',
  'organizerEmail',
  'startDate',
  'endDate',
  'lastUpdated',
  'hasEnded',
  'isActive',
  'isConfirmed',
  'isClosed',
] as const;

export function toCompetitionListItem(
  row: Pick<CompetitionRow, (typeof LIST_ITEM_COLUMNS)[number]>,
): CompetitionListItem {
  return {
    id: row.id,
    version: row.version,
    campaignId: row.campaignId,
    name: row.name,
    email: row.organizerEmail,
    organizer: row.organizer,
    startDate: Number(row.startDate),
    endDate: Number(row.endDate),
    lastUpdated: Number(row.lastUpdated),
    state: competitionState({ hasEnded: row.hasEnded === 1, isActive: row.isActive === 1 }),
    isConfirmed: row.isConfirmed === 1,
    isClosed: row.isClosed === 1,
  };
}

/** A stored row in the contract's shape (@preffy/api's competitionSchema): the list item and the rest. */
export function toCompetition(row: CompetitionRow): Competition {
  const prizes = list(row.prizes);
  return {
    ...toCompetitionListItem(row),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
    image: row.image,
    audio: row.audio,
    hasEnded: row.hasEnded === 1,
    isActive: row.isActive === 1,
    isDirect: row.isDirect === 1,
    is555: row.is555 === 1,
    prizes,
    prizeTotal: prizeTotal(prizes).total,
    platforms: list(row.platforms),
    invoiceAmount: row.invoiceAmount,
    competitionType: row.competitionType,
    notes: row.notes,
    takePct: row.takePct,
    metric: row.metric,
    standings: row.standings,
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
    deleted: row.deleted === 1,
    reservation: row.reservation ? (JSON.parse(row.reservation) as ReservationDetails) : null,
  };
}
