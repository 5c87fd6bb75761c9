import { payments } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { listPayments, paymentTotals } from './payments.repository.ts';
import { movePayment } from './payments.service.ts';

/** Payments admin (issue 14): staff and admins only, declared in the contract. */
export async function paymentsRoutes(app: FastifyInstance) {
  route(app, payments.list, async (request) => listPayments(app.db, request.query));

  route(app, payments.totals, async (request) => paymentTotals(app.db, request.query.search));

  route(app, payments.send, async (request) => ({
    payment: await movePayment(app.db, request.user!, request.params.id, 'send', request.body),
  }));

  route(app, payments.unsend, async (request) => ({
    payment: await movePayment(app.db, request.user!, request.params.id, 'unsend', request.body),
  }));
}
