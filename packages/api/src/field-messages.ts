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
import { PAYPAL_MESSAGES } from './paypal.ts';
import { REPORT_MESSAGES } from './reports.ts';
import { SETTINGS_MESSAGES } from './settings.ts';

/**
 * What a field is told: the texts a form's schema (`@preffy/domain`, shared by the web's own
 * checks) or the server puts in `fieldErrors`, and the answer to a reset-link request. The web
 * translates these by their text (the `server` namespace); an error's code and reason are
 * translated by key instead (errors.ts, decision 0092). The message lists are spread whole, so
 * a few texts that are also a code's are here too.
 */
export const FIELD_MESSAGES = [
  'Email is not valid!',
  'Please enter a name',
  'Please choose a competition',
  'Use at least 10 characters',
  'Your current password is not right',
  'Enter your current password',
  'Time zone is not valid',
  'A reset link has been sent to your mailbox; check there first.',
  'Please upload the image again',
  'Please upload a JPEG, PNG or WebP image',
  'The image is larger than 5 MB',
  'The image is larger than 40 megapixels',
  'The image file is empty',
  'Idempotency-Key must be 1 to 200 printable characters',
  'Text must not contain control characters',
  'Text must not contain invalid characters (unpaired surrogates)',
  'This Load More position is not valid; reload the page',
  'Send one image in the multipart field "file"',
  'The upload must be a complete multipart/form-data body',
  NO_CREATIVE_DIRECTION_MESSAGE,
  ...Object.values(FINISH_MESSAGES),
  ...Object.values(PAYPAL_MESSAGES),
  ...Object.values(FORM_MESSAGES),
  ...Object.values(POST_LINK_MESSAGES),
  ...Object.values(PLATFORM_NOT_TAKEN_MESSAGES),
  ...Object.values(PROMOTION_MESSAGES),
  ...Object.values(INQUIRY_MESSAGES),
  ...Object.values(INQUIRY_SERVER_MESSAGES),
  ...Object.values(INQUIRY_OPTION_MESSAGES),
  ...Object.values(ANALYTICS_MESSAGES),
  ...Object.values(REPORT_MESSAGES),
  ...Object.values(ACCOUNT_MESSAGES),
  ...Object.values(SETTINGS_MESSAGES),
  ...Object.values(OUTREACH_MESSAGES),
  ...Object.values(BULK_COMPETITION_MESSAGES),
] as const;
