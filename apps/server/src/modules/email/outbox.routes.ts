import { outbox } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { listRecipients } from './outbox.repository.ts';
import { getOutboxMessage, listOutboxMessages, resendUnknown } from './outbox.service.ts';

/** The Outbox page: every message, rendered, with what happened to each recipient. */
export async function outboxRoutes(app: FastifyInstance) {
  route(app, outbox.list, async (request) => listOutboxMessages(app.db, request.query));

  route(app, outbox.get, async (request) => getOutboxMessage(app.db, request.params.id));

  route(app, outbox.recipients, async (request) => listRecipients(app.db, request.params.id, request.query));

  route(app, outbox.resendUnknown, async (request) =>
    resendUnknown(app.db, request.user!.id, request.params.id),
  );
}
