import { describe, expect, it } from 'vitest';
import { serverMessages } from '../../../web/src/lib/i18n/server-messages.ts';
import {
  RESET_LINK_SENT,
  TOO_MANY_REQUESTS,
  TOO_MANY_RESETS,
  TOO_MANY_SIGN_INS,
} from '../modules/auth/auth.routes.ts';
import { INVALID_CREDENTIALS } from '../modules/auth/auth.service.ts';
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
import { NOT_DELETED_MESSAGE } from '../modules/posts/review.service.ts';
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
  WINNER_EMAIL_TAKEN,
} from '@preffy/api';
import { PROMOTION_MESSAGES } from '@preffy/domain';
import { CONTROL_CHARACTER_MESSAGE } from '../plugins/control-characters.ts';
import { INTERNAL_ERROR_MESSAGE, NOT_FOUND_MESSAGE } from '../plugins/error-handler.ts';
import { notFound } from './errors.ts';
import { IN_PROGRESS_MESSAGE, KEY_MESSAGE, REUSED_MESSAGE } from '../plugins/idempotency.ts';

/**
 * The web app shows a server message in the user's language only when its English text is a
 * key of `serverMessages` (the other languages must then translate it: i18n.test.ts and tsc
 * check that). A message the server writes but the list lacks reaches every user in English.
 */
describe('messages the server writes for users', () => {
  it.each([
    INVALID_CREDENTIALS,
    RESET_LINK_SENT,
    TOO_MANY_SIGN_INS,
    TOO_MANY_RESETS,
    TOO_MANY_REQUESTS,
    TOO_BIG,
    WRONG_TYPE,
    TOO_MANY_PIXELS,
    EMPTY_FILE,
    TOO_MANY_UPLOADS,
    NO_FILE,
    NOT_MULTIPART,
    NO_ADMIN_SIGN_IN_LINKS,
    CONTROL_CHARACTER_MESSAGE,
    INTERNAL_ERROR_MESSAGE,
    NOT_FOUND_MESSAGE,
    KEY_MESSAGE,
    IN_PROGRESS_MESSAGE,
    REUSED_MESSAGE,
    // Post review and moderation (issue 13).
    notFound('Post').message,
    notFound('Creator').message,
    NOT_DELETED_MESSAGE,
    BAD_CURSOR_MESSAGE,
    // Payments admin (issue 14).
    notFound('Payment').message,
    ALREADY_SENT_MESSAGE,
    NOT_SENT_MESSAGE,
    // The finish wizard (issue 14).
    notFound('Payout file').message,
    ...Object.values(FINISH_MESSAGES),
    // Send via PayPal (issue 14).
    ...Object.values(PAYPAL_MESSAGES),
    // The winners directory (issue 14).
    WINNER_EMAIL_TAKEN,
    notFound('Winner').message,
    // Promotions (issue 14).
    notFound('Promotion').message,
    ...Object.values(PROMOTION_MESSAGES),
    // The inquiry inbox (issue 15).
    notFound('Inquiry').message,
    ...Object.values(INQUIRY_SERVER_MESSAGES),
    // The contact form's editable lists (issue 15).
    ...Object.values(INQUIRY_OPTION_MESSAGES),
    // Analytics (issue 16).
    ...Object.values(ANALYTICS_MESSAGES),
    // The competition report and its shared links (issue 16).
    ...Object.values(REPORT_MESSAGES),
    // Two-step verification, the lock screen and the security settings (issue 17).
    ...Object.values(ACCOUNT_MESSAGES),
    ...Object.values(SETTINGS_MESSAGES),
    notFound('Settings').message,
  ])('are translated: %s', (message) => {
    expect(serverMessages).toContain(message);
  });
});
