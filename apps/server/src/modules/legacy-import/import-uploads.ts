import { createReadStream, createWriteStream } from 'node:fs';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  FIELD_MESSAGES,
  IMPORT_UPLOAD_MESSAGES,
  MAX_IMPORT_UPLOAD_BYTES,
  MAX_IMPORT_UPLOAD_FILES,
} from '@preffy/api';
import type { FastifyRequest } from 'fastify';
import { Unzip, UnzipInflate } from 'fflate';
import { AppError, badRequest } from '../../lib/errors.ts';

/**
 * An upload of legacy exports (issue 41): files streamed to the run's folder under DATA_DIR, a
 * zip unpacked there as it is read (fflate's streaming Unzip: a large export never sits in memory),
 * with every name kept inside the folder and the unpacked size bounded (a zip bomb is refused).
 */

export const MAX_UNPACKED_BYTES = 8 * MAX_IMPORT_UPLOAD_BYTES;
export const UPLOAD_MESSAGES = {
  ...IMPORT_UPLOAD_MESSAGES,
  timeZone: FIELD_MESSAGES['field.timeZoneInvalid'],
};

/** A file name safe to write: its last part, with only plain characters. */
const safeName = (name: string) =>
  path
    .basename(name.replaceAll('\\', '/'))
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 200) || 'file';

/** A path inside a zip, each part made safe: never outside the folder it is unpacked into. */
const safeZipPath = (name: string) =>
  name
    .replaceAll('\\', '/')
    .split('/')
    .filter((part) => part && part !== '.' && part !== '..')
    .map(safeName)
    .join('/');

export async function unzipInto(zipFile: string, folder: string) {
  let unpacked = 0;
  let entries = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((entry) => {
    entries++;
    const relative = safeZipPath(entry.name);
    if (!relative || entry.name.endsWith('/')) return;
    const target = path.join(folder, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    const fd = openSync(target, 'w');
    entry.ondata = (error, chunk, final) => {
      if (error) failure ??= error;
      unpacked += chunk.length;
      if (unpacked > MAX_UNPACKED_BYTES) failure ??= new Error('too big');
      if (!failure) writeSync(fd, chunk);
      if (final || failure) closeSync(fd);
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of createReadStream(zipFile)) {
      unzip.push(chunk as Uint8Array);
      if (failure) break;
    }
    if (!failure) unzip.push(new Uint8Array(0), true);
  } catch (error) {
    failure ??= error as Error;
  }
  // The streaming reader finds nothing in bytes that are not a zip: that is a broken zip too.
  if (!entries) failure ??= new Error('no entries');
  if (failure)
    throw badRequest(
      'files',
      (failure as Error).message === 'too big' ? UPLOAD_MESSAGES.tooBigUnpacked : UPLOAD_MESSAGES.badZip,
    );
}

export const isTimeZone = (zone: string) => {
  try {
    return zone.length <= 100 && !!new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    return false;
  }
};

/** Reads the multipart upload into `folder`: the files' names and the two fields. */
export async function receiveUpload(request: FastifyRequest, folder: string) {
  const names: string[] = [];
  const fields: Record<string, string> = {};
  await mkdir(folder, { recursive: true });
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_IMPORT_UPLOAD_BYTES,
        files: MAX_IMPORT_UPLOAD_FILES,
        fields: 5,
        parts: MAX_IMPORT_UPLOAD_FILES + 5,
        fieldSize: 200,
      },
    });
    let total = 0;
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'files') throw badRequest('files', UPLOAD_MESSAGES.noFiles);
      const name = safeName(part.filename);
      const target = path.join(folder, names.includes(name) ? `${names.length}-${name}` : name);
      await pipeline(part.file, createWriteStream(target));
      if (part.file.truncated)
        throw new AppError(413, 'VALIDATION', UPLOAD_MESSAGES.tooBig, {
          fieldErrors: { files: [UPLOAD_MESSAGES.tooBig] },
        });
      total += part.file.bytesRead;
      if (total > MAX_IMPORT_UPLOAD_BYTES)
        throw new AppError(413, 'VALIDATION', UPLOAD_MESSAGES.tooBig, {
          fieldErrors: { files: [UPLOAD_MESSAGES.tooBig] },
        });
      names.push(path.basename(target));
    }
    if (!names.length) throw badRequest('files', UPLOAD_MESSAGES.noFiles);
    const timeZone = fields.timeZone ?? '';
    if (!isTimeZone(timeZone)) throw badRequest('timeZone', UPLOAD_MESSAGES.timeZone);
    // The zips are unpacked beside the files; the zip itself is then not read as a source.
    for (const name of names.filter((n) => n.toLowerCase().endsWith('.zip'))) {
      const zip = path.join(folder, name);
      await unzipInto(zip, path.join(folder, name.slice(0, -4)));
      await rm(zip);
    }
    return { names, dryRun: fields.dryRun !== 'false', timeZone };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'VALIDATION', UPLOAD_MESSAGES.tooBig, {
        fieldErrors: { files: [UPLOAD_MESSAGES.tooBig] },
      });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('files', UPLOAD_MESSAGES.noFiles);
    throw badRequest('files', UPLOAD_MESSAGES.notMultipart);
  }
}
