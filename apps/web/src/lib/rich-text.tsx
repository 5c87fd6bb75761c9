import { RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '@preffy/domain';
import { type ReactNode, createElement } from 'react';

/** The formatting rich text keeps (the server's sanitizer keeps the same, on save). */
const KEPT = new Set<string>(RICH_TEXT_TAGS);
const EMPTY = new Set(['br', 'hr']);
/** Elements dropped with everything inside them; any other unknown element keeps its text. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
  'textarea',
  'select',
  'button',
  'form',
  'input',
  'img',
  'video',
  'audio',
  'link',
  'meta',
]);
const SAFE_HREF = new RegExp(`^(${RICH_TEXT_SCHEMES.join('|')}):`, 'i');

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes, toReact);
  if (!KEPT.has(tag)) return createElement('span', { key }, ...children);
  if (EMPTY.has(tag)) return createElement(tag, { key });
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim() ?? '';
    if (!SAFE_HREF.test(href)) return createElement('span', { key }, ...children);
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

/**
 * Stored rich text (creative direction, inquiry notes) as React elements, never as raw HTML: the text is parsed
 * in an inert document (no script runs, nothing loads), and only the formatting the editor makes
 * is rebuilt, without any attribute but a link's http(s)/mailto address. The server sanitizes
 * on save too; this does not rely on it.
 */
export function richText(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.body.childNodes, toReact);
}
