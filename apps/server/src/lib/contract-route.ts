import type { EndpointDefinition, ParsedBody, ParsedParams, ParsedQuery, ReplyOf } from '@preffy/api';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/** A body the handler reads itself (a multipart form): in the OpenAPI document, never validated. */
const DOCUMENTED_BODY = 'documentedBody';

type RequestFor<E extends EndpointDefinition> = FastifyRequest<{
  Params: ParsedParams<E>;
  Querystring: ParsedQuery<E>;
  Body: ParsedBody<E>;
}>;

type Handler<E extends EndpointDefinition> = (
  request: RequestFor<E>,
  reply: FastifyReply,
) => Promise<ReplyOf<E> | FastifyReply>;

/**
 * Registers a route from its contract declaration (@preffy/api): method, path, access,
 * validation and the OpenAPI entry all come from there. What only the server knows (rate
 * limits, body size) comes in `options`.
 */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  definition: E,
  handler: Handler<E>,
  options: {
    rateLimit?: NonNullable<RouteShorthandOptions['config']>['rateLimit'];
    bodyLimit?: number;
  } = {},
) {
  app.route({
    method: definition.method,
    url: definition.path,
    bodyLimit: options.bodyLimit,
    config: {
      access: definition.access,
      ...(definition.idempotent ? { idempotent: true } : {}),
      ...(definition.csrf === false ? { csrf: false } : {}),
      ...(definition.gated === false ? { gated: false } : {}),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    schema: {
      tags: [...definition.tags],
      summary: definition.summary,
      ...(definition.hide ? { hide: true } : {}),
      ...(definition.params ? { params: definition.params } : {}),
      ...(definition.query ? { querystring: definition.query } : {}),
      ...(definition.body ? { body: definition.body } : {}),
      ...(definition.multipart
        ? { consumes: ['multipart/form-data'], [DOCUMENTED_BODY]: definition.multipart }
        : {}),
      response: definition.responses,
    },
    // The zod type provider cannot follow a generic declaration; RequestFor<E> gives the same types.
    handler: handler as never,
  });
}

/**
 * The OpenAPI document's transform: zod schemas become JSON schemas, and a documented body is
 * shown as the route's request body, under the content types it `consumes`.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const { [DOCUMENTED_BODY]: documented, ...schema } = (input.schema ?? {}) as typeof input.schema & {
    [DOCUMENTED_BODY]?: ZodType;
  };
  return jsonSchemaTransform(documented ? { ...input, schema: { ...schema, body: documented } } : input);
};
