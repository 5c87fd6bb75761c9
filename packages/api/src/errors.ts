import { COMPLETED_COMPETITION_MESSAGE } from '@preffy/domain';
import { ACCOUNT_MESSAGES } from './account.ts';
import { COMPETITION_DELETE_MESSAGES } from './competitions.ts';
import { FINISH_MESSAGES } from './finish.ts';
import { REPORT_MESSAGES } from './reports.ts';

/**
 * Every error code the API answers with (decision 0092). The web shows a code's text from
 * `errors.codes.<CODE>`; a code whose English message differs from one refusal to another
 * lists those messages under `reasons`, and its answers name the one meant (`reason`), shown
 * from `errors.reasons.<CODE>.<reason>`. `fieldTexts: 'own'`: the answer's `fieldErrors` hold
 * texts of their own (a form's field messages); for every other code they repeat the code's text.
 */
type ErrorCodeEntry = {
  reasons?: Readonly<Record<string, string>>;
  fieldTexts?: 'own';
};

/** The records a 404 names: `notFound('Payout file')` answers `Payout file not found`. */
const NOT_FOUND_REASONS = {
  record: 'Record not found',
  calendarFeed: 'Calendar feed not found',
  competition: 'Competition not found',
  creator: 'Creator not found',
  image: 'Image not found',
  importRun: 'Import run not found',
  inquiry: 'Inquiry not found',
  inquiryOption: 'Inquiry option not found',
  job: 'Job not found',
  message: 'Message not found',
  payment: 'Payment not found',
  payoutFile: 'Payout file not found',
  post: 'Post not found',
  promotion: 'Promotion not found',
  // A shared link that is gone answers without a reason: the shared page says so itself.
  report: REPORT_MESSAGES.notFound,
  settings: 'Settings not found',
  user: 'User not found',
  winner: 'Winner not found',
} as const;

