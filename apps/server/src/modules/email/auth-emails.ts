import type { OutgoingEmail } from './outbox.ts';
import { escapeHtml } from './escape-html.ts';

/** A short email with one button; the link goes in the text version too. */
function linkEmail(
  kind: string,
  to: { email: string; name: string },
  subject: string,
  intro: string,
  action: string,
  url: string,
): OutgoingEmail {
  const name = escapeHtml(to.name || to.email);
  return {
    kind,
    toEmail: to.email,
    toName: to.name,
    subject,
    html: `<p>Hi ${name},</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>If you did not expect this email, you can ignore it.</p>`,
    text: `Hi ${to.name || to.email},\n\n${intro}\n\n${action}: ${url}\n\nIf you did not expect this email, you can ignore it.\n`,
  };
}

export const passwordResetEmail = (to: { email: string; name: string }, url: string) =>
  linkEmail(
    'password-reset',
    to,
    'Reset your Preffy Admin password',
    'Someone asked to reset the password of your Preffy Admin account. The link works once and expires in 2 hours.',
    'Choose a new password',
    url,
  );

export const invitationEmail = (to: { email: string; name: string }, url: string) =>
  linkEmail(
    'invitation',
    to,
    'You are invited to Preffy Admin',
    'An administrator created a Preffy Admin account for you. The link works once and expires in 7 days.',
    'Set your password',
    url,
  );
