import type {
  EntryChannel,
  LeaderboardRow,
  RefreshFailure,
  RefreshTier,
  StandingsVisibility,
  ViewsKind,
} from '@preffy/domain';
import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types, in camelCase (CamelCasePlugin maps them to snake_case columns).
 * Booleans are stored as 0/1 integers and times as epoch milliseconds in both SQLite and
 * PostgreSQL, so one code path serves both (see docs/decisions/0002-one-schema-two-databases.md).
 */
export type Flag = 0 | 1;

/** Columns every business record carries (the spec's _version/_deleted). */
export type RecordColumns = {
  id: string;
  version: number;
  deleted: Flag;
  createdAt: number;
  updatedAt: number;
};

export type Role = 'admin' | 'staff' | 'organizer';

export type UsersTable = RecordColumns & {
  email: string;
  name: string;
  role: Role;
  disabled: Flag;
  passwordHash: string | null;
  language: string | null;
  /** sha256 of the private calendar feed token (null: no feed). */
  calendarFeedHash: string | null;
  /** An image uploaded through /api/images (shown on notes); null: initials. */
  avatarUrl: string | null;
  /** IANA time zone timestamps are shown in; null: the browser's. */
  timeZone: string | null;
  /** JSON of the contract's layoutSettingsSchema; null: the defaults. */
  layout: string | null;
};

export type SessionsTable = {
  /** sha256 of the cookie token: a leaked table does not leak usable sessions. */
  id: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  /** Set by the lock screen: the session opens nothing but the unlock until then. */
  lockedAt: number | null;
};

/** A user's authenticator (TOTP); see migration 0015. */
export type TwoStepFactorsTable = {
  userId: string;
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: number | null;
  lastStep: number | null;
  recoveryCodes: string;
  updatedAt: number;
};

/** The app's settings, one versioned record per area (id 'security'), the value as JSON. */
export type AppSettingsTable = RecordColumns & {
  value: string;
  updatedBy: string | null;
};

/** 'two-step': the ticket between a right password (or link) and the authenticator's code. */
export type AuthTokenKind = 'sign-in' | 'reset' | 'invite' | 'two-step';

export type AuthTokensTable = {
  id: string;
  userId: string;
  kind: AuthTokenKind;
  createdBy: string | null;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
};

export type AuditLogTable = {
  id: string;
  at: number;
  actorId: string | null;
  entity: string;
  entityId: string;
  action: string;
  changes: string | null;
};

export type EmailMessagesTable = {
  id: string;
  createdAt: number;
  createdBy: string | null;
  kind: string;
  isMarketing: Flag;
  language: string;
  subject: string;
  /** May hold {{unsubscribeUrl}}, filled in per recipient at delivery. */
  html: string;
  text: string;
  relatedEntity: string | null;
  relatedId: string | null;
};

export type EmailRecipientStatus =
  'queued' | 'sending' | 'sent' | 'rejected' | 'failed' | 'skipped' | 'unknown';

export type EmailRecipientsTable = {
  id: string;
  messageId: string;
  email: string;
  name: string | null;
  status: EmailRecipientStatus;
  /** Why it was rejected, skipped or failed (the last error while retrying). */
  reason: string | null;
  attempts: number;
  nextAttemptAt: number;
  claimedBy: string | null;
  claimedUntil: number | null;
  sentAt: number | null;
  transport: string | null;
};

export type CompetitionsTable = RecordColumns & {
  name: string;
  organizer: string;
  organizerEmail: string;
  image: string | null;
  audio: string | null;
  startDate: number;
  endDate: number;
  lastUpdated: number;
  isActive: Flag;
  isClosed: Flag;
  hasEnded: Flag;
  isConfirmed: Flag;
  isDirect: Flag;
  is555: Flag;
  prize: string | null;
  /** JSON array of 'Label: $amount' lines. */
  prizes: string;
  campaignId: number;
  /** JSON array. */
  platforms: string;
  invoiceAmount: number;
  competitionType: string;
  notes: string | null;
  takePct: number;
  metric: string;
  /** Who sees the standings on the public page (migration 0041). */
  standings: Generated<StandingsVisibility>;
  category: string | null;
  /** JSON array. */
  continents: string;
  /** JSON array or null. */
  countries: string | null;
  creativeDirection: string | null;
  event: string | null;
  spotify: string | null;
  tiktok: string | null;
  instagram: string | null;
  tiktokSound: string | null;
  instagramSound: string | null;
  /** JSON of the Reserve A Date form's details (ReservationDetails), null when not reserved. */
  reservation: string | null;
};

