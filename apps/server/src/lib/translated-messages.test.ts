import { describe, expect, it } from 'vitest';
import {
  RESET_LINK_SENT,
  TOO_MANY_REQUESTS,
  TOO_MANY_RESETS,
  TOO_MANY_SIGN_INS,
} from '../modules/auth/auth.routes.ts';
import {
  EMPTY_FILE,
  NOT_MULTIPART,
  NO_FILE,
  TOO_BIG,
  TOO_MANY_PIXELS,
  TOO_MANY_UPLOADS,
  WRONG_TYPE,
} from '../modules/storage/images.routes.ts';
import { BAD_CURSOR_MESSAGE } from '../modules/posts/review.repository.ts';
import { ALREADY_SENT_MESSAGE, NOT_SENT_MESSAGE } from '../modules/payments/payments.service.ts';
import { NO_ADMIN_SIGN_IN_LINKS } from '../modules/users/users.service.ts';
import {
  ACCOUNT_MESSAGES,
  ANALYTICS_MESSAGES,
  SETTINGS_MESSAGES,
  FINISH_MESSAGES,
  INQUIRY_OPTION_MESSAGES,
  INQUIRY_SERVER_MESSAGES,
  PAYPAL_MESSAGES,
  REPORT_MESSAGES,
  FIELD_MESSAGES,
  type ErrorCode,
  errorReason,
} from '@preffy/api';
import { PROMOTION_MESSAGES } from '@preffy/domain';
import { CONTROL_CHARACTER_MESSAGE } from '../plugins/control-characters.ts';
import { AppError, notFound } from './errors.ts';
import { KEY_MESSAGE } from '../plugins/idempotency.ts';

/**
 * The web app says an error in the user's language by its code, and by its reason when the code
 * has several messages: the server names the reason only for a message its code lists
 * (@preffy/api ERROR_CODES). A field's message is translated by its key, found from its text, so
 * it must be one of the contract's FIELD_MESSAGES. A code with one message needs nothing here:
 * the web's i18n test checks every language has a text for every code and reason.
 */
describe('messages the server writes for users', () => {
  it.each<[ErrorCode, string]>([
    ['RATE_LIMITED', TOO_MANY_SIGN_INS],
    ['RATE_LIMITED', TOO_MANY_RESETS],
    ['RATE_LIMITED', TOO_MANY_REQUESTS],
    ['RATE_LIMITED', TOO_MANY_UPLOADS],
    ['FORBIDDEN', NO_ADMIN_SIGN_IN_LINKS],
    ['UNAUTHORIZED', ACCOUNT_MESSAGES.lockedOut],
    ['PAYMENT_STATUS', ALREADY_SENT_MESSAGE],
    ['PAYMENT_STATUS', NOT_SENT_MESSAGE],
    ['FINISH_STEP', FINISH_MESSAGES.alreadySubmitted],
    ['FINISH_STEP', FINISH_MESSAGES.alreadyPaid],
    ['FINISH_STEP', FINISH_MESSAGES.notSubmitted],
    ['FINISH_STEP', FINISH_MESSAGES.downloadFirst],
    ['NOT_FOUND', INQUIRY_SERVER_MESSAGES.notFound],
    ['NOT_FOUND', REPORT_MESSAGES.notFound],
  ])('%s names its reason: %s', (code, message) => {
    expect(errorReason(code, message)).toBeDefined();
    expect(new AppError(400, code, message).reason).toBe(errorReason(code, message));
  });

  it.each([
    'Record',
    'Post',
    'Creator',
    'Payment',
    'Payout file',
    'Winner',
    'Promotion',
    'Inquiry',
    'Inquiry option',
    'Settings',
    'Competition',
    'User',
    'Job',
    'Message',
    'Image',
    'Calendar feed',
  ] as const)('a 404 names its record: %s', (record) => {
    expect(notFound(record).reason).toBeDefined();
  });

  it('names no reason for a code with one message, nor for a message its code does not list', () => {
    expect(new AppError(409, 'JOB_FINISHED', 'This job has already finished').reason).toBeUndefined();
    expect(new AppError(404, 'NOT_FOUND', REPORT_MESSAGES.shareNotFound).reason).toBeUndefined();
  });

  it.each([
    RESET_LINK_SENT,
    TOO_BIG,
    WRONG_TYPE,
    TOO_MANY_PIXELS,
    EMPTY_FILE,
    NO_FILE,
    NOT_MULTIPART,
    CONTROL_CHARACTER_MESSAGE,
    KEY_MESSAGE,
    BAD_CURSOR_MESSAGE,
  ])('is a field message: %s', (message) => {
    expect(Object.values(FIELD_MESSAGES)).toContain(message);
  });

  // The areas' message lists (issues 14 to 17), whole.
  it.each(
    Object.entries({
      FINISH_MESSAGES,
      PAYPAL_MESSAGES,
      PROMOTION_MESSAGES,
      INQUIRY_SERVER_MESSAGES,
      INQUIRY_OPTION_MESSAGES,
      ANALYTICS_MESSAGES,
      REPORT_MESSAGES,
      ACCOUNT_MESSAGES,
      SETTINGS_MESSAGES,
    }),
  )('%s are field messages', (_, list) => {
    expect(Object.values(FIELD_MESSAGES)).toEqual(expect.arrayContaining(Object.values(list)));
  });
});
