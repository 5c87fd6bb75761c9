import { promotions } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { listPromotions } from './promotions.repository.ts';
import {
  createPromotion,
  deletePromotion,
  getPromotion,
  sendPromotionEmail,
  updatePromotion,
} from './promotions.service.ts';

/** A form may carry 5,000 creator emails of up to 254 characters: more than the default 1 MB. */
const FORM_BODY_LIMIT = 2 * 1024 * 1024;

/** Promotions (/preffy/promotion, issue 14): staff and admins only, declared in the contract. */
export async function promotionsRoutes(app: FastifyInstance) {
  route(app, promotions.list, async (request) => listPromotions(app.db, request.query));

  route(app, promotions.get, async (request) => ({
    promotion: await getPromotion(app.db, request.params.id),
  }));

  route(
    app,
    promotions.create,
    async (request, reply) =>
      reply.code(201).send({ promotion: await createPromotion(app.db, request.user!, request.body) }),
    { bodyLimit: FORM_BODY_LIMIT },
  );

  route(
    app,
    promotions.update,
    async (request) => ({
      promotion: await updatePromotion(app.db, request.user!, request.params.id, request.body),
    }),
    { bodyLimit: FORM_BODY_LIMIT },
  );

  route(app, promotions.remove, async (request) => {
    await deletePromotion(app.db, request.user!, request.params.id, request.query.version);
    return { ok: true };
  });

  route(app, promotions.send, async (request, reply) =>
    reply.code(202).send(
      await sendPromotionEmail(app.db, {
        actor: request.user!,
        id: request.params.id,
        version: request.body.version,
        publicUrl: app.config.publicUrl,
      }),
    ),
  );
}
