import { posts } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { listAdminPosts } from './post-admin.repository.ts';

export async function postAdminRoutes(app: FastifyInstance) {
  // The visibility rule is in the query itself: an organizer's list holds only their competitions.
  route(app, posts.listAll, async (request) => listAdminPosts(app.db, request.user!, request.query));
}
