import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** Album images: JPEG, PNG or WebP, recognised by their bytes (not the name or the browser's word). */
export { MAX_IMAGE_BYTES, UPLOADS_PER_HOUR } from '@preffy/api';
/** A few kilobytes can claim a huge canvas: bigger pictures are refused before they are decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const IMAGE_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

export function sniffImage(bytes: Buffer): ImageExtension | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

/** sharp's name for each kind we accept. */
const SHARP_FORMATS = { jpg: 'jpeg', png: 'png', webp: 'webp' } as const;
/** A PNG stays lossless (its "quality" would reduce it to a palette). */
const OUTPUT_OPTIONS = { jpg: { quality: 85 }, png: {}, webp: { quality: 85 } } as const;

export type ReencodedImage =
  | { ok: true; bytes: Buffer; ext: ImageExtension }
  | { ok: false; reason: 'not-an-image' | 'too-many-pixels' };

/**
 * Decodes the upload and writes its pixels anew in the same kind (decision 0016). Only the
 * picture survives: bytes appended after it, EXIF (GPS, camera) and other metadata are gone,
 * and the EXIF orientation is applied to the pixels. The magic bytes are checked first so
 * sharp never parses what we do not accept (SVG, GIF, TIFF, …).
 */
export async function reencodeImage(bytes: Buffer): Promise<ReencodedImage> {
  const ext = sniffImage(bytes);
  if (!ext) return { ok: false, reason: 'not-an-image' };
  // The header alone (no pixels decoded yet) says the kind and the size.
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!metadata || metadata.format !== SHARP_FORMATS[ext]) return { ok: false, reason: 'not-an-image' };
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_IMAGE_PIXELS)
    return { ok: false, reason: 'too-many-pixels' };
  // failOn 'error' rather than the default 'warning': phone JPEGs often carry harmless warnings.
  // The pixel limit is checked again by libvips, whatever the header said.
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false });
  try {
    const output = await image
      .autoOrient()
      .toFormat(SHARP_FORMATS[ext], OUTPUT_OPTIONS[ext])
      .timeout({ seconds: 20 })
      .toBuffer();
    return { ok: true, bytes: output, ext };
  } catch {
    // Broken image data after a valid header.
    return { ok: false, reason: 'not-an-image' };
  }
}

export const IMAGE_URL_PREFIX = '/images/';
/** Only images this server stored may be put on a record. */
export const isStoredImageUrl = (url: string) => /^\/images\/[a-z0-9][a-z0-9._-]*\.(jpg|png|webp)$/.test(url);

/**
 * Re-encodes an image and stores it under the hash of its bytes (decision 0118): the URL a record
 * holds. The upload route and the legacy import store images through it.
 */
export async function saveImage(
  storage: { put(key: string, bytes: Buffer, contentType: string): Promise<void> },
  raw: Buffer,
): Promise<{ ok: true; url: string } | { ok: false; reason: 'not-an-image' | 'too-many-pixels' }> {
  const image = await reencodeImage(raw);
  if (!image.ok) return image;
  const name = `${createHash('sha256').update(image.bytes).digest('hex')}.${image.ext}`;
  await storage.put(`images/${name}`, image.bytes, IMAGE_TYPES[image.ext]);
  return { ok: true, url: `${IMAGE_URL_PREFIX}${name}` };
}
