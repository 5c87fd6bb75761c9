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

/** Rich text as read: the same shape whichever parser read it. */
export type HtmlNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: string; href: string | null; children: HtmlNode[] }
  | { kind: 'other' };

/** The browser's own parser, on an inert document: no script runs, nothing loads. */
function parseInBrowser(html: string): HtmlNode[] {
  const read = (node: Node): HtmlNode => {
    if (node.nodeType === Node.TEXT_NODE) return { kind: 'text', text: node.textContent ?? '' };
    if (node.nodeType !== Node.ELEMENT_NODE) return { kind: 'other' };
    const element = node as Element;
    return {
      kind: 'element',
      tag: element.tagName.toLowerCase(),
      href: element.getAttribute('href'),
      children: Array.from(element.childNodes, read),
    };
  };
  return Array.from(new DOMParser().parseFromString(html, 'text/html').body.childNodes, read);
}

let parse = parseInBrowser;
/**
 * Where there is no DOMParser (the server's prerender), another parser giving the same nodes;
 * null goes back to the browser's.
 */
export function setHtmlParser(parser: ((html: string) => HtmlNode[]) | null) {
  parse = parser ?? parseInBrowser;
}

function toReact(node: HtmlNode, key: number): ReactNode {
  if (node.kind === 'text') return node.text;
  if (node.kind !== 'element') return null;
  const { tag } = node;
  if (DROPPED.has(tag)) return null;
  const children = node.children.map(toReact);
  if (!KEPT.has(tag)) return createElement('span', { key }, ...children);
  if (EMPTY.has(tag)) return createElement(tag, { key });
  if (tag === 'a') {
    const href = node.href?.trim() ?? '';
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
  return parse(html).map(toReact);
}
