import { inquiries } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import {
  countUnseen,
  listActivity,
  listAssignees,
  listInquiries,
  listNotes,
} from './inquiries.repository.ts';
import {
  addNote,
  createInquiry,
  deleteInquiry,
  getInquiry,
  linkHold,
  requireInquiry,
  updateInquiry,
} from './inquiries.service.ts';

/** The public contact form: 10 per hour per address. */
export const PUBLIC_INQUIRY_RATE_LIMIT = { max: 10, timeWindow: 60 * 60_000 };

/** The sales-inquiry inbox (issue 15): staff and admins; the contact form is public. */
export async function inquiriesRoutes(app: FastifyInstance) {
  route(
    app,
    inquiries.submitPublic,
    async (request, reply) => {
      const { website, ...body } = request.body;
      // A bot filled the hidden field: answer like a success, store nothing.
      if (!website) await createInquiry(app.db, null, body);
      return reply.code(201).send({ ok: true });
    },
    { rateLimit: PUBLIC_INQUIRY_RATE_LIMIT },
  );

  route(app, inquiries.list, async (request) => listInquiries(app.db, request.query, request.user!.email));

  route(app, inquiries.unseenCount, async () => ({ count: await countUnseen(app.db) }));

  route(app, inquiries.assignees, async () => ({ items: await listAssignees(app.db) }));

  route(app, inquiries.create, async (request, reply) =>
    reply.code(201).send({ inquiry: await createInquiry(app.db, request.user!, request.body) }),
  );

  route(app, inquiries.get, async (request) => ({ inquiry: await getInquiry(app.db, request.params.id) }));

  route(app, inquiries.update, async (request) => ({
    inquiry: await updateInquiry(app.db, {
      actor: request.user!,
      id: request.params.id,
      body: request.body,
      publicUrl: app.config.publicUrl,
    }),
  }));

  route(app, inquiries.remove, async (request) => {
    await deleteInquiry(app.db, request.user!, request.params.id, request.query.version);
    return { ok: true };
  });

  route(app, inquiries.notes, async (request) => {
    await requireInquiry(app.db, request.params.id);
    return listNotes(app.db, request.params.id, request.query);
  });

  route(app, inquiries.addNote, async (request, reply) =>
    reply
      .code(201)
      .send({ note: await addNote(app.db, request.user!, request.params.id, request.body.message) }),
  );

  route(app, inquiries.activity, async (request) => {
    await requireInquiry(app.db, request.params.id);
    return listActivity(app.db, request.params.id, request.query);
  });

  route(app, inquiries.linkHold, async (request) => ({
    inquiry: await linkHold(app.db, request.user!, request.params.id, request.body),
  }));
}
