import { INTEGRITY_DEFAULTS } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';

/**
 * The integrity thresholds' settings (issue 42, decision 0134): administrators read and change
 * them per platform, validated and bounded, with the version read, audited.
 */
let app: FastifyInstance;
let admin: SignedInClient;
let staff: SignedInClient;

beforeAll(async () => {
  ({ app, admin, staff } = await signedInApp({ admin: 'admin', staff: 'staff' }));
});
afterAll(() => app.close());

const URL = '/api/settings/integrity';

describe('integrity thresholds', () => {
  it('read as the defaults until saved, by administrators only', async () => {
    const read = await admin.get(URL);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      id: 'integrity',
      thresholds: INTEGRITY_DEFAULTS,
      defaults: INTEGRITY_DEFAULTS,
      version: 1,
    });
    expect((await staff.get(URL)).statusCode).toBe(403);
    const { thresholds } = read.json();
    expect((await staff.put(URL, { version: 1, thresholds })).statusCode).toBe(403);
  });

  it('saves one platform’s change, keeps the others, and audits what moved', async () => {
    const read = (await admin.get(URL)).json();
    const tiktok = {
      ...INTEGRITY_DEFAULTS.tiktok,
      spike: { ...INTEGRITY_DEFAULTS.tiktok.spike, medium: { growthPerHour: 2, minGain: 400 } },
    };
    const saved = await admin.put(URL, {
      version: read.version,
      thresholds: { ...read.thresholds, tiktok },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      version: read.version + 1,
      thresholds: { tiktok, instagram: INTEGRITY_DEFAULTS.instagram, youtube: INTEGRITY_DEFAULTS.youtube },
    });
    expect((await admin.get(URL)).json().thresholds.tiktok).toEqual(tiktok);
    const audit = await app.db
      .selectFrom('auditLog')
      .select(['actorId', 'action', 'changes'])
      .where('entity', '=', 'settings')
      .where('entityId', '=', 'integrity')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actorId: admin.user.id, action: 'update' });
    expect(JSON.parse(audit.changes!)).toEqual({
      'tiktok.spike.medium.growthPerHour': { from: 3, to: 2 },
      'tiktok.spike.medium.minGain': { from: 500, to: 400 },
    });
  });

  it('refuses thresholds out of range or out of order with a message on the field, and saves nothing', async () => {
    const read = (await admin.get(URL)).json();
    const attempt = (youtube: object) =>
      admin.put(URL, { version: read.version, thresholds: { ...read.thresholds, youtube } });
    const d = INTEGRITY_DEFAULTS.youtube;
    const cases: [object, string, string][] = [
      [
        { ...d, lowEngagement: { ...d.lowEngagement, maxLikeRate: 1.5 } },
        'thresholds.youtube.lowEngagement.maxLikeRate',
        'Enter a number within the range shown',
      ],
      [
        { ...d, tooRegular: { ...d.tooRegular, minReadings: 2 } },
        'thresholds.youtube.tooRegular.minReadings',
        'Enter a number within the range shown',
      ],
      [
        { ...d, suddenStop: { ...d.suddenStop, minViewsPerHour: 10.5 } },
        'thresholds.youtube.suddenStop.minViewsPerHour',
        'Enter a whole number',
      ],
      [
        {
          ...d,
          spike: {
            medium: d.spike.medium,
            high: { ...d.spike.high, growthPerHour: d.spike.medium.growthPerHour - 0.1 },
          },
        },
        'thresholds.youtube.spike.high.growthPerHour',
        'The high tier must be at least the medium tier',
      ],
      [
        { ...d, highEngagement: { ...d.highEngagement, midFollowers: d.highEngagement.smallFollowers } },
        'thresholds.youtube.highEngagement.midFollowers',
        'Mid-sized accounts must start above small ones',
      ],
    ];
    for (const [youtube, field, message] of cases) {
      const answer = await attempt(youtube);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().fieldErrors[field]).toEqual([message]);
    }
    expect((await admin.get(URL)).json()).toEqual(read);
  });

  it('reads a stored value that no longer parses as the defaults, platform by platform', async () => {
    const read = (await admin.get(URL)).json();
    await app.db
      .updateTable('appSettings')
      .set({ value: JSON.stringify({ tiktok: read.thresholds.tiktok, youtube: { spike: 'broken' } }) })
      .where('id', '=', 'integrity')
      .execute();
    const after = (await admin.get(URL)).json();
    expect(after.thresholds).toEqual({
      tiktok: read.thresholds.tiktok,
      instagram: INTEGRITY_DEFAULTS.instagram,
      youtube: INTEGRITY_DEFAULTS.youtube,
    });
  });
});
