import { apiErrorSchema, images } from '@preffy/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, UPLOADS_PER_HOUR, type ImageExtension, saveImage } from './images.ts';
import type { FileStorage } from './storage.ts';
import { clientAddressKey } from '../../lib/client-address.ts';
import { documentedResponses, route } from '../../lib/contract-route.ts';

export const TOO_BIG = 'The image is larger than 5 MB';
export const WRONG_TYPE = 'Please upload a JPEG, PNG or WebP image';
export const TOO_MANY_PIXELS = 'The image is larger than 40 megapixels';
export const EMPTY_FILE = 'The image file is empty';
export const TOO_MANY_UPLOADS = `You can upload at most ${UPLOADS_PER_HOUR} images per hour; please try again later`;
export const NO_FILE = 'Send one image in the multipart field "file"';
export const NOT_MULTIPART = 'The upload must be a complete multipart/form-data body';

/** Upload an album image (multipart field "file"); serve stored images with long caching. */
export async function imagesRoutes(app: FastifyInstance, options: { storage: FileStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { storage } = options;

  route(
    app,
    images.upload,
    async (request, reply) => {
      // Stored under the hash of its bytes (decision 0118): a URL never changes content, so it is
      // cached for good, and the same picture uploaded twice is stored once.
      const saved = await saveImage(storage, await readUploadedFile(request));
      if (!saved.ok)
        throw badRequest('file', saved.reason === 'too-many-pixels' ? TOO_MANY_PIXELS : WRONG_TYPE);
      return reply.code(201).send({ url: saved.url });
    },
    {
      rateLimit: {
        max: UPLOADS_PER_HOUR,
        timeWindow: 60 * 60_000,
        // Per user, not per address: colleagues behind one office address do not share a quota.
        keyGenerator: (request) => `images:${request.user?.id ?? clientAddressKey(request.ip)}`,
        errorResponseBuilder: () =>
          new AppError(429, 'RATE_LIMITED', TOO_MANY_UPLOADS, {
            fieldErrors: { file: [TOO_MANY_UPLOADS] },
          }),
      },
    },
  );

  // Not part of the API (no /api prefix): the stored file itself, so not in the contract.
  r.get(
    '/images/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'A stored image',
        operationId: 'getImagesByName',
        security: [],
        params: z.object({ name: z.string().max(200) }),
        ...documentedResponses({
          200: {
            description: 'The image',
            content: Object.fromEntries(
              [...new Set(Object.values(IMAGE_TYPES))].map((type) => [
                type,
                { schema: z.string().meta({ format: 'binary' }) },
              ]),
            ),
          },
          404: {
            description: 'No such image',
            content: { 'application/json': { schema: apiErrorSchema } },
          },
        }),
      },
    },
    async (request, reply) => {
      const ext = request.params.name.split('.').pop() as ImageExtension;
      const file = IMAGE_TYPES[ext] ? await storage.get(`images/${request.params.name}`) : null;
      if (!file) throw notFound('Image');
      if (file.size) reply.header('Content-Length', file.size);
      return reply
        .type(IMAGE_TYPES[ext])
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.stream);
    },
  );
}

/**
 * The bytes of the one file in the field "file". Whatever the client sends (no boundary, a
 * cut-off body, another field, no file), the answer is a 4xx that says what is wrong, never a 500.
 */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    // The whole body is read: a second file or a cut-off end is refused, not ignored.
    const parts = request.parts({
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') throw badRequest('file', NO_FILE);
      bytes = await part.toBuffer();
    }
  } catch (error) {
    throw error instanceof AppError ? error : uploadError(error);
  }
  if (!bytes) throw badRequest('file', NO_FILE);
  if (bytes.length === 0) throw badRequest('file', EMPTY_FILE);
  return bytes;
}

/** Errors while reading a multipart body come from what the client sent. */
function uploadError(error: unknown) {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(413, 'VALIDATION', TOO_BIG, { fieldErrors: { file: [TOO_BIG] } });
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badRequest('file', NO_FILE);
  return badRequest('file', NOT_MULTIPART);
}
