import { defineArea } from '../../lib/area.ts';
import { finishSchema } from '@preffy/api';
import { finishRoutes, publicWinnersRoutes } from './finish.routes.ts';

export { loadFinish } from './finish-view.ts';
export { findFinishRow, updateFinishRow } from './finish.repository.ts';

export const finishArea = defineArea({
  name: 'finish',
  routes: [finishRoutes, publicWinnersRoutes],
  owns: {
    // The wizard's conflict row is the wizard as the API shows it (finish-view.ts).
    competitionFinishes: { schema: finishSchema, toPublic: (finish: unknown) => finish },
    payoutFiles: true,
  },
});
