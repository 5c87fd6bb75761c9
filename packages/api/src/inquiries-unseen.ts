import { z } from 'zod';
import { endpointsOf } from './endpoint.ts';

const { staff } = endpointsOf(['inquiries']);

/**
 * The sidebar badge's count, declared apart from the rest of the inquiries' contract (which
 * lists it too): that contract validates phone numbers with libphonenumber's metadata, and every
 * signed-in page asks for this count, so it should not load those 28 KB (gzip) to ask it.
 */
export const unseenInquiriesCount = staff.get('/api/inquiries/unseen-count', {
  summary: 'How many inquiries are Unseen (the sidebar badge)',
  responses: { 200: z.object({ count: z.number() }) },
});
