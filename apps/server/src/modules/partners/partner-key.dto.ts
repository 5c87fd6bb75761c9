import type { PartnerKey } from '@preffy/api';
import type { Selectable } from 'kysely';
import type { PartnerApiKeysTable } from '../../db/schema.ts';

/** A partner key as the API shows it (@preffy/api's partnerKeySchema): never the key or its hash. */
export const toPartnerKey = (row: Selectable<PartnerApiKeysTable>): PartnerKey => ({
  id: row.id,
  version: row.version,
  name: row.name,
  keyPrefix: row.keyPrefix,
  createdAt: Number(row.createdAt),
  lastUsedAt: row.lastUsedAt === null ? null : Number(row.lastUsedAt),
});
