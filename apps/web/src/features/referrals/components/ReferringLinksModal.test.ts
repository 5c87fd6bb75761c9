import { describe, expect, it } from 'vitest';
import { embedOf } from './ReferringLinksModal.tsx';

describe('embedOf (the referring links as embeds)', () => {
  it("gives a video link's platform and the platform's id, whatever form it was pasted in", () => {
    expect(embedOf('https://www.tiktok.com/@luna/video/7301234567890123456?is_from_webapp=1')).toEqual({
      platform: 'tiktok',
      postId: '7301234567890123456',
    });
    expect(embedOf('youtu.be/abcdefghijk')).toEqual({ platform: 'youtube', postId: 'abcdefghijk' });
    expect(embedOf('https://www.instagram.com/reel/Cx1abcDEF/')).toEqual({
      platform: 'instagram',
      postId: 'Cx1abcDEF',
    });
  });
  it('gives no id for what cannot be embedded (the card shows a plain link)', () => {
    expect(embedOf('https://vm.tiktok.com/ZMabc/')).toEqual({ platform: '', postId: null });
    expect(embedOf('https://example.com/ref')).toEqual({ platform: '', postId: null });
  });
});
