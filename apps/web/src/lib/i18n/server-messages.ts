import {
  ACCOUNT_MESSAGES,
  ANALYTICS_MESSAGES,
  SETTINGS_MESSAGES,
  FINISH_MESSAGES,
  INQUIRY_OPTION_MESSAGES,
  INQUIRY_SERVER_MESSAGES,
  PAYPAL_MESSAGES,
  REPORT_MESSAGES,
} from '@preffy/api';
import { FORM_MESSAGES, INQUIRY_MESSAGES, POST_LINK_MESSAGES, PROMOTION_MESSAGES } from '@preffy/domain';

/**
 * Server messages (the spec's own wording) translated by their English text; anything not
 * listed here is shown as the server wrote it.
 */
export const serverMessages = [
  'Invalid credentials',
  'Email is not valid!',
  'Please enter a name',
  'Please choose a competition',
  'Select at least one recipient',
  'A user with this email already exists',
  'This record was changed by someone else',
  'Please sign in',
  'You do not have access to this',
  'Use at least 10 characters',
  'Your current password is not right',
  'Enter your current password',
  'Time zone is not valid',
  'This link is invalid or has expired. Please ask for a new one.',
  'A reset link has been sent to your mailbox; check there first.',
  'This competition has no promotion with a positive remaining balance and amount',
  'Sorry! the page you are looking for could not be found',
  'Sorry! something went wrong, please contact our support team',
  'Organizers can only start competitions under their own email',
  'Please upload the image again',
  'Please upload a JPEG, PNG or WebP image',
  'The image is larger than 5 MB',
  'The image is larger than 40 megapixels',
  'The image file is empty',
  'You can upload at most 60 images per hour; please try again later',
  'This job has already finished',
  'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.',
  'Too many reset links were requested for this address. Please wait an hour and try again.',
  'Too many requests from this address. Please wait 15 minutes and try again.',
  'Sign-in links cannot be made for administrators',
  'A request with this Idempotency-Key is still being processed',
  'This Idempotency-Key was already used for a different request',
  'Idempotency-Key must be 1 to 200 printable characters',
  'Text must not contain control characters',
  'Record not found',
  'Competition not found',
  'User not found',
  'Job not found',
  'Post not found',
  'Winner not found',
  'This email is already in the winners directory',
  'Creator not found',
  'This post is not deleted',
  'This Load More position is not valid; reload the page',
  'Message not found',
  'Image not found',
  'Calendar feed not found',
  'Payment not found',
  'This payment is already marked as sent',
  'This payment is not marked as sent',
  'Send one image in the multipart field "file"',
  'The upload must be a complete multipart/form-data body',
  // The finish wizard (issue 14).
  'Payout file not found',
  ...Object.values(FINISH_MESSAGES),
  // Send via PayPal (issue 14).
  ...Object.values(PAYPAL_MESSAGES),
  ...Object.values(FORM_MESSAGES),
  ...Object.values(POST_LINK_MESSAGES),
  // Promotions (issue 14): the form's and Send promotion email's messages.
  'Promotion not found',
  ...Object.values(PROMOTION_MESSAGES),
  // The inquiry contact form (issue 15).
  ...Object.values(INQUIRY_MESSAGES),
  // The inquiry inbox's server answers (issue 15).
  ...Object.values(INQUIRY_SERVER_MESSAGES),
  // The contact form's editable lists (issue 15).
  ...Object.values(INQUIRY_OPTION_MESSAGES),
  // Analytics (issue 16): a hand-made period.
  ...Object.values(ANALYTICS_MESSAGES),
  // The competition report and its shared links (issue 16).
  ...Object.values(REPORT_MESSAGES),
  // Two-step verification, the lock screen and the security settings (issue 17).
  ...Object.values(ACCOUNT_MESSAGES),
  ...Object.values(SETTINGS_MESSAGES),
  'Settings not found',
] as const;
