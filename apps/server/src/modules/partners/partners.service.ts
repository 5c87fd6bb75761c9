import type { submitPostSchema } from '@preffy/domain';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { newRecord } from '../../lib/clock.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import { hashToken, newSecretToken } from '../auth/index.ts';
import { addPost } from '../posts/index.ts';
import { toPartnerKey } from './partner-key.dto.ts';
import {
  findPartnerKeyByHash,
  insertPartnerKey,
  markPartnerKeyUsed,
  revokePartnerKeyRecord,
} from './partners.repository.ts';

/** A new partner key: the key itself is returned this once; only its hash is kept. */
export async function createPartnerKey(db: Database, user: SessionUser, name: string) {
  const key = `pk_${newSecretToken()}`;
  const row = {
    ...newRecord(),
    name,
    keyHash: hashToken(key),
    keyPrefix: key.slice(0, 10),
    createdBy: user.id,
    lastUsedAt: null,
  };
  await db.transaction().execute(async (trx) => {
    await insertPartnerKey(trx, row);
    await recordAudit(trx, { actorId: user.id, entity: 'partner-key', entityId: row.id, action: 'create' });
  });
  return { key, item: toPartnerKey(row) };
}

/** Revokes a key with the version the admin read: it stops working at once. */
export async function revokePartnerKey(db: Database, user: SessionUser, id: string, version: number) {
  await db.transaction().execute(async (trx) => {
    await revokePartnerKeyRecord(trx, id, version);
    await recordAudit(trx, { actorId: user.id, entity: 'partner-key', entityId: id, action: 'revoke' });
  });
}

type IngestPost = z.infer<typeof submitPostSchema>;

/**
 * A partner's entries for one competition, each added on its own (source 'genni') and answered
 * on its own: one refused entry does not stop the others.
 */
export async function ingestPosts(
  db: Database,
  presentedKey: string | undefined,
  input: { competitionId: string; posts: IngestPost[] },
  linkOptions: { shortLinkBaseUrl?: string; timeoutMs: number; timeZone: string },
) {
  const partner = presentedKey ? await findPartnerKeyByHash(db, hashToken(presentedKey)) : undefined;
  if (!partner) throw unauthorized('A valid partner API key is needed (x-api-key header)');
  await markPartnerKeyUsed(db, partner.id);
  const results = [];
  for (const [index, post] of input.posts.entries()) {
    try {
      const saved = await addPost(
        db,
        { ...post, competitionId: input.competitionId, source: 'genni', via: 'partner' },
        linkOptions,
      );
      results.push({ index, ok: true, link: saved.link });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ index, ok: false, error: error.message });
    }
  }
  return { accepted: results.filter((r) => r.ok).length, results };
}
