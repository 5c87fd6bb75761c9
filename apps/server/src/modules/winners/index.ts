import { defineArea } from '../../lib/area.ts';
import { winnerSchema } from '@preffy/api';
import { winnersRoutes } from './winners.routes.ts';
import { toPublicWinner } from './winners.repository.ts';

export {
  bannedPostAuthors,
  bannedAmong,
  isBannedEmail,
  listSubscribers,
  payeesOf,
  subscriberEmails,
  suppressedAddresses,
} from './winners.repository.ts';
export { recordPaidWinners, setUnsubscribed } from './winners.service.ts';

export { writeImportedWinner } from './winners.repository.ts';
export const winnersArea = defineArea({
  name: 'winners',
  routes: [winnersRoutes],
  owns: { winners: { schema: winnerSchema, toPublic: toPublicWinner } },
});
