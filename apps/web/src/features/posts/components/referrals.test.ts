import { describe, expect, it } from 'vitest';
import { creatorOptions } from './ManualPostsPage.tsx';
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

describe('creatorOptions', () => {
  it('lists each handle once, labelled with its platform as people write it', () => {
    const creator = { email: 'a@x.test', postCount: 1, profileUrl: null };
    expect(
      creatorOptions([
        { ...creator, creator: 'luna', platform: 'tiktok' },
        { ...creator, creator: 'luna', platform: 'instagram' },
        { ...creator, creator: 'sol', platform: 'youtube' },
      ]),
    ).toEqual([
      { value: 'luna', label: 'luna (TikTok)' },
      { value: 'sol', label: 'sol (YouTube)' },
    ]);
  });
});
