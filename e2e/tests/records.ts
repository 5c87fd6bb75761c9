import { type Competition, type RequestOf, competitions, posts } from '@preffy/api';
import type { ApiClient } from './api-client.ts';

/** The records tests make through the API before they open a screen. */

type StartBody = RequestOf<typeof competitions.start>['body'];

const DAY_MS = 24 * 3600_000;
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/**
 * Starts a competition the way the Start form does, with a unique song title, dates from the
 * form's defaults (or started a day ago: entries count from its start of day) and what `fields`
 * sets; then, when asked, staff confirm the hold and move it to Active. Answers it as stored.
 */
export async function createCompetition(
  api: ApiClient,
  {
    startedYesterday = false,
    confirmed = false,
    active = false,
    ...fields
  }: Partial<StartBody> & { startedYesterday?: boolean; confirmed?: boolean; active?: boolean } = {},
): Promise<Competition> {
  const defaults = await api.call(competitions.defaults);
  let { competition } = await api.call(competitions.start, {
    body: {
      email: 'artist@label.test',
      name: `Song ${unique()}`,
      organizer: 'E2E Artist',
      audio: 'https://soundcloud.com/e2e/song',
      startDate: startedYesterday ? defaults.startDate - DAY_MS : defaults.startDate,
      endDate: defaults.endDate,
      invoiceAmount: 1000,
      prizes: ['1st Place: $200'],
      isClosed: false,
      ...fields,
    },
  });
  if (confirmed)
    ({ competition } = await api.call(competitions.confirm, {
      params: { id: competition.id },
      body: { version: competition.version },
    }));
  if (active)
    ({ competition } = await api.call(competitions.setState, {
      params: { id: competition.id },
      body: { version: competition.version, state: 'active' },
    }));
  return competition;
}

/**
 * What Update A Competition takes for the stored record with `changes`: every field the form
 * sends, the version read, and nothing the server keeps itself (the update schema leaves it out).
 */
export const updateBodyOf = (competition: Competition, changes: Partial<Competition> = {}) =>
  competitions.update.body.parse({ ...competition, ...changes });

/** Saves the stored competition with `changes`, as the edit form does (the version it read). */
export async function updateCompetition(api: ApiClient, id: string, changes: Partial<Competition>) {
  const { competition } = await api.call(competitions.get, { params: { id } });
  return api.call(competitions.update, { params: { id }, body: updateBodyOf(competition, changes) });
}

let videoSeq = 0;
/**
 * A TikTok video link of the creator with an id no other post has: the test process and a
 * counter keep the two files that run side by side apart.
 */
export const tiktokLink = (creator: string) =>
  `https://www.tiktok.com/@${creator}/video/73${String(Date.now()).slice(-10)}${String(process.pid % 1000).padStart(3, '0')}${String(++videoSeq % 1000).padStart(3, '0')}`;

/** Staff add a post by hand: the creator's TikTok video, their email at creators.test by default. */
export async function addPost(
  api: ApiClient,
  competitionId: string,
  post: { creator: string; email?: string; link?: string; likes?: number; views?: number },
) {
  const { creator, email = `${creator}@creators.test`, link = tiktokLink(creator), ...numbers } = post;
  return (
    await api.call(posts.add, { params: { id: competitionId }, body: { email, creator, link, ...numbers } })
  ).post;
}
