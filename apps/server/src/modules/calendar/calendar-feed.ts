import ICAL from 'ical.js';
import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { foldContentLines } from './content-lines.ts';
import {
  hashToken,
  newSecretToken,
  calendarFeedHashOf,
  findFeedOwner,
  setCalendarFeedHash,
} from '../auth/index.ts';
import { visibleCompetitions } from '../competitions/index.ts';

/** A feed holds what ended in the last 90 days and everything after, at most this many. */
const FEED_PAST_DAYS = 90;
export const FEED_MAX_EVENTS = 2000;

/**
 * iCalendar dates run from year 0000 to 9999. A row stored before the input bounds (or by hand)
 * may hold anything; it is left out rather than written as NaN, which calendar apps reject.
 */
const ICAL_FIRST_MS = Date.parse('0001-01-01T00:00:00Z');
const ICAL_END_MS = Date.parse('+010000-01-01T00:00:00Z');
const isCalendarInstant = (ms: number) => Number.isFinite(ms) && ms >= ICAL_FIRST_MS && ms < ICAL_END_MS;
export const isFeedable = (row: { startDate: number; endDate: number; lastUpdated: number }) =>
  isCalendarInstant(row.startDate) &&
  isCalendarInstant(row.endDate) &&
  isCalendarInstant(row.lastUpdated) &&
  row.endDate > row.startDate;

export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/feed/${token}.ics`;

/**
 * A private feed address: a random token, of which only the hash is stored, separate from the
 * session so it can sit in Google Calendar or Outlook. A new one replaces the old one.
 */
export async function rotateFeedToken(db: Database, userId: string) {
  const token = newSecretToken();
  await setCalendarFeedHash(db, userId, hashToken(token));
  return token;
}

export const revokeFeedToken = (db: Database, userId: string) => setCalendarFeedHash(db, userId, null);

export const hasFeed = async (db: Database, userId: string) => !!(await calendarFeedHashOf(db, userId));

/** The feed's owner, if the token is current and the user still active. */
export const feedOwner = (db: Database, token: string) => findFeedOwner(db, hashToken(token));

/** The competitions the owner may see, as iCalendar events; holds are TENTATIVE. */
export async function renderFeed(
  db: Database,
  viewer: { role: string; email: string },
  options: { publicUrl: string },
): Promise<string> {
  const rows = await visibleCompetitions(db, viewer)
    .select(['id', 'name', 'organizer', 'startDate', 'endDate', 'isConfirmed', 'version', 'lastUpdated'])
    .where('endDate', '>=', now() - FEED_PAST_DAYS * 24 * 3600_000)
    .orderBy('startDate')
    .limit(FEED_MAX_EVENTS)
    .execute();
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', '-//Preffy//Preffy Admin//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('x-wr-calname', 'Preffy competitions');
  const at = (ms: number) => ICAL.Time.fromJSDate(new Date(ms), true);
  for (const row of rows) {
    const dates = {
      startDate: Number(row.startDate),
      endDate: Number(row.endDate),
      lastUpdated: Number(row.lastUpdated),
    };
    if (!isFeedable(dates)) continue;
    const vevent = new ICAL.Component('vevent');
    const event = new ICAL.Event(vevent);
    event.uid = `${row.id}@preffy`;
    event.summary = row.name ? `${row.organizer} — ${row.name}` : row.organizer;
    event.startDate = at(dates.startDate);
    event.endDate = at(dates.endDate);
    vevent.addPropertyWithValue('dtstamp', at(dates.lastUpdated));
    vevent.addPropertyWithValue('sequence', row.version);
    vevent.addPropertyWithValue('status', row.isConfirmed ? 'CONFIRMED' : 'TENTATIVE');
    vevent.addPropertyWithValue('url', `${options.publicUrl}/edit?id=${row.id}`);
    calendar.addSubcomponent(vevent);
  }
  return foldContentLines(calendar.toString());
}
