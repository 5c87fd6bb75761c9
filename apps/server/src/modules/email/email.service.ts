import type { BulkType, EmailKindName, RenderedEmail } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import { bulkEmailFor } from './bulk-email.ts';
import { EMAIL_KINDS, type EmailKind, renderEmail } from './templates/messages.ts';
import { languageOf, withUnsubscribeUrl } from './templates/render.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

// The contract names the kinds (the previews' parameter); the templates must define exactly those.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
type _KindsMatchContract = Assert<Same<EmailKind, EmailKindName>>;

/** Every kind of email the product sends, and whether it is marketing. */
export const emailKinds = () =>
  (Object.keys(EMAIL_KINDS) as EmailKind[]).map((kind) => ({ kind, marketing: EMAIL_KINDS[kind].marketing }));

/** A rendered message for an admin's eyes, with a sample (not working) unsubscribe link. */
function preview<K extends EmailKind>(
  publicUrl: string,
  kind: K,
  data: unknown,
  language: string,
): RenderedEmail {
  const rendered = renderEmail(kind, data as never, languageOf(language));
  const sampleUnsubscribe = unsubscribeUrl(publicUrl, 'preview-only', 'sample@preffy.example');
  return { ...withUnsubscribeUrl(rendered, sampleUnsubscribe), marketing: EMAIL_KINDS[kind].marketing };
}

/** A message kind rendered with its sample data. */
export const previewSample = (publicUrl: string, kind: EmailKind, language: string) =>
  preview(publicUrl, kind, EMAIL_KINDS[kind].sample, language);

/** A bulk email for a competition, as its recipients will get it. */
export async function previewBulkEmail(
  db: Database,
  publicUrl: string,
  q: { type: BulkType; competitionId: string; language: string },
) {
  const email = await bulkEmailFor(db, q.type, q.competitionId, publicUrl);
  return preview(publicUrl, email.kind, email.data, q.language);
}
