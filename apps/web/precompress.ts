import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text the server sends often enough to be worth compressing once, at build time. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, a compressed copy saves less than its headers cost (the API's threshold too). */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Writes file.br and file.gz beside a text file worth compressing. */
export function compressFile(file: string) {
  if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) return;
  const bytes = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  );
}

/**
 * Writes name.br (brotli at its best, which is slow: fine once per build) and name.gz beside
 * every text file of the build, so the server sends them as they are (@fastify/static's
 * preCompressed) instead of compressing the same bytes on every request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'preffy-precompress',
    // The prerender's server bundle (prerender-pages.ts) is run once, never served.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) compressFile(file);
    },
  };
}
