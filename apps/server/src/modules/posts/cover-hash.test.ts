import { hammingDistance, isNearCover } from '@preffy/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { coverHash } from './cover-hash.ts';
import { copyCover, drawCover } from '../refresh/fake-covers.ts';

/** A cover as a video's thumbnail looks: a lit scene (gradients), a figure, a title. */
const cover = (scene: { sky: string; ground: string; figureX: number; title: string; sun: number }) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280">
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${scene.sky}"/><stop offset="1" stop-color="#101020"/></linearGradient>
        <radialGradient id="sun" cx="${scene.sun}" cy="0.25" r="0.35"><stop offset="0" stop-color="#fff6c0"/><stop offset="1" stop-color="#fff6c0" stop-opacity="0"/></radialGradient>
      </defs>
      <rect width="720" height="1280" fill="url(#sky)"/>
      <rect width="720" height="1280" fill="url(#sun)"/>
      <path d="M0 900 Q 360 760 720 930 L720 1280 L0 1280 Z" fill="${scene.ground}"/>
      <ellipse cx="${scene.figureX}" cy="700" rx="90" ry="220" fill="#202020"/>
      <circle cx="${scene.figureX}" cy="440" r="70" fill="#e0b090"/>
      <text x="60" y="160" font-size="72" font-family="sans-serif" fill="#ffffff">${scene.title}</text>
    </svg>`),
  )
    .png()
    .toBuffer();

const ORIGINAL = { sky: '#ff7a3c', ground: '#2f6b2f', figureX: 260, title: 'Dance challenge', sun: 0.7 };

describe('cover hashes (reposts, issue 42)', () => {
  it('finds a repost through re-encoding, resizing and a watermark', async () => {
    const original = await cover(ORIGINAL);
    const hash = await coverHash(original);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    // Another uploader's copies: re-encoded, resized (a quarter of the size, WebP), watermarked.
    const copies = await Promise.all(
      (['reencoded', 'resized', 'watermarked'] as const).map((copy) => copyCover(original, copy)),
    );
    for (const copy of copies) {
      const distance = hammingDistance(hash, await coverHash(copy));
      expect(distance).toBeLessThanOrEqual(8);
      expect(isNearCover(hash, await coverHash(copy))).toBe(true);
    }
  });

  it('tells apart two videos on the same topic', async () => {
    const hash = await coverHash(await cover(ORIGINAL));
    const another = await coverHash(
      await cover({ sky: '#3c8cff', ground: '#6b5a2f', figureX: 520, title: 'Dance challenge', sun: 0.2 }),
    );
    expect(hammingDistance(hash, another)).toBeGreaterThan(8);
    expect(isNearCover(hash, another)).toBe(false);
  });

  it('refuses what is not an image', async () => {
    await expect(coverHash(Buffer.from('not an image'))).rejects.toThrow();
  });
});

describe('cover hashes of many covers', () => {
  it('keeps every copy of 40 different covers within 8 bits, and no two different covers within 8', async () => {
    const hashes: string[] = [];
    for (let i = 0; i < 40; i++) {
      const original = await drawCover(`cover-${i}`);
      const hash = await coverHash(original);
      hashes.push(hash);
      for (const copy of ['reencoded', 'resized', 'watermarked'] as const)
        expect(hammingDistance(hash, await coverHash(await copyCover(original, copy)))).toBeLessThanOrEqual(
          8,
        );
    }
    for (let i = 0; i < hashes.length; i++)
      for (let j = i + 1; j < hashes.length; j++) expect(isNearCover(hashes[i]!, hashes[j]!)).toBe(false);
  });
});
