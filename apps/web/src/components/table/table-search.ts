import { z } from 'zod';

/** The longest search the lists accept (pageQuerySchema in @preffy/api). */
export const SEARCH_MAX_LENGTH = 200;

/**
 * The search params of a table screen (ServerTable keeps its state there): page, page size,
 * search text and sort. A bad value is dropped, so a mangled URL still opens the screen; a
 * search longer than the lists accept is cut to that length rather than lost.
 */
export const tableSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  pageSize: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
  // A hand-typed ?search=2024 arrives as a number.
  search: z.coerce
    .string()
    .transform((text) => text.slice(0, SEARCH_MAX_LENGTH))
    .optional()
    .catch(undefined),
  sort: z.string().max(50).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
});

export type TableSearch = z.infer<typeof tableSearchSchema>;
