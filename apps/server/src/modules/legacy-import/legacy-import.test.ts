import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_UPLOAD_MESSAGES, type ImportRun } from '@preffy/api';
import {
  EXPECTED_COUNTS,
  INQUIRY_ZONE,
  LEGACY_IDS,
  writeLegacyFixture,
} from '../../../test/fixtures/legacy-data.ts';
import { EACH_ROLE, type SignedInClient, signedInApp } from '../../../test/fixtures/signed-in.ts';
import { waitFor } from '../../../test/fixtures/wait-for.ts';
import type { TestClient } from '../../../test/test-app.ts';

let app: FastifyInstance;
let admin: SignedInClient, staff: SignedInClient, organizer: SignedInClient;
let zip: Buffer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'import-data-'));
  ({ app, admin, staff, organizer } = await signedInApp(EACH_ROLE, { dataDir }));
  // The fixture export, zipped as an operator would upload it.
  const root = await writeLegacyFixture(await mkdtemp(path.join(tmpdir(), 'legacy-')), 'DYNAMODB_JSON');
  const files: Record<string, Uint8Array> = {};
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else files[`export/${path.relative(root, full)}`] = await readFile(full);
    }
  };
  await walk(root);
  zip = Buffer.from(zipSync(files));
});
afterAll(() => app.close());

/** A multipart body: the fields, then each file in the field "files". */
function multipart(fields: Record<string, string>, files: { name: string; bytes: Buffer }[]) {
  const boundary = '----import';
  const parts = [
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    ...files.flatMap((file) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const upload = (
  client: TestClient,
  fields: Record<string, string>,
  files = [{ name: 'legacy.zip', bytes: zip }],
) => {
  const { body, type } = multipart(fields, files);
  return client.raw('POST', '/api/legacy-import/runs', body, type);
};

const finished = (id: string) =>
  waitFor(
    'the run to finish',
    async () => {
      const { run } = (await admin.get(`/api/legacy-import/runs/${id}`)).json() as { run: ImportRun };
      return run.status === 'done' || run.status === 'failed' ? run : undefined;
    },
    60_000,
  );

const counts = (run: ImportRun) =>
  Object.fromEntries(
    Object.entries(run.report.tables).map(([t, c]) => [
      t,
      {
        total: c.total,
        created: c.created,
        tombstones: c.tombstones,
        invalid: c.invalid,
        orphans: c.orphans,
      },
    ]),
  );

describe('the Import page API (/api/legacy-import)', () => {
  it('is for admins only', async () => {
    for (const client of [staff, organizer]) {
      expect((await client.get('/api/legacy-import/runs')).statusCode).toBe(403);
      expect((await upload(client, { dryRun: 'true', timeZone: 'UTC' })).statusCode).toBe(403);
    }
  });

  it('refuses an upload without files, with an unknown zone or a broken zip, with the field named', async () => {
    const none = await upload(admin, { dryRun: 'true', timeZone: 'UTC' }, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual({ files: [IMPORT_UPLOAD_MESSAGES.noFiles] });
    const zone = await upload(admin, { dryRun: 'true', timeZone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().fieldErrors).toEqual({ timeZone: ['Time zone is not valid'] });
    const broken = await upload(admin, { dryRun: 'true', timeZone: 'UTC' }, [
      { name: 'x.zip', bytes: Buffer.from('PK\u0003\u0004 not really a zip') },
    ]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().fieldErrors).toEqual({ files: [IMPORT_UPLOAD_MESSAGES.badZip] });
    expect((await admin.get('/api/legacy-import/runs')).json().total).toBe(0);
  });

  it('runs a dry run of a zip as a job, then imports the same files for real after it', async () => {
    const started = await upload(admin, { dryRun: 'true', timeZone: INQUIRY_ZONE });
    expect(started.statusCode, started.body).toBe(202);
    const dry = await finished(started.json().run.id);
    expect(dry).toMatchObject({
      dryRun: true,
      status: 'done',
      sources: ['legacy.zip'],
      timeZone: INQUIRY_ZONE,
    });
    expect(counts(dry)).toMatchObject(EXPECTED_COUNTS);
    expect((await admin.get(`/api/competitions/${LEGACY_IDS.ended}`)).statusCode).toBe(404);

    // Problems page by page, by kind, searched.
    const orphans = (
      await admin.get(`/api/legacy-import/runs/${dry.id}/problems?kind=orphan&pageSize=2`)
    ).json();
    expect(orphans.total).toBe(5);
    expect(orphans.items).toHaveLength(2);
    const searched = (await admin.get(`/api/legacy-import/runs/${dry.id}/problems?search=NICKNAME`)).json();
    expect(searched.items.map((p: { reason: string }) => p.reason)).toEqual(['Unknown field nickname']);

    const csv = await admin.get(`/api/legacy-import/runs/${dry.id}/report.csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain(
      `Post,${EXPECTED_COUNTS.Post.total},${EXPECTED_COUNTS.Post.created},0,0,1,0,1,2,0`,
    );
    expect(csv.body).toContain('To Be Paid,1,100.50');
    expect(csv.body).toMatch(
      /\ninvalid,Winners,d0000000-0000-4000-8000-000000000003,.*,Unknown field nickname\n/,
    );

    // Apply needs the confirmation, and applies only a finished dry run.
    expect((await admin.post(`/api/legacy-import/runs/${dry.id}/apply`, {})).statusCode).toBe(400);
    const applied = await admin.post(`/api/legacy-import/runs/${dry.id}/apply`, { confirm: true });
    expect(applied.statusCode, applied.body).toBe(202);
    const real = await finished(applied.json().run.id);
    expect(real).toMatchObject({ dryRun: false, status: 'done' });
    expect(counts(real)).toEqual(counts(dry));
    // The upload is kept for its import, then removed.
    expect(await readdir(path.join(dataDir, 'imports'))).toEqual([]);
    expect((await admin.get(`/api/competitions/${LEGACY_IDS.ended}`)).json().competition.name).toBe(
      'Midnight Drive',
    );
    expect(
      (await admin.post(`/api/legacy-import/runs/${real.id}/apply`, { confirm: true })).json().code,
    ).toBe('IMPORT_NOT_RESUMABLE');
    expect((await admin.post(`/api/legacy-import/runs/${real.id}/resume`)).statusCode).toBe(409);

    const runs = (await admin.get('/api/legacy-import/runs')).json();
    expect(runs.items.map((r: ImportRun) => r.id)).toEqual([real.id, dry.id]);
    const audit = await app.db
      .selectFrom('auditLog')
      .select(['action', 'entityId'])
      .where('entity', '=', 'legacy-import')
      .orderBy('at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['dry-run', 'import']);
  });

  it('answers 404 for a run that does not exist', async () => {
    const response = await admin.get('/api/legacy-import/runs/no-such-run');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Import run not found');
  });
});
