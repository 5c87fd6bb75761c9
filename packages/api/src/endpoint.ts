import type { Access } from '@preffy/domain';
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API endpoint, declared once: the server registers its route from it (validation and the
 * OpenAPI document), and the web app calls it through the typed client (no URL strings, no
 * hand-copied response types). Path parameters are written `:name` and declared in `params`.
 */
export interface EndpointDefinition {
  method: Method;
  path: `/api/${string}`;
  /** Who may call it; the server checks it on every request (plugins/access.ts). */
  access: Access;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Answers by status code; the first 2xx is what the client returns. */
  responses: Partial<Record<200 | 201 | 202 | 204, z.ZodType>>;
  /**
   * Accepts an `Idempotency-Key` header (plugins/idempotency.ts); 'required': refuses a request
   * without one (428), for what mails many people or moves money (decision 0119).
   */
  idempotent?: boolean | 'required';
  /** false only for routes that authenticate otherwise (partner API keys, signed links). */
  csrf?: boolean;
  /**
   * false: still reachable while the session is locked or its user must first set up two-step
   * verification (the session itself, signing out, unlocking, enrolling). Everything else
   * answers 423 SESSION_LOCKED or 403 TWO_STEP_SETUP_REQUIRED then (plugins/access.ts).
   */
  gated?: boolean;
  /**
   * A multipart/form-data body the handler reads itself (album images: `request.file()`), so
   * no `body`: these fields are shown in the OpenAPI document, never validated by the schema.
   */
  multipart?: z.ZodType;
  /**
   * What the success answer is when it is not JSON: a file (an attachment) or a page. The
   * OpenAPI document shows it under that content type.
   */
  produces?: 'text/csv' | 'text/calendar' | 'application/pdf' | 'text/html';
  /** Authenticated by a partner API key (`x-api-key`), not a session (the partner ingestion). */
  partnerKey?: boolean;
}

/** Declares one endpoint in full, keeping its exact types (areas declare theirs with `endpointsOf`). */
export const endpoint = <const E extends EndpointDefinition>(definition: E): E => definition;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type SuccessSchema<E extends EndpointDefinition> = E['responses'] extends { 200: infer S }
  ? S
  : E['responses'] extends { 201: infer S }
    ? S
    : E['responses'] extends { 202: infer S }
      ? S
      : undefined;

/** What the server's handler receives, after validation. */
export type ParsedParams<E extends EndpointDefinition> = Output<E['params']>;
export type ParsedQuery<E extends EndpointDefinition> = Output<E['query']>;
export type ParsedBody<E extends EndpointDefinition> = Output<E['body']>;

/** What a caller sends (before defaults and coercion). */
export type RequestOf<E extends EndpointDefinition> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: Input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : { body?: undefined });

/** The success answer's body as the client receives it. */
export type ResponseOf<E extends EndpointDefinition> = Output<SuccessSchema<E>>;
/** The success answer's body as the server's handler returns it (before serialisation). */
export type ReplyOf<E extends EndpointDefinition> = Input<SuccessSchema<E>>;

/** The address of an endpoint with its path parameters and query filled in. */
export function urlOf(
  definition: Pick<EndpointDefinition, 'path'>,
  params?: Record<string, string | number>,
  query?: Record<string, unknown>,
): string {
  const path = definition.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${definition.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

type Flat<T> = { [K in keyof T]: T[K] };
/** What one declaration says: everything but its method, path, access and tags. */
type Declaration = Omit<EndpointDefinition, 'method' | 'path' | 'access' | 'tags'>;

/**
 * The endpoints of one area (its OpenAPI tags), by who may call them:
 * `const { signedIn, staff } = endpointsOf(['stats'])`, then
 * `cancel: staff.post('/api/jobs/:id/cancel', { summary, params, responses })`. Each declaration
 * states its access, method and path in its first line, then only what is its own.
 */
export function endpointsOf<const T extends readonly string[]>(tags: T) {
  const withAccess = <const A extends Access>(access: A) => {
    const declare =
      <M extends Method>(method: M) =>
      <const P extends EndpointDefinition['path'], const E extends Declaration>(path: P, definition: E) =>
        ({ method, path, access, tags, ...definition }) as Flat<
          { method: M; path: P; access: A; tags: T } & E
        >;
    return {
      get: declare('GET'),
      post: declare('POST'),
      put: declare('PUT'),
      patch: declare('PATCH'),
      delete: declare('DELETE'),
    };
  };
  return {
    anyone: withAccess('public'),
    signedIn: withAccess('signed-in'),
    staff: withAccess('staff'),
    admin: withAccess('admin'),
    /** An access level that comes from elsewhere (a field permission). */
    withAccess,
  };
}