export type CompetitionVisitsTable = {
  competitionId: string;
  ref: string;
  /** YYYY-MM-DD in the business time zone. */
  day: string;
  visits: number;
};

export type PostsTable = RecordColumns & {
  competitionId: string;
  link: string;
  email: string;
  creator: string;
  platform: string;
  likes: number;
  bonusLikes: number | null;
  postId: string | null;
  creativityScore: number;
  source: string;
  views: number;
  /** Where the views come from (migration 0024): 'unknown' ones are stored as 0. */
  viewsKind: Generated<ViewsKind>;
  shares: number;
  comments: number;
  postedDate: number | null;
  country: string | null;
  /** The author name the provider reported. */
  author: string | null;
  statsCheckedAt: number | null;
  statsProvider: string | null;
  /** Why the last refresh failed, in the provider's words; null when it worked. */
  statsError: string | null;
  /** The same failure as a fixed reason (migration 0029); null when it worked. */
  statsFailure: RefreshFailure | null;
  /** The automatic flags of the last check: JSON [{ code, message, values }] (migration 0006). */
  flags: Generated<string>;
  /** Staff restored the post: its flags are notes and never remove it again. */
  flagsCleared: Generated<Flag>;
  deletedReason: 'flagged' | 'disqualified' | 'admin' | null;
  /** The Delete dialog's choice: none, general, creative-direction, volume. */
  disqualification: string | null;
  /** The country the provider reported (the post's `country` is the one stored for it). */
  providerCountry: string | null;
  reviewedAt: number | null;
  reviewedBy: string | null;
  /** The account's followers, when the provider gives them (migration 0038). */
  followers: number | null;
  /** The cover's 64-bit difference hash (16 hex digits) and its three bands, indexed. */
  coverHash: string | null;
  coverBand0: number | null;
  coverBand1: number | null;
  coverBand2: number | null;
  /** 0–100, the sum of its flags' weights (migration 0039), for ordering the queue by risk. */
  riskScore: Generated<number>;
  /** How often the schedule reads it, by its views per hour (migration 0040); null before a refresh. */
  refreshTier: RefreshTier | null;
  /** When the schedule next asks a provider for its numbers; 0 is due at once. */
  nextRefreshAt: Generated<number>;
};

/** One refresh's numbers, kept so growth can be charted and spikes spotted. */
export type PostSnapshotsTable = {
  id: string;
  postId: string;
  at: number;
  likes: number;
  views: number;
  viewsKind: Generated<ViewsKind>;
  comments: number;
  shares: number;
  /** The provider that answered (a fallback's own name), null on readings before migration 0036. */
  provider: string | null;
  /** Its counts came rounded ("1.2M"). */
  rounded: Generated<Flag>;
};

export type JobStatus = 'queued' | 'running' | 'done' | 'cancelled' | 'failed';

/** A background job with its progress (done and failed out of total); kinds: modules/jobs. */
export type JobsTable = {
  id: string;
  kind: string;
  competitionId: string;
  status: JobStatus;
  total: number;
  done: number;
  failed: number;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
  error: string | null;
};

export type JobTaskStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** One unit of a job (Update Views: one post): claimed by one worker at a time (claimedBy, claimedUntil). */
export type JobTasksTable = {
  id: string;
  jobId: string;
  /** What the task works on, for its job's kind to read (Update Views: the post's id). */
  subject: string;
  status: JobTaskStatus;
  claimedBy: string | null;
  claimedUntil: number | null;
  error: string | null;
  /** A failed task's fixed reason (Update Views is the kind with tasks; migration 0029). */
  reason: RefreshFailure | null;
};

/** The last computed leaderboard: the domain's rows, with their flags as JSON. */
export type LeaderboardEntriesTable = Omit<LeaderboardRow, 'flags'> & {
  competitionId: string;
  /** JSON array of flag messages. */
  flags: string;
  computedAt: number;
};

/** A partner's ingestion key: only its hash is stored; the first characters help tell keys apart. */
export type PartnerApiKeysTable = RecordColumns & {
  name: string;
  keyHash: string;
  keyPrefix: string;
  createdBy: string | null;
  lastUsedAt: number | null;
};

/** A creator's metric set by staff (Creators tab); the leaderboard uses it instead of their posts' sum. */
export type CreatorMetricsTable = RecordColumns & {
  competitionId: string;
  creator: string;
  platform: string;
  metric: number;
  updatedBy: string | null;
};

