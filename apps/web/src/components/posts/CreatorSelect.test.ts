import { describe, expect, it } from 'vitest';
import { creatorOptions } from './CreatorSelect.tsx';

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
