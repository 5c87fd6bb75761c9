import { z } from 'zod';

/** Every list is paged on the server: no endpoint returns an unbounded list. */
export const MAX_PAGE_SIZE = 100;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  search: z.string().trim().max(200).optional(),
  sortDirection: z.enum(['asc', 'desc']).default('asc'),
});

export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });

export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
