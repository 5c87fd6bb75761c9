import { paypal } from '@preffy/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { PaypalClient, type PaypalSettings, type WebhookTransmission } from './paypal-client.ts';
import { paypalState, receiveWebhook, sendViaPaypal } from './paypal.service.ts';

/** PayPal may deliver bursts (one event per item of a large batch), but not floods. */
const WEBHOOK_RATE_LIMIT = { max: 600, timeWindow: 60_000 };
/** The paypal-* headers are short; longer ones are not PayPal's and are not sent on to it. */
const MAX_HEADER_LENGTH = 2000;

/** The paypal-* headers of a delivery, or null when one is missing or implausible. */
function transmissionOf(request: FastifyRequest): WebhookTransmission | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value.length > 0 && value.length <= MAX_HEADER_LENGTH ? value : null;
  };
  const fields = {
    authAlgo: header('paypal-auth-algo'),
    certUrl: header('paypal-cert-url'),
    transmissionId: header('paypal-transmission-id'),
    transmissionSig: header('paypal-transmission-sig'),
    transmissionTime: header('paypal-transmission-time'),
  };
  return Object.values(fields).every((value) => value !== null) ? (fields as WebhookTransmission) : null;
}

/** The optional PayPal Payouts API (issue 14): state and send for staff, PayPal's webhooks. */
export async function paypalRoutes(app: FastifyInstance) {
  const settings: PaypalSettings | null = app.config.paypal;
  // One client per app: its token is cached across requests.
  const client = settings ? new PaypalClient(settings) : null;

  route(app, paypal.state, async (request) =>
    paypalState(app.db, settings, request.user!, request.params.competitionId),
  );

  route(app, paypal.send, async (request, reply) => {
    const payout = await sendViaPaypal(
      app.db,
      settings,
      request.user!,
      request.params.competitionId,
      request.body,
    );
    return reply.code(202).send({ payout });
  });

  // In its own context: only the webhook keeps the request's bytes, which PayPal's signature check needs.
  await app.register(async (webhooks) => {
    const rawBodies = new WeakMap<FastifyRequest, string>();
    const parseJson = webhooks.getDefaultJsonParser('error', 'error');
    // Replaces the app's JSON parser (app.ts) in this context only.
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      rawBodies.set(request, body as string);
      parseJson(request, body as string, done);
    });
    route(
      webhooks,
      paypal.webhook,
      async (request) => {
        await receiveWebhook(
          app.db,
          settings,
          client,
          transmissionOf(request),
          rawBodies.get(request) ?? JSON.stringify(request.body),
          request.body,
        );
        return { ok: true };
      },
      { rateLimit: WEBHOOK_RATE_LIMIT },
    );
  });
}
