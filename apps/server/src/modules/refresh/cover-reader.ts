import { isInformativeHash } from '@preffy/domain';
import { coverHash } from '../posts/index.ts';

/** A cover is a thumbnail: a few hundred kilobytes. Anything past this is not read. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;

/** Reads a cover from where the provider says it is and answers its hash, or null. */
export type CoverReader = (url: string) => Promise<string | null>;

/**
 * Fetches a video's cover from the address a provider gave (their CDN) and hashes it (reposts,
 * issue 42, decision 0135). The address is the provider's, so it is held to a plain http(s)
 * image, read within the providers' timeout and at most 5 MB. Any failure, or a flat picture
 * that tells nothing (isInformativeHash), answers null: a post without a cover hash is only not
 * compared, and the next refresh tries again.
 */
export function createCoverReader(options: { timeoutMs: number; maxBytes?: number }): CoverReader {
  const maxBytes = options.maxBytes ?? COVER_MAX_BYTES;
  return async (url) => {
    try {
      const address = new URL(url);
      if (address.protocol !== 'https:' && address.protocol !== 'http:') return null;
      if (address.username || address.password) return null;
      const response = await fetch(address, { signal: AbortSignal.timeout(options.timeoutMs) });
      if (!response.ok || !response.body) return null;
      if (!(response.headers.get('content-type') ?? '').startsWith('image/')) return null;
      if (Number(response.headers.get('content-length') ?? 0) > maxBytes) return null;
      const chunks: Buffer[] = [];
      let size = 0;
      const reader = response.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        size += part.value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          return null;
        }
        chunks.push(Buffer.from(part.value));
      }
      const hash = await coverHash(Buffer.concat(chunks));
      return isInformativeHash(hash) ? hash : null;
    } catch {
      return null;
    }
  };
}
