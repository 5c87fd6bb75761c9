/** Where creators post: the post's platform as stored (doc 2 section 3). */
export const POST_PLATFORMS = ['tiktok', 'instagram', 'youtube'] as const;
export type PostPlatform = (typeof POST_PLATFORMS)[number];
export const PLATFORM_NAMES: Record<PostPlatform, string> = {
  tiktok: 'TikTok',
  instagram: 'Instagram',
  youtube: 'YouTube',
};

/** A stored platform key (tiktok…) as people write it (TikTok); an unknown one as stored. */
export function platformName(key: string): string {
  const known = key.trim().toLowerCase();
  return Object.hasOwn(PLATFORM_NAMES, known) ? PLATFORM_NAMES[known as PostPlatform] : key;
}

export const POST_LINK_MESSAGES = {
  invalid: 'Please enter a TikTok, Instagram Reel or YouTube Short video link',
  unresolved: 'This TikTok short link could not be opened; please paste the full video link',
  duplicate: 'This video is already entered in this competition',
  closed: 'This competition is not accepting entries',
  notStarted: 'This competition has not started yet',
} as const;

/**
 * The refusal of a video on a platform the competition does not take, naming the ones it does:
 * one fixed text per set of platforms, so the web translates it like any field message.
 */
export const PLATFORM_NOT_TAKEN_MESSAGES = {
  tiktok: 'This competition takes only TikTok videos',
  instagram: 'This competition takes only Instagram videos',
  youtube: 'This competition takes only YouTube videos',
  'tiktok+instagram': 'This competition takes only TikTok and Instagram videos',
  'tiktok+youtube': 'This competition takes only TikTok and YouTube videos',
  'instagram+youtube': 'This competition takes only Instagram and YouTube videos',
} as const;

/**
 * The post platforms a competition's platform options name ('TikTok + Instagram Reel' gives
 * tiktok and instagram). Options that name none of them (CapCut alone, an empty list) restrict
 * nothing: every platform is taken (decision 0110).
 */
export function competitionPostPlatforms(options: readonly string[]): PostPlatform[] {
  const named = new Set(
    options.flatMap((option) => option.split('+').map((part) => part.trim().toLowerCase().split(/\s+/)[0])),
  );
  const taken = POST_PLATFORMS.filter((platform) => named.has(platform));
  return taken.length ? taken : [...POST_PLATFORMS];
}

/** Why a video on `platform` cannot enter a competition with these platform options, or null. */
export function platformNotTakenMessage(options: readonly string[], platform: PostPlatform): string | null {
  const taken = competitionPostPlatforms(options);
  if (taken.includes(platform)) return null;
  return PLATFORM_NOT_TAKEN_MESSAGES[taken.join('+') as keyof typeof PLATFORM_NOT_TAKEN_MESSAGES];
}

export type ParsedPostLink =
  | { kind: 'post'; platform: PostPlatform; postId: string; url: string; handle: string | null }
  /** A TikTok short link: the server follows its redirect to the full video link. */
  | { kind: 'short'; platform: 'tiktok'; url: string }
  | { kind: 'invalid'; message: string };

const invalid = { kind: 'invalid', message: POST_LINK_MESSAGES.invalid } as const;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const INSTAGRAM_CODE = /^[A-Za-z0-9_-]{5,64}$/;
const TIKTOK_ID = /^\d{8,25}$/;

/** TikTok short-link hosts and paths whose redirect leads to the video. */
export const TIKTOK_SHORT_HOSTS = ['vm.tiktok.com', 'vt.tiktok.com'] as const;

function hostOf(url: URL) {
  return url.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
}

/**
 * Recognises a video link and gives its platform, the platform's own id and one canonical
 * address, so the same video is the same entry however it was pasted (tracking parameters,
 * mobile hosts, short forms). TikTok: /@handle/video/{id} and /photo/{id}; YouTube: watch?v=,
 * youtu.be/, shorts/ and embed/; Instagram: /p/, /reel/, /reels/ and /tv/ shortcodes.
 */
