import { submitPostSchema } from '@preffy/domain';
import { z } from 'zod';
import { okSchema, versionQuery } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { pageQuerySchema, pagedList } from './paging.ts';

export const MAX_INGEST_POSTS = 100;

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

const { admin, anyone } = endpointsOf(['partners']);

export const partners = {
  listKeys: admin.get('/api/partner-keys', {
    summary: 'Partner API keys (never the keys themselves)',
    ...pagedList(pageQuerySchema, partnerKeySchema),
  }),
  createKey: admin.post('/api/partner-keys', {
    summary: 'Make a partner key: the key is in this answer only',
    body: z.object({ name: z.string().trim().min(1, 'Please enter a name').max(100) }),
    responses: { 201: z.object({ key: z.string(), item: partnerKeySchema }) },
  }),
  revokeKey: admin.delete('/api/partner-keys/:id', {
    summary: 'Revoke a partner key (it stops working at once)',
    params: z.object({ id: z.string() }),
    query: versionQuery,
    responses: { 200: okSchema },
  }),
  /** Authenticated by the partner key (x-api-key), not a session: no cookies, so no CSRF. */
  ingestPosts: anyone.post('/api/ingest/posts', {
    csrf: false,
    partnerKey: true,
    summary: `Partner ingestion: up to ${MAX_INGEST_POSTS} entries for one competition (x-api-key header); each answered on its own`,
    body: z.object({
      competitionId: z.string().min(1).max(100),
      posts: z.array(submitPostSchema).min(1).max(MAX_INGEST_POSTS),
    }),
    responses: {
      200: z.object({
        accepted: z.number(),
        results: z.array(
          z.object({
            index: z.number(),
            ok: z.boolean(),
            link: z.string().optional(),
            error: z.string().optional(),
          }),
        ),
      }),
    },
  }),
};
