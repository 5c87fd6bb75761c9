import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import type { RawBody } from './invalid-inputs.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG chunk with a correct CRC, so a decoder reads it instead of stopping at the checksum. */
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A header announcing 100,000 × 100,000 pixels with no pixel data: a decompression-bomb probe. */
function hugePngHeader() {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IEND', Buffer.alloc(0))]);
}

const part = (boundary: string, name: string, filename: string, content: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from('\r\n'),
  ]);
const end = (boundary: string) => Buffer.from(`--${boundary}--\r\n`);
const multipart = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

type Shape = (boundary: string, garbage: Buffer) => RawBody;

/** Uploads that are never an image: broken framing, no file, or bytes no decoder accepts. */
const SHAPES: Record<string, Shape> = {
  noBoundary: (b, g) => ({
    contentType: 'multipart/form-data',
    payload: Buffer.concat([part(b, 'file', 'a.png', g), end(b)]),
  }),
  wrongBoundary: (b, g) => ({
    contentType: multipart(`${b}x`),
    payload: Buffer.concat([part(b, 'file', 'a.png', g), end(b)]),
  }),
  truncated: (b, g) => ({
    contentType: multipart(b),
    payload: part(b, 'file', 'a.png', Buffer.concat([PNG_SIGNATURE, g])).subarray(0, 60 + g.length / 2),
  }),
  empty: (b) => ({ contentType: multipart(b), payload: Buffer.alloc(0) }),
  onlyTheEnd: (b) => ({ contentType: multipart(b), payload: end(b) }),
  otherField: (b, g) => ({
    contentType: multipart(b),
    payload: Buffer.concat([part(b, 'photo', 'a.png', g), end(b)]),
  }),
  emptyFile: (b) => ({
    contentType: multipart(b),
    payload: Buffer.concat([part(b, 'file', 'a.png', Buffer.alloc(0)), end(b)]),
  }),
  garbageFile: (b, g) => ({
    contentType: multipart(b),
    payload: Buffer.concat([
      part(b, 'file', 'a.png', Buffer.concat([Buffer.from('not an image'), g])),
      end(b),
    ]),
  }),
  cutPng: (b, g) => ({
    contentType: multipart(b),
    payload: Buffer.concat([
      part(b, 'file', 'a.png', Buffer.concat([hugePngHeader().subarray(0, 20), g])),
      end(b),
    ]),
  }),
  hugePng: (b) => ({
    contentType: multipart(b),
    payload: Buffer.concat([part(b, 'file', 'a.png', hugePngHeader()), end(b)]),
  }),
  twoFiles: (b, g) => ({
    contentType: multipart(b),
    payload: Buffer.concat([part(b, 'file', 'a.png', g), part(b, 'file', 'b.png', g), end(b)]),
  }),
  hostileFilename: (b, g) => ({
    contentType: multipart(b),
    payload: Buffer.concat([
      part(b, 'file', '../../etc/passwd"; x="<script>', Buffer.concat([Buffer.from('x'), g])),
      end(b),
    ]),
  }),
  notMultipart: () => ({ contentType: 'application/json', payload: '{"file":"x"}' }),
};

export function hostileMultipartBody(): fc.Arbitrary<RawBody & { shape: string }> {
  return fc
    .record({
      shape: fc.constantFrom(...Object.keys(SHAPES)),
      boundary: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
      garbage: fc.uint8Array({ maxLength: 2_048 }),
    })
    .map(({ shape, boundary, garbage }) => ({ shape, ...SHAPES[shape]!(boundary, Buffer.from(garbage)) }));
}
