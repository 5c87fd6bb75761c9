import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMBED_ORIGINS,
  POST_LINK_MESSAGES,
  competitionPostPlatforms,
  embedUrl,
  parsePostLink,
  platformNotTakenMessage,
  profileUrl,
} from './post-links.ts';

const post = (platform: string, postId: string, url: string, handle: string | null = null) => ({
  kind: 'post',
  platform,
  postId,
  url,
  handle,
});

describe('TikTok links', () => {
  it('recognises video and photo ids, on any host form, without tracking parameters', () => {
    const video = post(
      'tiktok',
      '7301234567890123456',
      'https://www.tiktok.com/@luna.vega/video/7301234567890123456',
      'luna.vega',
    );
    for (const link of [
      'https://www.tiktok.com/@luna.vega/video/7301234567890123456',
      'https://www.tiktok.com/@luna.vega/video/7301234567890123456?is_from_webapp=1&sender_device=pc',
      'http://m.tiktok.com/@luna.vega/video/7301234567890123456/',
      'tiktok.com/@luna.vega/video/7301234567890123456',
      '  https://tiktok.com/@luna.vega/video/7301234567890123456#comments ',
    ])
      expect(parsePostLink(link), link).toEqual(video);
    expect(parsePostLink('https://www.tiktok.com/@dancer/photo/7309999999999999999')).toEqual(
      post(
        'tiktok',
        '7309999999999999999',
        'https://www.tiktok.com/@dancer/photo/7309999999999999999',
        'dancer',
      ),
    );
  });

  it('sends short links to be resolved', () => {
    expect(parsePostLink('https://vm.tiktok.com/ZMabc123/')).toEqual({
      kind: 'short',
      platform: 'tiktok',
      url: 'https://vm.tiktok.com/ZMabc123/',
    });
    expect(parsePostLink('vt.tiktok.com/ZSxyz')).toMatchObject({
      kind: 'short',
      url: 'https://vt.tiktok.com/ZSxyz/',
    });
    expect(parsePostLink('https://www.tiktok.com/t/ZT8abc/?k=1')).toMatchObject({
      kind: 'short',
      url: 'https://www.tiktok.com/t/ZT8abc/',
    });
  });
});

describe('YouTube links', () => {
  it('recognises watch?v=, youtu.be/, shorts/ and embed/ ids', () => {
    const expected = post('youtube', 'dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ?feature=share',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    ])
      expect(parsePostLink(link), link).toEqual(expected);
  });
});

describe('Instagram links', () => {
  it('recognises /p/, /reel/, /reels/ and /tv/ shortcodes', () => {
    expect(parsePostLink('https://www.instagram.com/p/C1a2B3c4D5e/?igsh=xyz')).toEqual(
      post('instagram', 'C1a2B3c4D5e', 'https://www.instagram.com/p/C1a2B3c4D5e/'),
    );
    for (const link of [
      'https://www.instagram.com/reel/C9zYx8WvU7t/',
      'https://instagram.com/reels/C9zYx8WvU7t',
      'https://www.instagram.com/luna/reel/C9zYx8WvU7t/?utm_source=ig_web_copy_link',
    ])
      expect(parsePostLink(link), link).toMatchObject({
        kind: 'post',
        platform: 'instagram',
        postId: 'C9zYx8WvU7t',
        url: 'https://www.instagram.com/reel/C9zYx8WvU7t/',
      });
    expect(parsePostLink('https://www.instagram.com/tv/B7abcdEFgh/')).toMatchObject({ postId: 'B7abcdEFgh' });
  });
});

describe('anything else', () => {
  it('is refused with a clear message', () => {
    for (const link of [
      '',
      'not a link',
      'https://www.tiktok.com/@luna',
      'https://www.tiktok.com/@luna/video/abc',
      'https://www.youtube.com/channel/UC123',
      'https://youtu.be/short',
      'https://www.instagram.com/luna/',
      'https://evil.test/@luna/video/7301234567890123456',
      'javascript:alert(1)',
      'ftp://tiktok.com/@a/video/7301234567890123456',
      'https://tiktok.com.evil.test/@a/video/7301234567890123456',
      'https://www.tiktok.com/@%E0%A4%A/video/7301234567890123456',
    ])
      expect(parsePostLink(link), link).toEqual({ kind: 'invalid', message: POST_LINK_MESSAGES.invalid });
  });

  it('never throws, and a recognised link parses to itself', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl()), (text) => {
        const parsed = parsePostLink(text);
        if (parsed.kind === 'post') expect(parsePostLink(parsed.url)).toEqual(parsed);
      }),
    );
  });
});

describe('embedUrl and profileUrl', () => {
  it('embeds each platform through its own player, and nothing it cannot recognise', () => {
    expect(embedUrl('tiktok', '7301234567890123456')).toBe(
      'https://www.tiktok.com/player/v1/7301234567890123456',
    );
    expect(embedUrl('instagram', 'C1a2B3c4D5e')).toBe('https://www.instagram.com/p/C1a2B3c4D5e/embed/');
    expect(embedUrl('youtube', 'dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedUrl('youtube', 'not an id')).toBeNull();
    expect(embedUrl('capcut', '123')).toBeNull();
    expect(embedUrl('tiktok', null)).toBeNull();
    for (const platform of ['tiktok', 'instagram', 'youtube'])
      expect(
        EMBED_ORIGINS.some((o) =>
          embedUrl(platform, platform === 'tiktok' ? '12345678' : 'dQw4w9WgXcQ')!.startsWith(`${o}/`),
        ),
      ).toBe(true);
  });

  it('links a handle to its profile, with or without the @', () => {
    expect(profileUrl('tiktok', '@luna')).toBe('https://www.tiktok.com/@luna');
    expect(profileUrl('instagram', 'luna')).toBe('https://www.instagram.com/luna/');
    expect(profileUrl('youtube', 'luna')).toBe('https://www.youtube.com/@luna');
    expect(profileUrl('tiktok', ' ')).toBeNull();
    expect(profileUrl('youtube', 'a/b')).toBe('https://www.youtube.com/@a%2Fb');
  });
});

describe('the platforms a competition takes', () => {
  it('reads combined options and refuses the others, naming what is taken', () => {
    expect(competitionPostPlatforms(['TikTok + Instagram Reel'])).toEqual(['tiktok', 'instagram']);
    expect(platformNotTakenMessage(['TikTok'], 'instagram')).toBe(
      'This competition takes only TikTok videos',
    );
    expect(platformNotTakenMessage(['TikTok + YouTube Short'], 'instagram')).toBe(
      'This competition takes only TikTok and YouTube videos',
    );
    expect(platformNotTakenMessage(['Instagram Reel', 'YouTube Short'], 'youtube')).toBeNull();
  });

  it('takes every platform when the options name none of them', () => {
    expect(competitionPostPlatforms(['CapCut'])).toEqual(['tiktok', 'instagram', 'youtube']);
    expect(platformNotTakenMessage([], 'youtube')).toBeNull();
  });
});
