import type { StoredPostFlag } from '@preffy/api';
import {
  INTEGRITY_MESSAGES,
  type NearCover,
  flagsRemovePost,
  integritySignals,
  integrityThresholdsOf,
  isInformativeHash,
  possibleRepostSignal,
  postFlags,
  riskScore,
} from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { recordAudit } from '../audit/index.ts';
import {
  emailsOfHandles,
  handleKey,
  listSnapshots,
  nearestEarlierCover,
  snapshotsOf,
} from './posts.repository.ts';
import { integrityThresholds } from '../settings/index.ts';
import { bannedAmong, isBannedEmail } from '../winners/index.ts';
import { flagInputs, flagInputsOf, storeFlags } from './review.repository.ts';
import { storedFlags } from './review-post.ts';

/**
 * A competition's stored countries or continents: null (no limit) when empty, and when the
 * column holds something unreadable (legacy rows), so one bad row never breaks its entries and
 * refreshes; only the strings of a readable list count.
 */
export function storedList(json: string | null): string[] | null {
  if (!json) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : null;
  } catch {
    return null;
  }
}

/**
 * The automatic flags (doc 2 section 5, decision 0023), run when a post is entered and each
 * time a refresh stores its numbers: the six rules of the domain's postFlags, plus the
 * integrity signals over its snapshots (decision 0131). The flags are stored on the post with the
 * numbers that raised them; a flag that removes (all but the notes, see flagsRemovePost)
 * soft-deletes a live post with deletedReason 'flagged', unless staff restored it before
 * (flagsCleared). Call it inside the transaction that stored the post's numbers; a refresh
 * passes the provider's likes (the stored likes may be staff's, kept over a provider's 0).
 */
export async function checkPostFlags(
  db: Database,
  postId: string,
  timeZone: string,
  options: { providerLikes?: number; coverIsNew?: boolean } = {},
) {
  const inputs = await flagInputs(db, postId);
  if (!inputs) return { flags: [] as StoredPostFlag[], removed: false };
  const banned = await isBannedEmail(db, inputs.post.email);
  const bannedHandleEmail = (await bannedHandleOwners(db, [inputs.post])).get(inputs.post.id) ?? null;
  const { coverIsNew, ...rest } = options;
  return applyFlags(db, inputs, {
    banned,
    bannedHandleEmail,
    snapshots: await listSnapshots(db, postId),
    thresholds: await integrityThresholds(db),
    // A cover is hashed once, and what came before it does not change: its repost check runs
    // when its hash is new, and later checks carry the note it raised (a hot post is checked
    // every 15 minutes; the check reads the bands' indexes).
    repost: coverIsNew ? await repostOf(db, inputs.post) : 'as-stored',
    timeZone,
    ...rest,
  });
}

/**
 * The same check on several posts at once (a batch of imported posts, decision 0128): its inputs
 * read in a few queries, and a post's flags written only when they change or remove it.
 */
export async function checkPostFlagsOf(db: Database, postIds: readonly string[], timeZone: string) {
  const inputs = await flagInputsOf(db, postIds);
  const banned = await bannedAmong(
    db,
    [...inputs.values()].map((i) => i.post.email),
  );
  const handleOwners = await bannedHandleOwners(
    db,
    [...inputs.values()].map((i) => i.post),
  );
  const snapshots = await snapshotsOf(db, postIds);
  const thresholds = await integrityThresholds(db);
  let removed = 0;
  for (const input of inputs.values()) {
    const checked = await applyFlags(db, input, {
      banned: banned.has(input.post.email.trim().toLowerCase()),
      bannedHandleEmail: handleOwners.get(input.post.id) ?? null,
      snapshots: snapshots.get(input.post.id) ?? [],
      thresholds,
      repost: await repostOf(db, input.post),
      timeZone,
      onlyChanges: true,
    });
    if (checked.removed) removed++;
  }
  return { removed };
}

/** The earlier entry a post's cover is near, when its cover is known and tells anything. */
async function repostOf(
  db: Database,
  post: {
    id: string;
    coverHash: string | null;
    createdAt: number;
    email: string;
    platform: string;
    creator: string;
  },
) {
  if (!post.coverHash || !isInformativeHash(post.coverHash)) return null;
  return nearestEarlierCover(db, {
    ...post,
    coverHash: post.coverHash,
    createdAt: Number(post.createdAt),
  });
}

