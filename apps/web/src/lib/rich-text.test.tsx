import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseHtml } from '../prerender/parse-html.ts';
import { richText, setHtmlParser } from './rich-text.tsx';

const shown = (html: string) => render(<div data-testid="out">{richText(html)}</div>).getByTestId('out');

describe('rich text from the server', () => {
  it('keeps the editor’s formatting and links', () => {
    const out = shown(
      '<p>Use the <strong>chorus</strong>, <em>dance</em></p><ul><li>one</li></ul><a href="https://x.test/a">brief</a>',
    );
    expect(out.innerHTML).toBe(
      '<p>Use the <strong>chorus</strong>, <em>dance</em></p><ul><li>one</li></ul>' +
        '<a href="https://x.test/a" target="_blank" rel="noopener noreferrer">brief</a>',
    );
  });

  it('drops scripts, handlers, styles and unsafe links', () => {
    const out = shown(
      '<p onclick="alert(1)" style="color:red">hi<script>alert(2)</script></p>' +
        '<img src=x onerror="alert(3)"><iframe src="https://evil.test"></iframe>' +
        '<a href="javascript:alert(4)">click</a><a href=" data:text/html,x">data</a>',
    );
    expect(out.innerHTML).toBe('<p>hi</p><span>click</span><span>data</span>');
    expect(out.querySelector('[onclick],[style],script,img,iframe')).toBeNull();
  });

  it('keeps the text of elements it does not know', () => {
    expect(shown('<div><span class="x">plain <b>bold</b></span></div>').innerHTML).toBe(
      '<span><span>plain <b>bold</b></span></span>',
    );
  });
});

describe('rich text read on the server (the prerender has no DOMParser)', () => {
  // Text as the server stores it: sanitized, so well-formed (apps/server/.../rich-text.ts).
  const stored = [
    '<p>Use the <strong>chorus</strong>, <em>dance</em></p><ul><li>one</li><li>two <s>old</s></li></ul>',
    '<p>Tom &amp; Jerry &lt;3 “quotes” &quot;x&quot; &#39;y&#39;</p><p>line<br />break</p>',
    '<a href="https://x.test/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">brief</a>',
    '<ol><li><p>nested <code>code</code></p><blockquote>said</blockquote></li></ol><h2>Title</h2>',
    '<p>  spaces   kept  </p>\n<p>é ü 中文 🎵</p>',
  ];
  it('draws exactly what the browser draws', () => {
    const drawn = (html: string) => renderToStaticMarkup(<div>{richText(html)}</div>);
    const inBrowser = stored.map(drawn);
    setHtmlParser(parseHtml);
    try {
      expect(stored.map(drawn)).toEqual(inBrowser);
    } finally {
      setHtmlParser(null);
    }
  });
});
