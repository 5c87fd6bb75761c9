import { MAX_IMPORT_ROWS, MAX_POST_COUNT } from '@preffy/api';
import { POST_PLATFORMS, csvRecords, submitPostSchema } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { addPost } from './posts.service.ts';

const REQUIRED_COLUMNS = ['link', 'email', 'creator', 'platform'] as const;

export type ImportRowResult =
  { row: number; ok: true; link: string } | { row: number; ok: false; errors: string[] };

const count = (value: string | undefined) => {
  if (value === undefined || value === '') return { ok: true as const, value: undefined };
  const n = Number(value.replace(/[, _]/g, ''));
  return Number.isInteger(n) && n >= 0 && n <= MAX_POST_COUNT
    ? { ok: true as const, value: n }
    : { ok: false as const };
};

/**
 * Staff import posts from a CSV (link, email, creator, platform, optional likes and views). Every
 * row is checked on its own like a submission; the answer says, row by row, what was accepted
 * and why the others were refused. Row numbers are the file's line numbers (the header is 1).
 */
export async function importPosts(
  db: Database,
  competitionId: string,
  csv: string,
  options: { shortLinkBaseUrl?: string; timeoutMs: number; timeZone: string },
  importedBy: string,
): Promise<{ accepted: number; refused: number; rows: ImportRowResult[] }> {
  const { header, records } = csvRecords(csv);
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) {
    const message = `The file needs the columns ${REQUIRED_COLUMNS.join(', ')} (missing: ${missing.join(', ')})`;
    throw new AppError(400, 'VALIDATION', message, { fieldErrors: { csv: [message] } });
  }
  if (records.length > MAX_IMPORT_ROWS) {
    const message = `At most ${MAX_IMPORT_ROWS} rows per import; this file has ${records.length}`;
    throw new AppError(400, 'VALIDATION', message, { fieldErrors: { csv: [message] } });
  }
  const rows: ImportRowResult[] = [];
  for (const [i, record] of records.entries()) {
    const row = i + 2;
    const errors: string[] = [];
    const parsed = submitPostSchema.safeParse(record);
    if (!parsed.success) errors.push(...parsed.error.issues.map((issue) => issue.message));
    const platform = (record.platform ?? '').toLowerCase();
    if (!(POST_PLATFORMS as readonly string[]).includes(platform))
      errors.push(`Unknown platform '${record.platform}': use tiktok, instagram or youtube`);
    const likes = count(record.likes);
    const views = count(record.views);
    if (!likes.ok) errors.push(`Likes must be a number: '${record.likes}'`);
    if (!views.ok) errors.push(`Views must be a number: '${record.views}'`);
    if (errors.length || !parsed.success || !likes.ok || !views.ok) {
      rows.push({ row, ok: false, errors });
      continue;
    }
    try {
      const post = await addPost(
        db,
        {
          ...parsed.data,
          competitionId,
          likes: likes.value,
          views: views.value,
          expectedPlatform: platform,
          via: 'import',
          attemptedBy: importedBy,
        },
        { ...options, allowClosed: true },
      );
      rows.push({ row, ok: true, link: post.link });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode === 404) throw error;
      rows.push({ row, ok: false, errors: [error.message] });
    }
  }
  const accepted = rows.filter((r) => r.ok).length;
  return { accepted, refused: rows.length - accepted, rows };
}
