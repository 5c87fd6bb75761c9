import { type ChildNode, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { HtmlNode } from '../lib/rich-text.tsx';

/**
 * Stored rich text read with htmlparser2 where there is no DOMParser (the server's prerender).
 * The text was sanitized, and so re-serialized, by sanitize-html (htmlparser2 too) when it was
 * saved: well-formed markup, which both parsers read the same (rich-text.test.tsx checks).
 */
export function parseHtml(html: string): HtmlNode[] {
  const read = (node: ChildNode): HtmlNode => {
    if (isText(node)) return { kind: 'text', text: node.data };
    if (!isTag(node)) return { kind: 'other' };
    return {
      kind: 'element',
      tag: node.name.toLowerCase(),
      href: node.attribs.href ?? null,
      children: node.children.map(read),
    };
  };
  return parseDocument(html).children.map(read);
}
