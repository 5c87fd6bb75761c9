import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** How a repost changes the cover it copies. */
export type CoverCopy = 'reencoded' | 'resized' | 'watermarked';

/** A number stream from a seed, so a video's cover is the same every time it is drawn. */
function numbers(seed: string) {
  let state = createHash('sha256').update(seed).digest();
  let at = 0;
  return () => {
    if (at + 4 > state.length) {
      state = createHash('sha256').update(state).digest();
      at = 0;
    }
    const n = state.readUInt32BE(at) / 2 ** 32;
    at += 4;
    return n;
  };
}

/**
 * A video's cover for the fake providers (issue 42): a 360 × 640 picture drawn from the seed
 * (a lit background and a few shapes at places and shades of its own), so two videos' covers
 * differ as two real ones do, and the same video's is always the same.
 */
export function drawCover(seed: string): Promise<Buffer> {
  const next = numbers(seed);
  const grey = () => Math.floor(next() * 256);
  const colour = () => `rgb(${grey()},${grey()},${grey()})`;
  // Every area shaded, as in a photograph: flat areas would leave the hash's bits to noise.
  const gradient = (id: string) =>
    `<linearGradient id="${id}" x1="${next()}" y1="${next()}" x2="${next()}" y2="${next()}">` +
    `<stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient>`;
  const shapes = Array.from({ length: 9 }, (_, i) => {
    const [x, y, size] = [next() * 360, next() * 640, 60 + next() * 160];
    const shape =
      next() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="url(#s${i})"/>`
        : `<rect x="${x - size / 2}" y="${y - size}" width="${size}" height="${size * 2}" fill="url(#s${i})"/>`;
    return { gradient: gradient(`s${i}`), shape };
  });
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="360" height="640">
      <defs>${gradient('bg')}${shapes.map((s) => s.gradient).join('')}</defs>
      <rect width="360" height="640" fill="url(#bg)"/>${shapes.map((s) => s.shape).join('')}
    </svg>`),
  )
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Another uploader's copy of a cover: re-encoded, shrunk, or with their handle in a corner. */
export async function copyCover(original: Buffer, copy: CoverCopy): Promise<Buffer> {
  if (copy === 'reencoded') return sharp(original).jpeg({ quality: 35 }).toBuffer();
  if (copy === 'resized') return sharp(original).resize(180, 320).webp({ quality: 70 }).toBuffer();
  return sharp(original)
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="44"><rect width="150" height="44" rx="10" fill="#000" fill-opacity="0.45"/><text x="12" y="30" font-size="22" font-family="sans-serif" fill="#fff">@reposter</text></svg>`,
        ),
        gravity: 'southeast',
      },
    ])
    .jpeg({ quality: 70 })
    .toBuffer();
}
