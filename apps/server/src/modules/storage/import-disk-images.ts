import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/database.ts';
import { IMAGE_TYPES, type ImageExtension, isStoredImageUrl } from './images.ts';
import { insertStoredImage, storedKeysAmong } from './stored-images.repository.ts';

/** Keys are looked up this many at a time (well under any bound on query parameters). */
const BATCH = 500;

/**
 * When the database becomes the image store (on PostgreSQL the default since decision 0118),
 * the images an instance kept on its disk before would answer 404. At start, that instance
 * copies those it holds and the table lacks into the table; the files stay where they are.
 * Returns how many it copied: none once done, so a restart costs a directory listing.
 */
export async function importDiskImages(db: Database, dataDir: string): Promise<number> {
  const folder = path.join(dataDir, 'images');
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((entry) => entry.isFile() && isStoredImageUrl(`/images/${entry.name}`))
    .map((entry) => entry.name);
  let imported = 0;
  for (let i = 0; i < names.length; i += BATCH) {
    const keys = names.slice(i, i + BATCH).map((name) => `images/${name}`);
    const present = await storedKeysAmong(db, keys);
    for (const key of keys.filter((candidate) => !present.has(candidate))) {
      const ext = key.split('.').pop() as ImageExtension;
      await insertStoredImage(db, key, await readFile(path.join(dataDir, key)), IMAGE_TYPES[ext]);
      imported++;
    }
  }
  return imported;
}
