import { inquiryOptions } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import {
  createOption,
  inquiryChoices,
  listOptions,
  removeOption,
  updateOption,
} from './inquiry-options.service.ts';

/** The contact form's editable lists (issue 15): the form reads them publicly; staff and admins edit. */
export async function inquiryOptionsRoutes(app: FastifyInstance) {
  route(app, inquiryOptions.choices, async () => inquiryChoices(app.db));

  route(app, inquiryOptions.list, async () => ({ items: await listOptions(app.db) }));

  route(app, inquiryOptions.create, async (request, reply) =>
    reply.code(201).send({ option: await createOption(app.db, request.user!, request.body) }),
  );

  route(app, inquiryOptions.update, async (request) => ({
    option: await updateOption(app.db, request.user!, request.params.id, request.body),
  }));

  route(app, inquiryOptions.remove, async (request) => {
    await removeOption(app.db, request.user!, request.params.id, request.query.version);
    return { ok: true };
  });
}
