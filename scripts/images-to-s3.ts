// npm run images:to-s3: copies every image kept in the database into the S3 bucket that S3_*
// name, printing each one; safe to run again (decision 0118).
import { loadConfig } from '../apps/server/src/config/env.ts';
import { runMoveImagesToS3 } from '../apps/server/src/modules/storage/move-images-to-s3.ts';

try {
  // A placeholder secret: without one, loadConfig would write a new cookie secret into DATA_DIR.
  const config = loadConfig({ COOKIE_SECRET: 'images-to-s3-signs-no-cookies-at-all', ...process.env });
  await runMoveImagesToS3(config, (line) => process.stdout.write(`${line}\n`));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
