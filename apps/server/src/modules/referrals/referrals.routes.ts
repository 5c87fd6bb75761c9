import { referrals } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { postReferrals, referralCreators, resetReferrals } from './referrals.service.ts';

export async function referralsRoutes(app: FastifyInstance) {
  route(app, referrals.referralCreators, async (request) =>
    referralCreators(app.db, request.user!, request.params.id, request.query),
  );

  route(app, referrals.referrals, async (request) =>
    postReferrals(app.db, request.user!, request.params.id, request.query),
  );

  route(app, referrals.resetReferrals, async (request) => ({
    post: await resetReferrals(app.db, request.user!, request.params.id, request.body.version),
  }));
}
