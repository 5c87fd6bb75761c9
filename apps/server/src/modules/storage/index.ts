import { defineArea } from '../../lib/area.ts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { databaseStorage } from './database-storage.ts';
import { imagesRoutes } from './images.routes.ts';
import { importDiskImages } from './import-disk-images.ts';
import { s3Storage } from './s3-storage.ts';
import { localStorage } from './storage.ts';

export { isStoredImageUrl, saveImage } from './images.ts';
export { s3Storage } from './s3-storage.ts';
export { localStorage } from './storage.ts';

/** The image store the configuration chose (config/env.ts, decision 0118). */
export function imageStorage(config: Config, db: Database) {
  const { storage } = config;
  if (storage.kind === 's3') return s3Storage(storage.s3);
  return storage.kind === 'database' ? databaseStorage(db) : localStorage(config.dataDir);
}

export const storageArea = defineArea({
  name: 'storage',
  routes: [
    async (app: FastifyInstance) => {
      if (app.config.storage.kind === 'database') {
        const imported = await importDiskImages(app.db, app.config.dataDir);
        if (imported) app.log.info({ imported }, 'images on this disk copied into the database');
      }
      await app.register(imagesRoutes, { storage: imageStorage(app.config, app.db) });
    },
  ],
  owns: { storedImages: true },
});
