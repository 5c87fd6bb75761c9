import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { S3Settings } from '../../config/env.ts';
import type { FileStorage } from './storage.ts';

/** The endpoint is e.g. https://s3.eu-west-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000 */
export type S3StorageOptions = S3Settings & { timeoutMs?: number };

export type S3Storage = FileStorage & {
  /** The stored object's size in bytes (a HEAD request), or null when the bucket lacks it. */
  sizeOf(key: string): Promise<number | null>;
};

/**
 * Any S3-compatible store (AWS S3, Cloudflare R2, MinIO, …) with path-style addresses and
 * SigV4-signed requests. The browser never talks to the store: images are served through
 * /images/:name, so the bucket stays private and the keys stay on the server.
 */
export function s3Storage(options: S3StorageOptions): S3Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    retries: 3,
  });
  const timeout = options.timeoutMs ?? 15_000;
  const base = `${options.endpoint.replace(/\/$/, '')}/${encodeURIComponent(options.bucket)}`;
  const url = (key: string) => `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  return {
    async put(key, bytes, contentType) {
      const response = await client.fetch(url(key), {
        method: 'PUT',
        // A copy on a plain ArrayBuffer: the DOM body types (@types/pdfkit brings them in) refuse
        // a Buffer, which may sit on a SharedArrayBuffer.
        body: new Uint8Array(bytes),
        // A signed body hash: the store refuses the object if a byte changed on the way.
        headers: {
          'content-type': contentType,
          'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
        },
        signal: AbortSignal.timeout(timeout),
      });
      if (!response.ok)
        throw new Error(`Object storage refused ${key}: ${response.status} ${await response.text()}`);
    },
    async get(key) {
      const response = await client.fetch(url(key), { signal: AbortSignal.timeout(timeout) });
      if (response.status === 404) return null;
      if (!response.ok || !response.body)
        throw new Error(`Object storage failed to read ${key}: ${response.status}`);
      return {
        stream: Readable.fromWeb(response.body as WebReadableStream),
        size: Number(response.headers.get('content-length') ?? 0),
      };
    },
    async sizeOf(key) {
      const response = await client.fetch(url(key), { method: 'HEAD', signal: AbortSignal.timeout(timeout) });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`Object storage failed to look up ${key}: ${response.status}`);
      return Number(response.headers.get('content-length') ?? 0);
    },
  };
}
