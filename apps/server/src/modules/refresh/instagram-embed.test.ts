import { describe, expect, it } from 'vitest';
import { likesFromEmbedPage } from './instagram-embed.ts';

describe('likesFromEmbedPage', () => {
  it("reads the page's inline data first, in each of its spellings", () => {
    expect(likesFromEmbedPage('<script>{"edge_liked_by":{"count":1234}}</script> 99 likes')).toBe(1234);
    expect(likesFromEmbedPage('{"edge_media_preview_like": { "count": 42 }}')).toBe(42);
    expect(likesFromEmbedPage('{"like_count":7}')).toBe(7);
  });

  it("reads the text ('12,345 likes', '1 like') when the page has no data", () => {
    expect(likesFromEmbedPage('<div class="SocialProof"><a>12,345 likes</a></div>')).toBe(12345);
    expect(likesFromEmbedPage('<a>1 like</a>')).toBe(1);
  });

  it('answers null for a page without a like count (a login wall, an error page)', () => {
    expect(likesFromEmbedPage('<html><body>Log in to see photos</body></html>')).toBeNull();
  });
});
