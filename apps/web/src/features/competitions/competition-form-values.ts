import type { Competition, CompetitionDefaults } from '@preffy/api';
import { dayOf } from '../../lib/format.ts';
import { competitionTime } from './dates.ts';

/**
 * What the competition form edits: the record's fields as inputs hold them (days instead of
 * times, '' instead of null). Start A Competition uses the first block only.
 */
export type CompetitionFormValues = {
  email: string;
  name: string;
  organizer: string;
  audio: string;
  startDay: string | null;
  endDay: string | null;
  invoiceAmount: number | string;
  prizes: string[];
  image: string | null;
  isClosed: boolean;
  // Update A Competition only:
  platforms: string[];
  competitionType: string;
  continents: string[];
  countries: string[];
  isDirect: boolean;
  is555: boolean;
  creativeDirection: string;
  notes: string;
  category: string;
  takePct: number | string;
  event: string;
  metric: string;
  standings: string;
  spotify: string;
  tiktok: string;
  instagram: string;
  tiktokSound: string;
  instagramSound: string;
};

/** A stored competition as the form shows it. */
export function valuesOf(c: Competition, timeZone: string): CompetitionFormValues {
  return {
    email: c.email,
    name: c.name,
    organizer: c.organizer,
    audio: c.audio ?? '',
    startDay: dayOf(c.startDate, timeZone),
    endDay: dayOf(c.endDate, timeZone),
    platforms: c.platforms,
    image: c.image,
    invoiceAmount: c.invoiceAmount,
    prizes: c.prizes,
    competitionType: c.competitionType,
    continents: c.continents,
    countries: c.countries ?? [],
    isDirect: c.isDirect,
    is555: c.is555,
    isClosed: c.isClosed,
    creativeDirection: c.creativeDirection ?? '',
    notes: c.notes ?? '',
    category: c.category ?? '',
    takePct: percentOf(c.takePct),
    event: c.event ?? '',
    metric: c.metric,
    standings: c.standings,
    spotify: c.spotify ?? '',
    tiktok: c.tiktok ?? '',
    instagram: c.instagram ?? '',
    tiktokSound: c.tiktokSound ?? '',
    instagramSound: c.instagramSound ?? '',
  };
}

/**
 * A new competition: the server's defaults, their days counted in the business time zone (the
 * session's); the Update-only fields are not sent on Start.
 */
export function startValues(defaults: CompetitionDefaults, tz: string): CompetitionFormValues {
  return {
    email: defaults.email,
    name: '',
    organizer: '',
    audio: '',
    startDay: dayOf(defaults.startDate, tz),
    endDay: dayOf(defaults.endDate, tz),
    invoiceAmount: defaults.invoiceAmount,
    prizes: defaults.prizes,
    image: null,
    isClosed: false,
    platforms: [],
    competitionType: '',
    continents: [],
    countries: [],
    isDirect: false,
    is555: false,
    creativeDirection: '',
    notes: '',
    category: '',
    takePct: '',
    event: '',
    metric: '',
    standings: '',
    spotify: '',
    tiktok: '',
    instagram: '',
    tiktokSound: '',
    instagramSound: '',
  };
}

const numberOrUndefined = (v: number | string) => (typeof v === 'number' ? v : undefined);

/**
 * Take Percentage is entered as a percentage (80 for 80%) and stored as the multiplier the
 * payout rules use (0.8). Rounded to the input's 0.1% steps so 0.07 shows as 7, not 7.000000000000001.
 */
export const percentOf = (multiplier: number) => Math.round(multiplier * 1000) / 10;
/** The stored multiplier; an out-of-range percentage stays out of range, for the form to refuse. */
export const multiplierOf = (percent: number | string) =>
  typeof percent === 'number' ? Math.round(percent * 10) / 1000 : undefined;

/** The Start A Competition body (its schema's fields only). */
export const toStartInput = (v: CompetitionFormValues, timeZone: string) => ({
  email: v.email,
  name: v.name,
  organizer: v.organizer,
  audio: v.audio,
  startDate: competitionTime(v.startDay, timeZone),
  endDate: competitionTime(v.endDay, timeZone),
  invoiceAmount: numberOrUndefined(v.invoiceAmount),
  prizes: v.prizes,
  image: v.image,
  isClosed: v.isClosed,
});

/** The Update A Competition body: every field, the days as competition times. */
export const toUpdateInput = (v: CompetitionFormValues, timeZone: string) => ({
  ...v,
  startDay: undefined,
  endDay: undefined,
  startDate: competitionTime(v.startDay, timeZone),
  endDate: competitionTime(v.endDay, timeZone),
  invoiceAmount: numberOrUndefined(v.invoiceAmount),
  takePct: multiplierOf(v.takePct),
  countries: v.countries.length ? v.countries : null,
});
