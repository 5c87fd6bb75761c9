import { defineArea } from '../../lib/area.ts';
import type { FastifyInstance } from 'fastify';
import { imagesRoutes } from './images.routes.ts';
import { s3Storage } from './s3-storage.ts';
import { localStorage } from './storage.ts';

export { isStoredImageUrl } from './images.ts';
export { s3Storage } from './s3-storage.ts';
export { localStorage } from './storage.ts';

export const storageArea = defineArea({
  name: 'storage',
  routes: [
    async (app: FastifyInstance) => {
      const { storage, dataDir } = app.config;
      await app.register(imagesRoutes, {
        storage: storage.kind === 's3' ? s3Storage(storage) : localStorage(dataDir),
      });
    },
  ],
});
