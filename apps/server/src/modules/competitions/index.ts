import { defineArea } from '../../lib/area.ts';
import { competitionSchema } from '@preffy/api';
import { toCompetition } from './competition.dto.ts';
import { competitionsRoutes } from './competitions.routes.ts';
import { publicCompetitionRoutes } from './public.routes.ts';

export { type CompetitionRow } from './competition.dto.ts';
export {
  completeCompetition,
  findCompetition,
  isLiveCompetition,
  lockCompetition,
  seesEveryCompetition,
  visibleCompetitions,
} from './competitions.repository.ts';
export {
  findReadableCompetition,
  findVisibleCompetition,
  insertCompetition,
} from './competitions.service.ts';
export { findAnnouncedCompetition, getPublicCompetition } from './public.service.ts';
export { sanitizeRichText } from './rich-text.ts';

export { writeImportedCompetition } from './competitions.repository.ts';
export const competitionsArea = defineArea({
  name: 'competitions',
  routes: [competitionsRoutes, publicCompetitionRoutes],
  owns: {
    competitions: { schema: competitionSchema, toPublic: toCompetition },
    competitionVisits: true,
  },
});
