import {
  FORM_MESSAGES,
  INQUIRY_MESSAGES,
  NO_CREATIVE_DIRECTION_MESSAGE,
  PLATFORM_NOT_TAKEN_MESSAGES,
  POST_LINK_MESSAGES,
  PROMOTION_MESSAGES,
} from '@preffy/domain';
import { ACCOUNT_MESSAGES } from './account.ts';
import { ANALYTICS_MESSAGES } from './analytics.ts';
import { BULK_COMPETITION_MESSAGES, OUTREACH_MESSAGES } from './email.ts';
import { FINISH_MESSAGES } from './finish.ts';
import { INQUIRY_SERVER_MESSAGES } from './inquiries.ts';
import { INQUIRY_OPTION_MESSAGES } from './inquiry-options.ts';
import { IMPORT_UPLOAD_MESSAGES } from './legacy-import.ts';
import { PAYPAL_MESSAGES } from './paypal.ts';
import { REPORT_MESSAGES } from './reports.ts';
import { SETTINGS_MESSAGES } from './settings.ts';

type Messages = Readonly<Record<string, string>>;
type Prefixed<Prefix extends string, List extends Messages> = {
  readonly [Key in keyof List & string as `${Prefix}.${Key}`]: List[Key];
};
/** A message list's texts under `<prefix>.<the list's own key>`. */
function prefixed<Prefix extends string, List extends Messages>(
  prefix: Prefix,
  list: List,
): Prefixed<Prefix, List> {
  return Object.fromEntries(
    Object.entries(list).map(([key, text]) => [`${prefix}.${key}`, text]),
  ) as Prefixed<Prefix, List>;
}

/**
 * What a field is told: the texts a form's schema (`@preffy/domain`, shared by the web's own
 * checks) or the server puts in `fieldErrors`, and the answer to a reset-link request, each under
 * a stable key. The server answers in English; the web finds a text's key (`fieldMessageKey`)
 * and translates the key (the `server` namespace), so rewording a text here keeps its
 * translations. An error's code and reason are translated by key too (errors.ts, decision 0092).
 * The message lists are spread whole, so a few texts that are also a code's are here too. The
 * texts written where they are used (the contract's schemas, the server's plugins and routes)
 * are listed here by hand, except 'Email is not valid!' and 'Please choose a competition',
 * which are already `form.emailInvalid` and `promotion.competitionRequired`.
 */
export const FIELD_MESSAGES = {
  'field.nameRequired': 'Please enter a name',
  'field.timeZoneInvalid': 'Time zone is not valid',
  'password.tooShort': 'Use at least 10 characters',
  'password.currentWrong': 'Your current password is not right',
  'password.currentRequired': 'Enter your current password',
  'auth.resetLinkSent': 'A reset link has been sent to your mailbox; check there first.',
  'image.uploadAgain': 'Please upload the image again',
  'image.wrongType': 'Please upload a JPEG, PNG or WebP image',
  'image.tooBig': 'The image is larger than 5 MB',
  'image.tooManyPixels': 'The image is larger than 40 megapixels',
  'image.empty': 'The image file is empty',
  'image.noFile': 'Send one image in the multipart field "file"',
  'image.notMultipart': 'The upload must be a complete multipart/form-data body',
  'request.idempotencyKeyInvalid': 'Idempotency-Key must be 1 to 200 printable characters',
  'request.controlCharacters': 'Text must not contain control characters',
  'request.invalidCharacters': 'Text must not contain invalid characters (unpaired surrogates)',
  'review.loadMoreInvalid': 'This Load More position is not valid; reload the page',
  'review.noCreativeDirection': NO_CREATIVE_DIRECTION_MESSAGE,
  ...prefixed('finish', FINISH_MESSAGES),
  ...prefixed('paypal', PAYPAL_MESSAGES),
  ...prefixed('form', FORM_MESSAGES),
  ...prefixed('postLink', POST_LINK_MESSAGES),
  ...prefixed('platformNotTaken', PLATFORM_NOT_TAKEN_MESSAGES),
  ...prefixed('promotion', PROMOTION_MESSAGES),
  ...prefixed('inquiry', INQUIRY_MESSAGES),
  ...prefixed('inquiryServer', INQUIRY_SERVER_MESSAGES),
  ...prefixed('inquiryOption', INQUIRY_OPTION_MESSAGES),
  ...prefixed('analytics', ANALYTICS_MESSAGES),
  ...prefixed('report', REPORT_MESSAGES),
  ...prefixed('account', ACCOUNT_MESSAGES),
  ...prefixed('settings', SETTINGS_MESSAGES),
  ...prefixed('outreach', OUTREACH_MESSAGES),
  ...prefixed('bulkCompetition', BULK_COMPETITION_MESSAGES),
  ...prefixed('legacyImport', IMPORT_UPLOAD_MESSAGES),
} as const;
export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

/**
 * Each text's key. A text listed under two keys maps to the first: 'Please pick platforms from
 * the list' is both `form.platformInvalid` and `inquiry.platformInvalid`, and maps to
 * `form.platformInvalid` (the languages translate both keys alike).
 */
const KEY_OF_TEXT: ReadonlyMap<string, FieldMessageKey> = new Map(
  (Object.entries(FIELD_MESSAGES) as [FieldMessageKey, string][]).reverse().map(([key, text]) => [text, key]),
);

/** The key of a field message's English text, or undefined for a text that is not one. */
export function fieldMessageKey(text: string): FieldMessageKey | undefined {
  return KEY_OF_TEXT.get(text);
}
