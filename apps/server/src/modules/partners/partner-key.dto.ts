import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { PartnerApiKeysTable } from '../../db/schema.ts';

/** A partner key as the API shows it: never the key or its hash. */
export const partnerKeySchema = z.object({
  id: z.string(),
  version: z.number(),
  name: z.string(),
  keyPrefix: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
});
export type PartnerKey = z.infer<typeof partnerKeySchema>;

export const toPartnerKey = (row: Selectable<PartnerApiKeysTable>): PartnerKey => ({
  id: row.id,
  version: row.version,
  name: row.name,
  keyPrefix: row.keyPrefix,
  createdAt: Number(row.createdAt),
  lastUsedAt: row.lastUsedAt === null ? null : Number(row.lastUsedAt),
});
