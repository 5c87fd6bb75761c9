import { Readable } from 'node:stream';
import type { Database } from '../../db/database.ts';
import type { FileStorage } from './storage.ts';
import { findStoredImage, insertStoredImage } from './stored-images.repository.ts';

/**
 * Files in the database's storedImages table (decision 0118): on PostgreSQL every instance
 * serves what any of them stored, with no bucket to run. Images are at most 5 MB, so a row is
 * read whole.
 */
export function databaseStorage(db: Database): FileStorage {
  return {
    put: (key, bytes, contentType) => insertStoredImage(db, key, bytes, contentType),
    async get(key) {
      const image = await findStoredImage(db, key);
      return image ? { stream: Readable.from([image.bytes]), size: image.size } : null;
    },
  };
}
