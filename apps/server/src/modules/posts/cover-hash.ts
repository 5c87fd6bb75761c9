import sharp from 'sharp';

/** The size every cover is first brought to, so the hash does not depend on the upload's size. */
const STEP = { width: 90, height: 80 };

/**
 * A cover's 64-bit difference hash (dHash, issue 42), as 16 hex digits: the picture in grey,
 * shrunk to 9 × 8, each bit whether a pixel is brighter than its right-hand neighbour. It
 * survives what a repost does to a cover (re-encoding, resizing, a watermark in a corner) and
 * differs for another picture; `isNearCover` (domain) compares two. The shrinking goes through
 * 90 × 80 first: shrunk in one step, a 720-pixel cover and its 180-pixel copy took different
 * shortcuts and came out up to 12 bits apart; through a fixed size, at most 6 (decision 0135).
 */
export async function coverHash(bytes: Buffer): Promise<string> {
  const step = await sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })
    .greyscale()
    .resize(STEP.width, STEP.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const pixels = await sharp(step, { raw: { ...STEP, channels: 1 } })
    // Raw input is read as colour again: grey keeps one byte per pixel.
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row++)
    for (let column = 0; column < 8; column++)
      hash = (hash << 1n) | (pixels[row * 9 + column]! > pixels[row * 9 + column + 1]! ? 1n : 0n);
  return hash.toString(16).padStart(16, '0');
}