export type ReferralsTable = RecordColumns & {
  postId: string;
  referringLink: string;
  /** The post that came in through the referral; null on legacy rows (only the link was stored). */
  referringPostId: string | null;
};

export type WinnersTable = RecordColumns & {
  email: string;
  paypal: string | null;
  isBanned: Flag;
  isUnsubscribed: Flag;
  isVetted: Flag;
  balance: number;
};

export type PaymentsTable = RecordColumns & {
  competitionId: string;
  contactEmail: string;
  contactId: string | null;
  vendorId: string | null;
  source: string;
  paymentEmail: string;
  amount: number;
  status: string;
  /** The winner it pays (entryKey of creator and platform): unique per competition. */
  creator: string | null;
  platform: string | null;
  winnerKey: string | null;
  /** The prize slot behind the amount (the CSV pays genni winners the full prize). */
  prize: number | null;
  prizeLabel: string | null;
  /** Set when the PayPal Payouts API paid it: the item and its last status. */
  paypalItemId: string | null;
  paypalItemStatus: string | null;
  paypalPayoutId: string | null;
  /** The payout CSV it was last handed out in (null: never, or returned by Unsend). */
  payoutFileId: string | null;
};

export type FinishStep = 'winners' | 'pay' | 'complete' | 'done';

/** The finish wizard of one competition (decision 0028). */
export type CompetitionFinishesTable = RecordColumns & {
  competitionId: string;
  step: FinishStep;
  /** JSON: one entry per prize slot, the chosen winner or null. */
  winners: string;
  /** JSON: one entry per prize slot, why Suggest winners placed its winner, or null (migration 0026). */
  reasons: Generated<string>;
  submittedAt: number | null;
  submittedBy: string | null;
  completedAt: number | null;
  completedBy: string | null;
};

/** One PayPal payout CSV handed out; `batchId` groups the files of one download. */
export type PayoutFilesTable = {
  id: string;
  competitionId: string;
  batchId: string;
  fileNumber: number;
  fileCount: number;
  rowCount: number;
  total: number;
  /** JSON arrays. */
  paymentIds: string;
  emails: string;
  csv: string;
  createdBy: string | null;
  createdAt: number;
};

/** One batch sent through the PayPal Payouts API. */
export type PaypalPayoutsTable = RecordColumns & {
  competitionId: string;
  /** Ours, stable for this payout: PayPal refuses a second batch with it for 30 days. */
  senderBatchId: string;
  /** PayPal's id, once it accepted the batch. */
  payoutBatchId: string | null;
  batchStatus: string;
  /** JSON array of the payments it pays. */
  paymentIds: string;
  jobId: string | null;
  lastError: string | null;
  createdBy: string | null;
};

export type PromotionsTable = RecordColumns & {
  competitionId: string;
  name: string;
  startDate: number | null;
  endDate: number | null;
  isActive: Flag;
  amount: number;
  /** JSON array of emails. */
  creatorEmails: string;
  remainingBalance: number;
};

export type InquiriesTable = RecordColumns & {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  source: string | null;
  assignedToEmail: string | null;
  inquiryType: string | null;
  status: string;
  message: string | null;
  platforms: string | null;
  date: number;
  /** The calendar hold made from it, if any. */
  competitionId: string | null;
};

/** An option of the contact form's Source, Inquiry Type or Platforms list (issue 15). */
export type InquiryOptionsTable = RecordColumns & {
  kind: 'source' | 'type' | 'platform';
  label: string;
  /** Order in its list; live options are renumbered 0..n-1 when one moves. */
  position: number;
};

export type NotesTable = RecordColumns & {
  inquiryId: string;
  authorId: string | null;
  displayName: string;
  authorImage: string | null;
  message: string;
  noteDate: number;
};

export type ActivitiesTable = RecordColumns & {
  inquiryId: string;
  createdDateTime: number;
  note: string;
};

/** A competition report shared with the artist: a read-only link, by the hash of its token. */
export type ReportSharesTable = RecordColumns & {
  competitionId: string;
  tokenHash: string;
  expiresAt: number;
  revokedAt: number | null;
  revokedBy: string | null;
  createdBy: string | null;
};

/** An entry refused because its video is already live in the competition (migration 0025). */
export type DuplicateAttemptsTable = {
  id: string;
  competitionId: string;
  /** The live entry it repeats. */
  earlierPostId: string;
  email: string;
  creator: string;
  link: string;
  via: EntryChannel;
  /** The staff member who tried, when it came through a signed-in screen. */
  attemptedBy: string | null;
  attemptedAt: number;
};

