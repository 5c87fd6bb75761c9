import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { signedInClient, uploadImage } from '../../../test/test-app.ts';
import {
  EMPTY_FILE,
  NOT_MULTIPART,
  NO_FILE,
  TOO_BIG,
  TOO_MANY_PIXELS,
  TOO_MANY_UPLOADS,
  WRONG_TYPE,
} from './images.routes.ts';
import { UPLOADS_PER_HOUR } from './images.ts';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } });

/** A multipart body written by hand, so each test can break it in its own way. */
function multipart(parts: { field: string; filename?: string; bytes: Buffer }[], boundary = 'xYzZy') {
  const chunks = parts.flatMap(({ field, filename, bytes }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"` +
        (filename ? `; filename="${filename}"\r\nContent-Type: image/png` : '') +
        '\r\n\r\n',
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

let dataDir: string;
let app: FastifyInstance;
let staff: SignedInClient;
let png: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'preffy-images-'));
  // The local disk, whatever the database: these tests read what was written under DATA_DIR.
  ({ app, staff } = await signedInApp({ staff: 'staff' }, { dataDir, storage: { kind: 'disk', s3: null } }));
  png = await picture(4, 3).png().toBuffer();
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The bytes the server wrote to disk for an uploaded image's URL. */
const storedBytes = (url: string) => readFile(path.join(dataDir, 'images', url.replace('/images/', '')));

describe('album images are re-encoded', () => {
  it('keeps the kind: a PNG stays a PNG, a JPEG a JPEG, a WebP a WebP', async () => {
    for (const [format, ext] of [
      ['png', 'png'],
      ['jpeg', 'jpg'],
      ['webp', 'webp'],
    ] as const) {
      const response = await uploadImage(staff, await picture(4, 3).toFormat(format).toBuffer());
      expect(response.statusCode).toBe(201);
      const { url } = response.json() as { url: string };
      expect(url).toMatch(new RegExp(`^/images/[a-z0-9-]+\\.${ext}$`));
      const stored = await sharp(await storedBytes(url)).metadata();
      expect(stored).toMatchObject({ format, width: 4, height: 3 });
      const served = await app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(await storedBytes(url))).toBe(true);
    }
  });

  it('drops a script appended after a valid PNG (the stored bytes do not contain it)', async () => {
    const payload = '<script>alert(document.cookie)</script>';
    const response = await uploadImage(staff, Buffer.concat([png, Buffer.from(payload)]));
    expect(response.statusCode).toBe(201);
    const stored = await storedBytes(response.json().url);
    expect(stored.includes(payload)).toBe(false);
    expect(stored.includes('<script')).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('png');
  });

  it('strips EXIF (GPS, camera) and turns the picture as the camera said', async () => {
    const photo = await picture(4, 3)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'SECRET-GPS-48.85N' } } })
      .toBuffer();
    expect(photo.includes('SECRET-GPS-48.85N')).toBe(true);
    const response = await uploadImage(staff, photo, 'photo.jpg');
    expect(response.statusCode).toBe(201);
    const stored = await storedBytes(response.json().url);
    expect(stored.includes('SECRET-GPS-48.85N')).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 3, height: 4 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('refuses a PNG header followed by HTML, an SVG, a GIF and a cut-off image', async () => {
    const disguised = [
      Buffer.concat([png.subarray(0, 8), Buffer.from('<html><script>alert(1)</script></html>')]),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      await picture(4, 3).gif().toBuffer(),
      png.subarray(0, 40),
    ];
    for (const bytes of disguised) {
      const response = await uploadImage(staff, bytes);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: WRONG_TYPE, fieldErrors: { file: [WRONG_TYPE] } });
    }
  });

  it('refuses a small file that claims more than 40 megapixels, before decoding it', async () => {
    // A real 1×1 PNG whose header now says 10000×5000 (a decompression bomb's trick).
    const bomb = Buffer.from(await picture(1, 1).png().toBuffer());
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(5_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const response = await uploadImage(staff, bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ file: [TOO_MANY_PIXELS] });
  });
});

describe('hostile multipart bodies answer 4xx with a clear message, never 500', () => {
  const send = (body: Buffer | string, contentType: string) =>
    staff.raw('POST', '/api/images', Buffer.from(body), contentType);

  it('no boundary in the content type', async () => {
    const response = await send(
      multipart([{ field: 'file', filename: 'a.png', bytes: png }]),
      'multipart/form-data',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: NOT_MULTIPART });
  });

  it('a body cut off in the middle of the file', async () => {
    const body = multipart([{ field: 'file', filename: 'a.png', bytes: png }]);
    const response = await send(body.subarray(0, body.length - 30), 'multipart/form-data; boundary=xYzZy');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: NOT_MULTIPART });
  });

  it('a body that is not multipart at all', async () => {
    const response = await send(png, 'multipart/form-data; boundary=xYzZy');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NOT_MULTIPART);
    const json = await staff.request('POST', '/api/images', { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(NOT_MULTIPART);
  });

  it('an empty file', async () => {
    const response = await uploadImage(staff, Buffer.alloc(0));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ file: [EMPTY_FILE] });
  });

  it('a file over 5 MB', async () => {
    const response = await uploadImage(staff, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(response.statusCode).toBe(413);
    expect(response.json().fieldErrors).toEqual({ file: [TOO_BIG] });
  });

  it('no file field, a file under another name, or two files', async () => {
    const bodies = [
      multipart([{ field: 'title', bytes: Buffer.from('cover') }]),
      multipart([{ field: 'image', filename: 'a.png', bytes: png }]),
      multipart([
        { field: 'file', filename: 'a.png', bytes: png },
        { field: 'file', filename: 'b.png', bytes: png },
      ]),
      multipart([]),
    ];
    for (const body of bodies) {
      const response = await send(body, 'multipart/form-data; boundary=xYzZy');
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ file: [NO_FILE] });
    }
  });
});

describe('the API reference', () => {
  it('shows the upload as a multipart/form-data body with one file, "file"', async () => {
    const upload = (await staff.get('/api/openapi.json')).json().paths['/api/images'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    expect(upload.requestBody.content['multipart/form-data'].schema).toEqual({
      type: 'object',
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
  });
});

describe('uploads per user per hour', () => {
  it(`allows ${UPLOADS_PER_HOUR} an hour to each user, then answers 429 with a clear message`, async () => {
    const { client: busy } = await signedInClient(app, 'organizer');
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) expect((await uploadImage(busy, png)).statusCode).toBe(201);
    const refused = await uploadImage(busy, png);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: TOO_MANY_UPLOADS,
      fieldErrors: { file: [TOO_MANY_UPLOADS] },
    });
    // Someone else (even behind the same address) still can.
    const { client: colleague } = await signedInClient(app, 'organizer');
    expect((await uploadImage(colleague, png)).statusCode).toBe(201);
  });
});
