/**
 * Reposts (issue 42): covers compared by a 64-bit perceptual hash (a dHash, 16 hex digits; the
 * server computes it with sharp), near when few of their bits differ. To find near hashes among a
 * million without comparing each, a hash is split into three bands of 22, 21 and 21 bits: two
 * hashes at most 8 bits apart have, by the pigeonhole principle, a band at most 2 bits apart
 * (three bands 3 bits apart would be 9), so the candidates are the hashes with a band among the
 * few hundred values within 2 bits of the same band of the new hash. Four 16-bit bands would need
 * the same radius and find about 8,000 candidates among a million random hashes; three find about
 * 330 (decision 0135).
 */
export const REPOST_MAX_DISTANCE = 8;
/** Each band's width in bits, most significant first. */
export const HASH_BAND_BITS = [22, 21, 21] as const;
export const HASH_BANDS = HASH_BAND_BITS.length;
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

/** The hash's three bands (22, 21 and 21 bits), most significant first. */
export function hashBands(hash: string): number[] {
  let rest = BigInt(`0x${hash}`);
  const bands: number[] = [];
  for (const bits of [...HASH_BAND_BITS].reverse()) {
    bands.unshift(Number(rest & ((1n << BigInt(bits)) - 1n)));
    rest >>= BigInt(bits);
  }
  return bands;
}

/** Every value of a `bits`-wide band within `radius` bits of `band` (itself included). */
export function bandNeighbours(band: number, bits: number, radius = BAND_RADIUS): number[] {
  const found = [band];
  if (radius >= 1) for (let i = 0; i < bits; i++) found.push(band ^ (1 << i));
  if (radius >= 2)
    for (let i = 0; i < bits; i++) for (let j = i + 1; j < bits; j++) found.push(band ^ (1 << i) ^ (1 << j));
  return found;
}

/**
 * A flat picture (one colour, a plain fade) hashes to nearly all 0s or all 1s, and so would match
 * every other flat picture: such a cover says nothing about which video it is, and is never
 * compared: a cover needs at least 6 bits of each kind.
 */
export const COVER_MIN_DETAIL_BITS = 6;
export function isInformativeHash(hash: string): boolean {
  const ones = hammingDistance(hash, '0000000000000000');
  return ones >= COVER_MIN_DETAIL_BITS && ones <= 64 - COVER_MIN_DETAIL_BITS;
}

/** Whether `other` is a possible repost of `hash`'s cover. */
export const isNearCover = (hash: string, other: string) =>
  hammingDistance(hash, other) <= REPOST_MAX_DISTANCE;
