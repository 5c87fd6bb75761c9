import type { EndpointDefinition, ParsedBody, ParsedParams, ParsedQuery, ReplyOf } from '@preffy/api';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { apiErrorSchema } from '@preffy/api';

/** A body the handler reads itself (a multipart form): in the OpenAPI document, never validated. */
const DOCUMENTED_BODY = 'documentedBody';
/** Answers shown in the OpenAPI document but never used to serialize (errors, files, pages). */
const DOCUMENTED_RESPONSES = 'documentedResponses';
/** For a route outside the contract: answers its OpenAPI entry shows, never used to serialize. */
export const documentedResponses = (responses: Record<number, unknown>) => ({
  [DOCUMENTED_RESPONSES]: responses,
});

type RequestFor<E extends EndpointDefinition> = FastifyRequest<{
  Params: ParsedParams<E>;
  Querystring: ParsedQuery<E>;
  Body: ParsedBody<E>;
}>;

type Handler<E extends EndpointDefinition> = (
  request: RequestFor<E>,
  reply: FastifyReply,
) => Promise<ReplyOf<E> | FastifyReply>;

/** What each error status means, as the OpenAPI document describes it (one error schema). */
const ERROR_MEANINGS = {
  400: 'Malformed or invalid: fieldErrors names each field at fault',
  401: 'Not signed in, or no valid partner key',
  403: 'Not allowed: the role, a missing CSRF token, or two-step verification still to set up',
  404: 'No such record',
  409: 'Changed since it was read (current holds the record now), or the Idempotency-Key is still in use',
  423: 'The session is locked: unlock it first',
  428: 'No Idempotency-Key: this request mails many people or moves money, and must carry one',
  429: 'Too many requests: try again later',
} as const;

/** Whether a body schema (an object, or objects joined, piped or in a union) has the field. */
function declaresField(schema: unknown, field: string): boolean {
  if (schema instanceof z.ZodObject) return field in schema.shape;
  if (schema instanceof z.ZodIntersection)
    return declaresField(schema.def.left, field) || declaresField(schema.def.right, field);
  if (schema instanceof z.ZodPipe) return declaresField(schema.def.in, field);
  if (schema instanceof z.ZodUnion) return schema.def.options.some((option) => declaresField(option, field));
  return false;
}

/** The error answers a route can give, from what its declaration says it checks. */
function errorStatuses(
  definition: EndpointDefinition,
  rateLimited: boolean,
): (keyof typeof ERROR_MEANINGS)[] {
  const signedIn = definition.access !== 'public';
  const gated = signedIn && definition.gated !== false;
  const csrf = definition.method !== 'GET' && definition.csrf !== false;
  const roles = definition.access === 'staff' || definition.access === 'admin';
  const versioned = declaresField(definition.body, 'version');
  const statuses: [keyof typeof ERROR_MEANINGS, boolean][] = [
    // Every API route refuses control characters and unpaired surrogates in its address or input
    // (plugins/control-characters.ts).
    [400, true],
    [401, signedIn || !!definition.partnerKey],
    [403, roles || gated || csrf],
    [404, definition.path.includes(':')],
    [409, versioned || !!definition.idempotent],
    [423, gated],
    [428, definition.idempotent === 'required'],
    [429, rateLimited],
  ];
  return statuses.filter(([, applies]) => applies).map(([status]) => status);
}

/** Who may call it, as OpenAPI security requirements (the schemes: app.ts). */
function securityOf(definition: EndpointDefinition): Record<string, string[]>[] {
  if (definition.partnerKey) return [{ partnerKey: [] }];
  const csrf: Record<string, string[]> =
    definition.method !== 'GET' && definition.csrf !== false ? { csrfToken: [] } : {};
  if (definition.access === 'public') return Object.keys(csrf).length ? [csrf] : [];
  return [{ session: [], ...csrf }];
}

/** A stable, readable operation name: the method and the path, parameters as By…. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** A non-JSON success answer (a file or a page), documented under its content type. */
const fileAnswer = (contentType: NonNullable<EndpointDefinition['produces']>) => ({
  description: contentType === 'text/html' ? 'The page' : 'The file',
  content: {
    [contentType]: {
      schema: contentType === 'application/pdf' ? z.string().meta({ format: 'binary' }) : z.string(),
    },
  },
});

/**
 * Registers a route from its contract declaration (@preffy/api): method, path, access,
 * validation and the OpenAPI entry (its operationId, security and error answers too) all come
 * from there. What only the server knows (rate limits, body size) comes in `options`.
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
  const errors = Object.fromEntries(
    errorStatuses(definition, !!options.rateLimit).map((status) => [
      status,
      { description: ERROR_MEANINGS[status], content: { 'application/json': { schema: apiErrorSchema } } },
    ]),
  );
  app.route({
    method: definition.method,
    url: definition.path,
    bodyLimit: options.bodyLimit,
    config: {
      access: definition.access,
      ...(definition.idempotent ? { idempotent: definition.idempotent } : {}),
      ...(definition.csrf === false ? { csrf: false } : {}),
      ...(definition.gated === false ? { gated: false } : {}),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    schema: {
      tags: [...definition.tags],
      summary: definition.summary,
      operationId: operationIdOf(definition.method, definition.path),
      security: securityOf(definition),
      ...(definition.params ? { params: definition.params } : {}),
      ...(definition.query ? { querystring: definition.query } : {}),
      ...(definition.body ? { body: definition.body } : {}),
      ...(definition.multipart
        ? { consumes: ['multipart/form-data'], [DOCUMENTED_BODY]: definition.multipart }
        : {}),
      response: definition.responses,
      // For the document only: serializing error answers or files against a schema could drop
      // an error's own fields (a blocked finish lists its duplicates) or quote a CSV.
      [DOCUMENTED_RESPONSES]: {
        ...errors,
        ...(definition.produces ? { 200: fileAnswer(definition.produces) } : {}),
      },
    },
    // The zod type provider cannot follow a generic declaration; RequestFor<E> gives the same types.
    handler: handler as never,
  });
}

/**
 * The OpenAPI document's transform: zod schemas become JSON schemas, a documented body is shown
 * as the route's request body (under the content types it `consumes`), and the documented
 * answers join the route's own.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const {
    [DOCUMENTED_BODY]: documented,
    [DOCUMENTED_RESPONSES]: answers,
    ...schema
  } = (input.schema ?? {}) as typeof input.schema & {
    [DOCUMENTED_BODY]?: ZodType;
    [DOCUMENTED_RESPONSES]?: Record<string, unknown>;
  };
  const response = { ...answers, ...(schema.response as Record<string, unknown> | undefined) };
  return jsonSchemaTransform({
    ...input,
    schema: { ...schema, response, ...(documented ? { body: documented } : {}) },
  });
};

/**
 * The document's components: schemas registered with an id (the one error answer), written once.
 * The zod provider writes an input and an output copy of each; the copies no route refers to
 * (the error answer is only ever output) are left out.
 */
export const withoutUnusedInputSchemas: typeof jsonSchemaTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as ReturnType<typeof jsonSchemaTransformObject> & {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  const used = JSON.stringify(document.paths);
  for (const name of Object.keys(schemas))
    if (name.endsWith('Input') && !used.includes(`#/components/schemas/${name}"`)) delete schemas[name];
  return document;
};
