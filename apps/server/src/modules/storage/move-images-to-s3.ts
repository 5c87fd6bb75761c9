import type { Config } from '../../config/env.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { type S3Storage, s3Storage } from './s3-storage.ts';
import { countStoredImages, findStoredImage, storedImageKeys } from './stored-images.repository.ts';

/** Keys are read a page at a time, bytes one image at a time: memory stays flat. */
const PAGE = 200;

/**
 * Copies every image kept in the database into the bucket (decision 0118), under the same key,
 * so its URL stays the same. An image the bucket already holds at the same size is skipped:
 * run again, it copies only what is missing (what a crash or an upload meanwhile left behind).
 * The database keeps its copies.
 */
export async function moveImagesToS3(db: Database, bucket: S3Storage, report: (line: string) => void) {
  const total = await countStoredImages(db);
  let seen = 0;
  let copied = 0;
  let after = '';
  for (;;) {
    const page = await storedImageKeys(db, after, PAGE);
    if (page.length === 0) break;
    for (const { key, size } of page) {
      seen++;
      if ((await bucket.sizeOf(key)) === size) {
        report(`${seen}/${total} ${key}: already in the bucket`);
        continue;
      }
      const image = await findStoredImage(db, key);
      if (!image) continue; // never deleted today; a key gone since the page was read needs no copy
      await bucket.put(key, image.bytes, image.contentType);
      copied++;
      report(`${seen}/${total} ${key}: copied (${size} bytes)`);
    }
    after = page.at(-1)!.key;
  }
  return { seen, copied };
}

/** `npm run images:to-s3`: the command around moveImagesToS3, configured as the server is. */
export async function runMoveImagesToS3(config: Config, print: (line: string) => void) {
  const { s3 } = config.storage;
  if (!s3)
    throw new Error(
      'npm run images:to-s3 copies into the bucket that S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY name: set them',
    );
  const { db } = openDatabase(config);
  try {
    const { seen, copied } = await moveImagesToS3(db, s3Storage(s3), print);
    print(
      `Done: ${copied} of ${seen} images copied to the bucket ${s3.bucket}, ${seen - copied} already there.`,
    );
    if (config.storage.kind !== 's3')
      print(
        'Next: set IMAGE_STORE=s3 (or leave IMAGE_STORE unset), restart every instance, then run this again to copy what was uploaded meanwhile.',
      );
  } finally {
    await db.destroy();
  }
}
