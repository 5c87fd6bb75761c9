import { RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '@preffy/domain';
import sanitizeHtml from 'sanitize-html';

/**
 * Creative direction and notes are rich text from the editor. The browser's HTML is never
 * trusted: only formatting tags and http(s)/mailto links survive, so a stored note cannot run
 * script in another user's session.
 */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: [...RICH_TEXT_SCHEMES],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  }).trim();
  return clean === '' || clean === '<p></p>' ? null : clean;
}
