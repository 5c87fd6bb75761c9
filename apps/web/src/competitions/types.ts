import type { CompetitionState, ReservationDetails } from '@preffy/domain';

/** A competition as the API returns it (apps/server/src/modules/competitions/competition.dto.ts). */
export interface Competition {
  id: string;
  version: number;
  createdAt: number;
  updatedAt: number;
  campaignId: number;
  name: string;
  organizer: string;
  email: string;
  image: string | null;
  audio: string | null;
  startDate: number;
  endDate: number;
  lastUpdated: number;
  isActive: boolean;
  isClosed: boolean;
  hasEnded: boolean;
  isConfirmed: boolean;
  isDirect: boolean;
  is555: boolean;
  state: CompetitionState;
  prizes: string[];
  prizeTotal: number;
  platforms: string[];
  invoiceAmount: number;
  competitionType: string;
  notes: string | null;
  takePct: number;
  metric: string;
  category: string | null;
  continents: string[];
  countries: string[] | null;
  creativeDirection: string | null;
  event: string | null;
  spotify: string | null;
  tiktok: string | null;
  instagram: string | null;
  tiktokSound: string | null;
  instagramSound: string | null;
  reservation: ReservationDetails | null;
}

export type CompetitionListItem = Pick<
  Competition,
  | 'id'
  | 'version'
  | 'campaignId'
  | 'name'
  | 'email'
  | 'organizer'
  | 'startDate'
  | 'endDate'
  | 'lastUpdated'
  | 'state'
  | 'isConfirmed'
  | 'isClosed'
>;

export interface CompetitionDefaults {
  timeZone: string;
  startDate: number;
  endDate: number;
  invoiceAmount: number;
  prizes: string[];
  email: string;
}