export function parsePostLink(input: string): ParsedPostLink {
  let url: URL;
  try {
    const text = input.trim();
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return invalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return invalid;
  const host = hostOf(url);
  const parts = url.pathname.split('/').filter(Boolean);

  if ((TIKTOK_SHORT_HOSTS as readonly string[]).includes(url.hostname.toLowerCase()) && parts.length >= 1)
    return { kind: 'short', platform: 'tiktok', url: `https://${url.hostname.toLowerCase()}/${parts[0]}/` };
  if (host === 'tiktok.com') {
    if (parts[0] === 't' && parts[1])
      return { kind: 'short', platform: 'tiktok', url: `https://www.tiktok.com/t/${parts[1]}/` };
    const [user, type, id] = parts;
    if (
      user?.startsWith('@') &&
      user.length > 1 &&
      (type === 'video' || type === 'photo') &&
      id &&
      TIKTOK_ID.test(id)
    ) {
      let handle: string;
      try {
        handle = decodeURIComponent(user.slice(1));
      } catch {
        return invalid;
      }
      return {
        kind: 'post',
        platform: 'tiktok',
        postId: id,
        handle,
        url: `https://www.tiktok.com/@${encodeURIComponent(handle)}/${type}/${id}`,
      };
    }
    return invalid;
  }

  if (host === 'youtube.com' || host === 'music.youtube.com' || host === 'youtu.be') {
    const id =
      host === 'youtu.be'
        ? parts[0]
        : parts[0] === 'watch'
          ? url.searchParams.get('v')
          : parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live'
            ? parts[1]
            : undefined;
    if (!id || !YOUTUBE_ID.test(id)) return invalid;
    return {
      kind: 'post',
      platform: 'youtube',
      postId: id,
      handle: null,
      url: `https://www.youtube.com/watch?v=${id}`,
    };
  }

  if (host === 'instagram.com') {
    // /p/CODE, /reel/CODE, /reels/CODE, /tv/CODE, also behind a username: /{user}/reel/CODE
    const at = parts.findIndex((p) => ['p', 'reel', 'reels', 'tv'].includes(p));
    const code = at >= 0 && at <= 1 ? parts[at + 1] : undefined;
    if (!code || !INSTAGRAM_CODE.test(code)) return invalid;
    const type = parts[at] === 'reels' ? 'reel' : parts[at]!;
    return {
      kind: 'post',
      platform: 'instagram',
      postId: code,
      handle: at === 1 ? parts[0]! : null,
      url: `https://www.instagram.com/${type}/${code}/`,
    };
  }
  return invalid;
}

/**
 * The embed players the review screens frame, and nothing else (the server's CSP frame-src
 * lists exactly these hosts; no platform script is loaded).
 */
export const EMBED_ORIGINS = [
  'https://www.tiktok.com',
  'https://www.instagram.com',
  'https://www.youtube-nocookie.com',
] as const;

/**
 * A video's embed player address from its platform and the platform's id, or null when it
 * cannot be embedded (an unknown platform, an id of the wrong form): then the screen shows a
 * plain link.
 */
export function embedUrl(platform: string, postId: string | null): string | null {
  if (!postId) return null;
  switch (platform.trim().toLowerCase()) {
    case 'tiktok':
      return TIKTOK_ID.test(postId) ? `https://www.tiktok.com/player/v1/${postId}` : null;
    case 'instagram':
      return INSTAGRAM_CODE.test(postId) ? `https://www.instagram.com/p/${postId}/embed/` : null;
    case 'youtube':
      return YOUTUBE_ID.test(postId) ? `https://www.youtube-nocookie.com/embed/${postId}` : null;
    default:
      return null;
  }
}

/** The creator's profile on the platform (the card's Vet link), or null without a handle. */
export function profileUrl(platform: string, handle: string | null): string | null {
  const name = handle?.trim().replace(/^@+/, '');
  if (!name) return null;
  const path = encodeURIComponent(name);
  switch (platform.trim().toLowerCase()) {
    case 'tiktok':
      return `https://www.tiktok.com/@${path}`;
    case 'instagram':
      return `https://www.instagram.com/${path}/`;
    case 'youtube':
      return `https://www.youtube.com/@${path}`;
    default:
      return null;
  }
}

/** How an entry arrives: the public form, staff by hand, an import file, a partner's API. */
export const ENTRY_CHANNELS = ['form', 'staff', 'import', 'partner'] as const;
export type EntryChannel = (typeof ENTRY_CHANNELS)[number];
