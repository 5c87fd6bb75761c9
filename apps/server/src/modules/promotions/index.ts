import { defineArea } from '../../lib/area.ts';
import { promotionSchema } from '@preffy/api';
import { toPromotion } from './promotions.repository.ts';
import { promotionsRoutes } from './promotions.routes.ts';

export { writeImportedPromotion } from './promotions.repository.ts';
export const promotionsArea = defineArea({
  name: 'promotions',
  routes: [promotionsRoutes],
  owns: {
    // A promotion's conflict row carries its competition (promotions.repository findPromotion).
    promotions: { schema: promotionSchema, toPublic: toPromotion },
  },
});