export const ERROR_CODES = {
  // Requests the API refuses as written.
  VALIDATION: { fieldTexts: 'own' },
  /** A 4xx of the framework itself, or of a plugin, that carries no code of its own. */
  ERROR: {},
  INTERNAL: {},
  IDEMPOTENCY_IN_PROGRESS: {},
  IDEMPOTENCY_KEY_REUSED: {},
  IDEMPOTENCY_KEY_REQUIRED: {},
  RATE_LIMITED: {
    reasons: {
      signIns: 'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.',
      resets: 'Too many reset links were requested for this address. Please wait an hour and try again.',
      requests: 'Too many requests from this address. Please wait 15 minutes and try again.',
      uploads: 'You can upload at most 60 images per hour; please try again later',
    },
  },
  NOT_FOUND: { reasons: NOT_FOUND_REASONS },
  VERSION_CONFLICT: {},
  DUPLICATE: {},

  // Who may do what.
  UNAUTHORIZED: {
    reasons: {
      lockedOut: ACCOUNT_MESSAGES.lockedOut,
      partnerKey: 'A valid partner API key is needed (x-api-key header)',
    },
  },
  FORBIDDEN: {
    reasons: {
      adminSignInLink: 'Sign-in links cannot be made for administrators',
      completedCompetition: COMPLETED_COMPETITION_MESSAGE,
      paidCompetition: COMPETITION_DELETE_MESSAGES.paidCompetition,
    },
  },
  FORBIDDEN_FIELD: { fieldTexts: 'own' },
  OWN_EMAIL_ONLY: {},
  INVALID_CREDENTIALS: {},
  INVALID_TOKEN: {},
  SESSION_LOCKED: {},
  TWO_STEP_EXPIRED: {},
  TWO_STEP_NOT_ENABLED: {},
  TWO_STEP_NOT_SET_UP: {},
  TWO_STEP_REQUIRED: {},
  TWO_STEP_SETUP_REQUIRED: {},

  // The areas' own refusals.
  EMAIL_TAKEN: {},
  JOB_FINISHED: {},
  IMPORT_RUNNING: {},
  IMPORT_NOT_RESUMABLE: {},
  NO_RECIPIENTS: {},
  NO_PROMOTION_BALANCE: {},
  NOT_CONFIRMED: {},
  CLOSED: {},
  NOT_STARTED: {},
  NOT_DELETED: {
    reasons: {
      post: 'This post is not deleted',
      competition: COMPETITION_DELETE_MESSAGES.notDeleted,
    },
  },
  /** An administrator's delete of a competition with payouts, without confirmPayouts (decision 0124). */
  PAYOUTS_CONFIRM: {},
  PAYMENT_STATUS: {
    reasons: {
      alreadySent: 'This payment is already marked as sent',
      notSent: 'This payment is not marked as sent',
    },
  },
  WINNER_EMAIL_TAKEN: {},
  FINISH_STEP: {
    reasons: {
      alreadySubmitted: FINISH_MESSAGES.alreadySubmitted,
      alreadyPaid: FINISH_MESSAGES.alreadyPaid,
      notSubmitted: FINISH_MESSAGES.notSubmitted,
      downloadFirst: FINISH_MESSAGES.downloadFirst,
    },
  },
  FINISH_EARLY: {},
  WINNERS_BLOCKED: { fieldTexts: 'own' },
  NOTHING_TO_PAY: {},
  PAYPAL_NOT_CONFIGURED: {},
  NOTHING_TO_SEND: {},
  PAYPAL_ALREADY_SENDING: {},
  PAYPAL_WEBHOOKS_OFF: {},
  BAD_SIGNATURE: {},
  TOO_MANY_SHARES: {},
  HOLD_LINKED: {},
  HOLD_STARTED: {},
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

type ReasonsOf<C extends ErrorCode> = (typeof ERROR_CODES)[C] extends { reasons: infer R } ? keyof R : never;
/** The reasons one code can give, by code: `ErrorReason<'NOT_FOUND'>` is 'competition' | …. */
export type ErrorReason<C extends ErrorCode = ErrorCode> = C extends ErrorCode ? ReasonsOf<C> : never;

/** What `notFound(record)` may name: the records of NOT_FOUND's reasons. */
export type NotFoundRecord = (typeof NOT_FOUND_REASONS)[keyof typeof NOT_FOUND_REASONS] extends infer T
  ? T extends `${infer R} not found`
    ? R
    : never
  : never;

/** The messages a code says for one of its reasons. */
export type ReasonText<C extends ErrorCode> = (typeof ERROR_CODES)[C] extends { reasons: infer R }
  ? R[keyof R]
  : never;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CODES, code);

const reasonsOf = (code: ErrorCode): Readonly<Record<string, string>> =>
  (ERROR_CODES[code] as ErrorCodeEntry).reasons ?? {};

/** Which of its code's reasons an English message is (the server names it in the answer). */
export function errorReason(code: ErrorCode, message: string): string | undefined {
  return Object.entries(reasonsOf(code)).find(([, text]) => text === message)?.[0];
}

/** Whether an answer's `fieldErrors` hold texts of their own, or repeat the code's text. */
export const hasOwnFieldTexts = (code: ErrorCode) =>
  (ERROR_CODES[code] as ErrorCodeEntry).fieldTexts === 'own';

const codeKey = (code: string) => `errors.codes.${code}`;
const reasonKey = (code: string, reason: string) => `errors.reasons.${code}.${reason}`;

/**
 * The translation key (the web's `common` namespace) of what a code says, for one of its
 * reasons when the answer names one the code has.
 */
export function errorTranslationKey(code: ErrorCode, reason?: string): string {
  return reason !== undefined && Object.hasOwn(reasonsOf(code), reason)
    ? reasonKey(code, reason)
    : codeKey(code);
}

/** Every translation key the codes use: each must be in every locale. */
export const ERROR_TRANSLATION_KEYS: readonly string[] = Object.entries(
  ERROR_CODES as Record<string, ErrorCodeEntry>,
).flatMap(([code, { reasons = {} }]) => [
  codeKey(code),
  ...Object.keys(reasons).map((reason) => reasonKey(code, reason)),
]);
