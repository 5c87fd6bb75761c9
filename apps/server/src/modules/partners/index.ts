import { defineArea } from '../../lib/area.ts';
import { partnerKeySchema } from '@preffy/api';
import { toPartnerKey } from './partner-key.dto.ts';
import { partnersRoutes } from './partners.routes.ts';

export const partnersArea = defineArea({
  name: 'partners',
  routes: [partnersRoutes],
  owns: { partnerApiKeys: { schema: partnerKeySchema, toPublic: toPartnerKey } },
});
