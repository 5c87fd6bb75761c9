/**
 * Reposts (issue 42): covers compared by a 64-bit perceptual hash (a dHash, 16 hex digits; the
 * server computes it with sharp), near when few of their bits differ. To find near hashes among a
 * million without comparing each, a hash is split into four 16-bit bands: two hashes at most 8
 * bits apart have, by the pigeonhole principle, a band at most 2 bits apart, so the candidates
 * are the hashes with a band among the 137 values within 2 bits of one of the new hash's bands.
 */
export const REPOST_MAX_DISTANCE = 8;
export const HASH_BANDS = 4;
const BAND_BITS = 16;
const BAND_RADIUS = Math.floor(REPOST_MAX_DISTANCE / HASH_BANDS);

const isHash = (hash: string) => /^[0-9a-f]{16}$/.test(hash);

/** How many of two hashes' 64 bits differ. */
export function hammingDistance(a: string, b: string): number {
  if (!isHash(a) || !isHash(b)) throw new Error('A perceptual hash is 16 lower-case hex digits');
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  while (x) {
    bits += Number(x & 1n);
    x >>= 1n;
  }
  return bits;
}

/** The hash's four 16-bit bands, most significant first. */
export const hashBands = (hash: string): number[] =>
  Array.from({ length: HASH_BANDS }, (_, i) => parseInt(hash.slice(i * 4, i * 4 + 4), 16));

/** Every band value within `radius` bits of `band` (itself included): 137 for radius 2. */
export function bandNeighbours(band: number, radius = BAND_RADIUS): number[] {
  const found = [band];
  if (radius >= 1) for (let i = 0; i < BAND_BITS; i++) found.push(band ^ (1 << i));
  if (radius >= 2)
    for (let i = 0; i < BAND_BITS; i++)
      for (let j = i + 1; j < BAND_BITS; j++) found.push(band ^ (1 << i) ^ (1 << j));
  return found;
}

/** Whether `other` is a possible repost of `hash`'s cover. */
export const isNearCover = (hash: string, other: string) =>
  hammingDistance(hash, other) <= REPOST_MAX_DISTANCE;
