import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { IMAGE_TYPES, IMAGE_URL_PREFIX, MAX_IMAGE_BYTES, type ImageExtension, sniffImage } from './images.ts';
import type { FileStorage } from './storage.ts';

const TOO_BIG = 'The image is larger than 5 MB';
const WRONG_TYPE = 'Please upload a JPEG, PNG or WebP image';

/** Upload an album image (multipart field "file"); serve stored images with long caching. */
export async function imagesRoutes(app: FastifyInstance, options: { storage: FileStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { storage } = options;

  r.post(
    '/api/images',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['images'],
        summary: 'Upload an album image (JPEG, PNG or WebP, at most 5 MB); answers its URL',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ url: z.string() }) },
      },
    },
    async (request, reply) => {
      const part = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
      if (!part) throw new AppError(400, 'VALIDATION', WRONG_TYPE, { fieldErrors: { file: [WRONG_TYPE] } });
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, 'VALIDATION', TOO_BIG, { fieldErrors: { file: [TOO_BIG] } });
        throw error;
      });
      const ext = sniffImage(bytes);
      if (!ext) throw new AppError(400, 'VALIDATION', WRONG_TYPE, { fieldErrors: { file: [WRONG_TYPE] } });
      // A new name for every upload: URLs never change content, so they can be cached for good.
      const name = `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${ext}`;
      await storage.put(`images/${name}`, bytes, IMAGE_TYPES[ext]);
      return reply.code(201).send({ url: `${IMAGE_URL_PREFIX}${name}` });
    },
  );

  r.get(
    '/images/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'A stored image',
        params: z.object({ name: z.string() }),
        hide: true,
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
