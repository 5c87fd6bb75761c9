/**
 * The links that carry a sign-in secret, built in one place so the outbox can find them again:
 * the email worker removes them once a real transport has delivered the email, and the outbox
 * API never shows one addressed to an administrator.
 */
export const resetPasswordUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password#token=${token}`;
/** An invitation's link: the same page, which greets a new user instead of asking for a new password. */
export const invitationUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password?welcome#token=${token}`;
export const signInLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/?LoginToken=${token}`;

/** What the stored copy shows in place of a delivered secret link. */
export const SECRET_LINK_REMOVED = '[link removed after delivery]';
/** What the outbox shows in place of a secret link addressed to an administrator. */
export const SECRET_LINK_HIDDEN = '[link hidden: sent to an administrator]';

// A whole link (so no half-address is left behind) whose query or fragment holds a token.
const SECRET_LINK = /https?:\/\/[^\s"'<>]*?(?:#token=|[?&](?:amp;)?LoginToken=)[\w-]+/g;

/** The text with every secret link replaced (by SECRET_LINK_REMOVED unless told otherwise). */
export const withoutSecretLinks = (text: string, replacement = SECRET_LINK_REMOVED) =>
  text.replace(SECRET_LINK, replacement);
