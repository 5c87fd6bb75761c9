import { defineArea } from '../../lib/area.ts';
import { inquiryOptionSchema } from '@preffy/api';
import { inquiryOptionsRoutes } from './inquiry-options.routes.ts';
import { toInquiryOption } from './inquiry-options.repository.ts';

export { requireLiveChoices } from './inquiry-options.service.ts';

export const inquiryOptionsArea = defineArea({
  name: 'inquiry-options',
  routes: [inquiryOptionsRoutes],
  owns: { inquiryOptions: { schema: inquiryOptionSchema, toPublic: toInquiryOption } },
});