/**
 * For each post, a banned address (the first in order) that entered before with the post's
 * handle on its platform, whatever the post's own address: post id → that address.
 */
async function bannedHandleOwners(
  db: Database,
  posts: readonly { id: string; platform: string; creator: string; email: string }[],
) {
  const owners = new Map<string, string>();
  const emails = await emailsOfHandles(db, posts);
  const banned = await bannedAmong(
    db,
    [...emails.values()].flatMap((set) => [...set]),
  );
  for (const post of posts) {
    const own = post.email.trim().toLowerCase();
    const owner = [...(emails.get(handleKey(post.platform, post.creator)) ?? [])]
      .filter((email) => email !== own && banned.has(email))
      .sort()[0];
    if (owner) owners.set(post.id, owner);
  }
  return owners;
}

type FlagCheck = {
  banned: boolean;
  bannedHandleEmail: string | null;
  snapshots: Awaited<ReturnType<typeof listSnapshots>>;
  /** The administrators' thresholds per platform (the settings' integrity record). */
  thresholds: Awaited<ReturnType<typeof integrityThresholds>>;
  /** The earlier entry by another creator whose cover is near this post's (reposts), or keep the stored note. */
  repost: NearCover | null | 'as-stored';
  timeZone: string;
  providerLikes?: number;
  /** Leave the stored flags alone when they are the same (and nothing is removed). */
  onlyChanges?: boolean;
};

async function applyFlags(
  db: Database,
  { post, scoredEntries }: NonNullable<Awaited<ReturnType<typeof flagInputs>>>,
  check: FlagCheck,
) {
  const ruleFlags = postFlags(
    {
      postedDate: post.postedDate === null ? null : Number(post.postedDate),
      country: post.country,
      // The platform's likes: a referral bonus is ours, not a sign of cheating (decision 0022).
      likes: check.providerLikes ?? Math.max(0, post.likes - (post.bonusLikes ?? 0)),
      views: post.views,
      viewsKind: post.viewsKind,
      platform: post.platform,
      email: post.email,
      postId: post.postId,
      creator: post.creator,
    },
    {
      startDate: Number(post.startDate),
      countries: storedList(post.countries),
      continents: storedList(post.continents),
    },
    {
      bannedEmails: check.banned ? [post.email] : [],
      bannedHandleEmail: check.bannedHandleEmail,
      scoredEntries,
      timeZone: check.timeZone,
    },
  );
  // The integrity signals over the readings (issue 42, decision 0131), on the platform's likes:
  // a referral bonus is ours. Only the high view spike removes; the others are notes.
  const bonus = post.bonusLikes ?? 0;
  const readings = check.snapshots.map((r) => ({ ...r, likes: Math.max(0, r.likes - bonus) }));
  const signals = integritySignals(
    readings,
    {
      views: post.views,
      likes: check.providerLikes ?? Math.max(0, post.likes - bonus),
      viewsKind: post.viewsKind,
      rounded: readings.at(-1)?.rounded ?? false,
      followers: post.followers === null ? null : Number(post.followers),
      postedAt: post.postedDate === null ? null : Number(post.postedDate),
    },
    integrityThresholdsOf(post.platform, check.thresholds),
  );
  const repost = check.repost === 'as-stored' ? null : possibleRepostSignal(check.repost);
  if (repost) signals.push(repost);
  const flags: StoredPostFlag[] = [
    ...ruleFlags,
    ...signals.map((s) => ({ code: s.code, message: INTEGRITY_MESSAGES[s.code], values: s.values })),
    ...(check.repost === 'as-stored'
      ? storedFlags(post.flags).filter((f) => f.code === 'possibleRepost')
      : []),
  ];
  const remove = post.deleted === 0 && post.flagsCleared === 0 && flagsRemovePost(flags, post.platform);
  const json = JSON.stringify(flags);
  if (check.onlyChanges && !remove && json === post.flags) return { flags, removed: false };
  const removed = await storeFlags(db, post.id, { json, riskScore: riskScore(flags).score }, remove);
  if (removed)
    await recordAudit(db, {
      actorId: null,
      entity: 'post',
      entityId: post.id,
      action: 'flagged',
      changes: { flags: flags.map((f) => ({ code: f.code, values: f.values })) },
    });
  return { flags, removed };
}
