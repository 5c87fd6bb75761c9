import { defineArea } from '../../lib/area.ts';
import { inquirySchema } from '@preffy/api';
import { inquiriesRoutes } from './inquiries.routes.ts';
import { toInquiry } from './inquiries.repository.ts';

export { countUnseen } from './inquiries.repository.ts';

export { writeImportedInquiry, writeImportedInquiryNote, writeImportedInquiryActivity } from './inquiries.repository.ts';
export const inquiriesArea = defineArea({
  name: 'inquiries',
  routes: [inquiriesRoutes],
  owns: {
    // An inquiry's conflict row carries its assignee's name (inquiries.repository findInquiry).
    inquiries: { schema: inquirySchema, toPublic: toInquiry },
    notes: true,
    activities: true,
  },
});
