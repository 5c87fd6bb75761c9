import fc from 'fast-check';
import { hostileMultipartBody } from './hostile-multipart.ts';
import {
  SCRIPT,
  exampleOf,
  hostileRawBody,
  invalidJsonBody,
  invalidQueryValue,
  type ExampleContext,
  type JsonSchema,
  type RawBody,
} from './invalid-inputs.ts';

export type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `unforgeable`: any value we make up is wrong (an HMAC signature), so a random one is invalid input. */
export type Param = { name: string; schema: JsonSchema; required: boolean; unforgeable?: boolean };

/** One mutation route as the OpenAPI document describes it. */
export type MutationRoute = {
  method: Method;
  /** OpenAPI form: /api/users/{id}. */
  path: string;
  pathParams: Param[];
  query: Param[];
  /** The application/json body schema, if the route reads one. */
  body?: JsonSchema;
  multipart: boolean;
};

export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

type OpenApiOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** Every POST/PUT/PATCH/DELETE under /api in the document. */
export function mutationRoutes(document: unknown): MutationRoute[] {
  const routes: MutationRoute[] = [];
  for (const [path, operations] of Object.entries((document as OpenApiDocument).paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [lowerMethod, operation] of Object.entries(operations)) {
      const method = lowerMethod.toUpperCase();
      if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const parameters = (operation.parameters ?? []).map((p) => ({
        name: p.name,
        schema: p.schema,
        required: p.required ?? false,
        in: p.in,
      }));
      const content = operation.requestBody?.content ?? {};
      routes.push({
        method: method as Method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return routes;
}

/** One request as sent; `summary` is what a failure prints (payloads can be 1 MB). */
export type FuzzRequest = Partial<RawBody> & { method: Method; url: string; summary: string };

/** A part of a request, and whether it alone makes the request invalid. */
type Part<T> = { value: T; invalid: boolean };
const valid = <T>(value: T): Part<T> => ({ value, invalid: false });
const invalid = <T>(value: T): Part<T> => ({ value, invalid: true });

const FAKE_IDS = [
  SCRIPT,
  "' OR '1'='1",
  '../../etc/passwd',
  '%00',
  'ü😀',
  'x'.repeat(101),
  'x'.repeat(5_000),
];

function pathValue(realIds: string[]): fc.Arbitrary<Part<string>> {
  const fake = fc
    .oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }), fc.constantFrom(...FAKE_IDS))
    .filter((id) => !realIds.includes(id))
    .map(invalid);
  if (!realIds.length) return fake;
  // Mostly real ids: only then does a request get past the record lookup to the deeper checks.
  return fc.oneof(
    { arbitrary: fc.constantFrom(...realIds).map(valid), weight: 3 },
    { arbitrary: fake, weight: 1 },
  );
}

function queryValue(param: Param, ctx: ExampleContext): fc.Arbitrary<Part<string | string[] | undefined>> {
  const options: fc.Arbitrary<Part<string | string[] | undefined>>[] = [
    invalidQueryValue(param.schema).map(invalid),
  ];
  if (param.unforgeable) options.push(fc.string({ minLength: 1, maxLength: 60 }).map(invalid));
  else options.push(fc.constant(valid(String(exampleOf(param.schema, param.name, ctx)))));
  options.push(fc.constant(param.required ? invalid(undefined) : valid(undefined)));
  return fc.oneof(...options);
}

function bodyValue(route: MutationRoute, ctx: ExampleContext): fc.Arbitrary<Part<RawBody | undefined>> {
  const raw = hostileRawBody({ plainTextIsInvalid: route.multipart || route.body !== undefined }).map(
    invalid,
  );
  if (route.multipart)
    return fc.oneof(
      { arbitrary: hostileMultipartBody().map(invalid), weight: 6 },
      { arbitrary: raw, weight: 1 },
    );
  if (!route.body)
    return fc.oneof(
      raw,
      fc.constant(valid(undefined)),
      fc.constant(valid({ contentType: 'application/json', payload: '{}' })),
    );
  const json = invalidJsonBody(route.body, ctx).map((value) =>
    invalid({ contentType: 'application/json', payload: JSON.stringify(value) }),
  );
  // No body at all is valid only where the schema has a default for it.
  const none = route.body.default === undefined ? invalid(undefined) : valid(undefined);
  return fc.oneof(
    { arbitrary: json, weight: 8 },
    { arbitrary: raw, weight: 2 },
    { arbitrary: fc.constant(none), weight: 1 },
  );
}

/**
 * Requests to the route that are invalid by construction: at least one part (a made-up id, a
 * bad query value, a bad body) is wrong, so no answer but a 4xx is right.
 */
export function invalidRequest(
  route: MutationRoute,
  ctx: ExampleContext,
  realIds: string[],
): fc.Arbitrary<FuzzRequest> {
  const path = fc.tuple(...route.pathParams.map(() => pathValue(realIds)));
  const query = fc.tuple(...route.query.map((param) => queryValue(param, ctx)));
  return fc
    .tuple(path, query, bodyValue(route, ctx))
    .filter(([pathParts, queryParts, body]) =>
      [...pathParts, ...queryParts, body].some((part) => part.invalid),
    )
    .map(([pathParts, queryParts, body]) => {
      let url = route.path;
      route.pathParams.forEach((param, i) => {
        url = url.replace(`{${param.name}}`, encodeURIComponent(pathParts[i]!.value));
      });
      const search = new URLSearchParams();
      route.query.forEach((param, i) => {
        const value = queryParts[i]!.value;
        for (const v of value === undefined ? [] : [value].flat()) search.append(param.name, v);
      });
      if (search.size) url += `?${search}`;
      const request = { method: route.method, url, ...body.value };
      return { ...request, summary: summarize(request) };
    });
}

const preview = (text: string, max = 300) =>
  text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;

function summarize(request: {
  method: string;
  url: string;
  contentType?: string;
  payload?: string | Buffer;
}) {
  const payload =
    request.payload === undefined
      ? 'no body'
      : preview(typeof request.payload === 'string' ? request.payload : request.payload.toString('latin1'));
  return `${request.method} ${preview(request.url, 200)} [${request.contentType ?? 'no content-type'}] ${JSON.stringify(payload)}`;
}
