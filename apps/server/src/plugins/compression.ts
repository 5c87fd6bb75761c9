import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers of 1 KB and more are compressed for clients that accept it; the web app's files come
 * compressed from the build (spa.ts), and request bodies are never inflated here. Brotli at
 * quality 2, not the plugin's 4: half the CPU on a page of a list, and large answers come out no
 * bigger (decision 0085). The benchmark's bare route sends its answers the same way (0089).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    brotliOptions: {
      params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 2 },
    },
  });
}