/**
 * Every table, by its name in code (CamelCasePlugin maps it to snake_case). An area may declare
 * its own tables beside its code instead, by merging them into this interface from its folder
 * (declaration merging; docs/ARCHITECTURE.md, "How to add an area").
 */
export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  twoStepFactors: TwoStepFactorsTable;
  appSettings: AppSettingsTable;
  authTokens: AuthTokensTable;
  auditLog: AuditLogTable;
  emailMessages: EmailMessagesTable;
  emailRecipients: EmailRecipientsTable;
  competitions: CompetitionsTable;
  competitionVisits: CompetitionVisitsTable;
  posts: PostsTable;
  postSnapshots: PostSnapshotsTable;
  jobs: JobsTable;
  jobTasks: JobTasksTable;
  leaderboardEntries: LeaderboardEntriesTable;
  partnerApiKeys: PartnerApiKeysTable;
  referrals: ReferralsTable;
  creatorMetrics: CreatorMetricsTable;
  winners: WinnersTable;
  payments: PaymentsTable;
  postTallies: PostTalliesTable;
  paymentTallies: PaymentTalliesTable;
  businessDays: BusinessDaysTable;
  postDays: PostDaysTable;
  postDaySums: PostDaysTable;
  rollupState: RollupStateTable;
  competitionFinishes: CompetitionFinishesTable;
  payoutFiles: PayoutFilesTable;
  paypalPayouts: PaypalPayoutsTable;
  reportShares: ReportSharesTable;
  duplicateAttempts: DuplicateAttemptsTable;
  promotions: PromotionsTable;
  inquiries: InquiriesTable;
  inquiryOptions: InquiryOptionsTable;
  notes: NotesTable;
  activities: ActivitiesTable;
  idempotencyKeys: IdempotencyKeysTable;
  limitCounters: LimitCountersTable;
  instances: InstancesTable;
}

/**
 * A competition's post counts, kept by triggers (migration 0016, decision 0043): live, removed,
 * live unscored (the review queue) and removed as flagged. Read, never written, by the app.
 */
export type PostTalliesTable = {
  competitionId: string;
  live: number;
  removed: number;
  unscored: number;
  flagged: number;
};

/** The live payments' counts and sums in cents per status, one row 'payments', kept by triggers. */
export type PaymentTalliesTable = {
  id: string;
  toBePaidCount: number;
  toBePaidCents: number;
  paidCount: number;
  paidCents: number;
};

/** The start of each business day in the configured time zone (migration 0019, decision 0057). */
export type BusinessDaysTable = { startMs: number; day: string };

/**
 * The posts of live competitions per business day entered, platform and country (upper case,
 * '' when unknown), kept by triggers (migration 0019, decision 0057); postDaySums is the same
 * counted from the posts (a view). Read, never written, by the app.
 */
export type PostDaysTable = {
  day: string;
  platform: string;
  country: string;
  entered: number;
  live: number;
  views: number;
  likes: number;
  flagged: number;
  disqualified: number;
};

/** The time zone businessDays and postDays were built for: one row, 'postDays'. */
export type RollupStateTable = { id: string; timeZone: string };

/** An Idempotency-Key's reservation and, once done, the answer it replays for 24 hours. */
export type IdempotencyKeysTable = {
  id: string;
  /** 'user:<id>' or 'anonymous:<ip>'; unique with key. */
  scope: string;
  key: string;
  method: string;
  route: string;
  /** sha256 of method, address and validated body. */
  requestHash: string;
  status: 'in-progress' | 'done';
  responseStatus: number | null;
  responseBody: string | null;
  createdAt: number;
  /** The instance running the request while in progress (null: reserved before migration 0031). */
  ownerInstance: string | null;
};

/**
 * A running server process and its heartbeat (plugins/instance-heartbeat.ts): one whose
 * lastSeen is older than the bound is dead, and its Idempotency-Key reservations are released.
 */
export type InstancesTable = {
  id: string;
  startedAt: number;
  lastSeen: number;
};

/** A rate-limit or attempt counter's window, shared by the instances on PostgreSQL (plugins/limits/). */
export type LimitCountersTable = {
  /** '<limit>|<key>'. */
  key: string;
  count: number;
  /** When the window ends: the next attempt starts a new one. */
  resetAt: number;
};

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
