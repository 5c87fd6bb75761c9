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

/** A page of a list: its items and how many there are in all. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });

/**
 * A paged list endpoint's query and answer: `...pagedList(listUsersQuerySchema, userSchema)`
 * (the web's server tables read exactly this pair).
 */
export const pagedList = <Q extends z.ZodType, I extends z.ZodType>(query: Q, item: I) => ({
  query,
  responses: { 200: pageOf(item) } as const,
});
