import { type SignalGroups, posts } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { findVisibleCompetition } from '../competitions/index.ts';
import { listCards, listFlagged, signalGroups } from './review.repository.ts';
import { listDuplicateAttempts } from './duplicate-attempts.repository.ts';
import { disqualifyPost, restorePost, scoreReviewPost, updatePost } from './review.service.ts';

/**
 * Post review (issue 13): the queue and the zero-likes cards, the flagged posts, and the staff
 * actions on a post (Love/Like, Delete with its email, Restore, Edit). Organizers read their own
 * competitions' cards; everything else is staff's (declared in the contract).
 */
export async function reviewRoutes(app: FastifyInstance) {
  const options = {
    referralBonusLikes: app.config.referralBonusLikes,
    shortLinkBaseUrl: app.config.shortLinkBaseUrl,
    timeoutMs: app.config.providers.timeoutMs,
  };

  route(app, posts.queue, async (request) => {
    const competition = await findVisibleCompetition(app.db, request.user!, request.params.id);
    return listCards(app.db, competition.id, 'queue', request.query);
  });

  route(app, posts.zeroLikes, async (request) => {
    const competition = await findVisibleCompetition(app.db, request.user!, request.params.id);
    return listCards(app.db, competition.id, 'zeroLikes', request.query);
  });

  route(app, posts.flagged, async (request) => {
    const competition = await findVisibleCompetition(app.db, request.user!, request.params.id);
    return listFlagged(app.db, competition.id, request.query);
  });

  route(app, posts.signals, async (request) => {
    const competition = await findVisibleCompetition(app.db, request.user!, request.params.id);
    return { signals: (await signalGroups(app.db, competition.id)) as SignalGroups['signals'] };
  });

  route(app, posts.duplicateAttempts, async (request) => {
    const competition = await findVisibleCompetition(app.db, request.user!, request.params.id);
    return listDuplicateAttempts(app.db, competition.id, request.query);
  });

  route(app, posts.score, async (request) => ({
    post: await scoreReviewPost(app.db, request.user!, request.params.id, request.body, options),
  }));

  route(app, posts.disqualify, async (request) => ({
    post: await disqualifyPost(app.db, request.user!, request.params.id, request.body),
  }));

  route(app, posts.restore, async (request) => ({
    post: await restorePost(app.db, request.user!, request.params.id, request.body),
  }));

  route(app, posts.update, async (request) => ({
    post: await updatePost(app.db, request.user!, request.params.id, request.body, options),
  }));
}
