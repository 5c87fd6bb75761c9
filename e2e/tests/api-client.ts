import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type APIResponse, type Request, expect } from '@playwright/test';
import {
  type EndpointDefinition,
  type RequestOf,
  type ResponseOf,
  apiErrorSchema,
  auth,
  urlOf,
} from '@preffy/api';

/**
 * The API as the tests reach it, through the contract (@preffy/api) like the web app's client
 * (apps/web/src/lib/api/client.ts): an endpoint and its params, query and body; the session's
 * cookie with the CSRF header; the answer parsed with the endpoint's own response schema. The
 * specs hold no API address and no hand-written answer type.
 */

/** The request, left out when nothing in it is required. */
type Args<E extends EndpointDefinition> =
  object extends RequestOf<E> ? [input?: RequestOf<E>] : [input: RequestOf<E>];

const SUCCESS_STATUSES = [200, 201, 202, 204] as const;

/** The status the endpoint declares for success: the first 2xx of its responses. */
function successStatus(endpoint: EndpointDefinition) {
  const status = SUCCESS_STATUSES.find((code) => endpoint.responses[code] !== undefined);
  if (status === undefined) throw new Error(`${endpoint.path} declares no success answer`);
  return status;
}

const describe = (endpoint: EndpointDefinition) => `${endpoint.method} ${endpoint.path}`;

export type ApiClient = ReturnType<typeof apiClient>;

/**
 * A client over a request context: a page's own (`page.request`) or one of its own (a partner's
 * carries its `x-api-key` in the context's extra headers).
 */
export function apiClient(context: APIRequestContext) {
  let csrfToken: Promise<string> | null = null;
  const csrf = () =>
    (csrfToken ??= context
      .get(urlOf(auth.csrf))
      .then(async (response) => auth.csrf.responses[200].parse(await response.json()).token));

  async function fetchAnswer(
    endpoint: EndpointDefinition,
    input: object,
    retried: boolean,
    // Like the web app's submissions: one key per request, kept for its retry.
    idempotencyKey = randomUUID(),
  ) {
    // The contract's own request shape, read back from the typed input the caller passed.
    const { params, query, body } = input as {
      params?: Record<string, string | number>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    const headers: Record<string, string> = {};
    if (endpoint.method !== 'GET' && endpoint.csrf !== false) headers['x-csrf-token'] = await csrf();
    if (endpoint.idempotent) headers['idempotency-key'] = idempotencyKey;
    const response = await context.fetch(urlOf(endpoint, params, query), {
      method: endpoint.method,
      headers,
      // As the web app sends them: every mutation carries a JSON body, {} when it has nothing.
      data: body ?? (endpoint.method === 'GET' ? undefined : {}),
    });
    // A sign-in or sign-out in the page rotates the CSRF secret: a fresh token, once.
    if (response.status() === 403 && !retried && /csrf/i.test(await response.text())) {
      csrfToken = null;
      return fetchAnswer(endpoint, input, true, idempotencyKey);
    }
    return response;
  }

  /** Sends the request and hands back the raw answer: for tests that check a refusal. */
  function send<E extends EndpointDefinition>(endpoint: E, ...[input]: Args<E>): Promise<APIResponse> {
    return fetchAnswer(endpoint, input ?? {}, false);
  }

  /** Calls the endpoint, expects its declared success status, and parses the answer with its schema. */
  async function call<E extends EndpointDefinition>(
    endpoint: E,
    ...[input]: Args<E>
  ): Promise<ResponseOf<E>> {
    return answerOf(endpoint, await fetchAnswer(endpoint, input ?? {}, false));
  }

  return { call, send };
}

/**
 * The endpoint's success answer in a response `send` handed back (one a test looked at first):
 * its declared status is expected, and the body is parsed with its schema.
 */
export async function answerOf<E extends EndpointDefinition>(
  endpoint: E,
  response: APIResponse,
): Promise<ResponseOf<E>> {
  const status = successStatus(endpoint);
  expect(response.status(), `${describe(endpoint)}: ${await response.text()}`).toBe(status);
  const answer = endpoint.responses[status]!.parse(status === 204 ? undefined : await response.json());
  // Parsed with the endpoint's own success schema just above, so it has that schema's type.
  return answer as ResponseOf<E>;
}

/** The API's one error answer (apps/server/src/plugins/error-handler.ts), parsed. */
export async function errorOf(response: APIResponse) {
  return apiErrorSchema.parse(await response.json());
}

/** Whether the browser's request is an API read or write (not the app's pages or assets). */
export const isApiRequest = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
