import { notifications } from '@mantine/notifications';
import {
  type EndpointDefinition,
  type ErrorCode,
  type RequestOf,
  type ResponseOf,
  auth,
  errorTranslationKey,
  hasOwnFieldTexts,
  isErrorCode,
  urlOf,
} from '@preffy/api';
import { i18n, translateServerMessage } from '../i18n/index.ts';

/** The API's one error shape (see apps/server/src/plugins/error-handler.ts). */
export interface ApiErrorBody {
  statusCode: number;
  /** One of the contract's codes (ERROR_CODES), a framework's own (FST_…), or NETWORK. */
  code: string;
  message: string;
  /** Which of its code's messages this is, when the code has several. */
  reason?: string;
  fieldErrors?: Record<string, string[]>;
  current?: unknown;
}

export class ApiError extends Error {
  constructor(readonly body: ApiErrorBody) {
    super(body.message);
  }
  get status() {
    return this.body.statusCode;
  }
  /**
   * Field messages in the user's language, ready for a Mantine form's setErrors: a form's own
   * field texts (VALIDATION) by their text, any other code's by its key, which they repeat.
   */
  fieldErrors(): Record<string, string> {
    const code = knownCode(this.body);
    return Object.fromEntries(
      Object.entries(this.body.fieldErrors ?? {}).map(([field, messages]) => [
        field,
        hasOwnFieldTexts(code) ? translateServerMessage(messages[0] ?? '') : textOf(code, this.body.reason),
      ]),
    );
  }
}

const NETWORK_ERROR: ApiErrorBody = { statusCode: 0, code: 'NETWORK', message: '' };

/** The contract's code of an answer: a framework's own code reads as ERROR, a failure as INTERNAL. */
const knownCode = (body: ApiErrorBody): ErrorCode =>
  body.statusCode >= 500 ? 'INTERNAL' : isErrorCode(body.code) ? body.code : 'ERROR';
/** What a code (for one of its reasons) says in the user's language. */
const textOf = (code: ErrorCode, reason?: string) =>
  // The key comes from the contract's list: i18next's typed keys cannot know it in advance.
  (i18n.t as unknown as (key: string) => string)(errorTranslationKey(code, reason));

let csrfToken: Promise<string> | null = null;
function csrf(): Promise<string> {
  csrfToken ??= fetch(urlOf(auth.csrf), { credentials: 'same-origin' })
    .then((r) => r.json() as Promise<{ token: string }>)
    .then((b) => b.token)
    .catch((error: unknown) => {
      csrfToken = null;
      throw error;
    });
  return csrfToken;
}

/** Called when the session is gone; the router sends the user to /login. */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/**
 * Called when the server answers that the session is locked (423) or must first set up two-step
 * verification: the session is read again, and the lock screen or the setup shows.
 */
let onGated: () => void = () => {};
export function setGatedHandler(handler: () => void) {
  onGated = handler;
}

/**
 * How requests reach the API: the browser's fetch, or, while the server draws a signed-in page
 * (prerender.tsx), the server's own routes, asked as the user whose page it is.
 */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
const browserFetch: ApiTransport = (url, init) => fetch(url, init);
let transport = browserFetch;
export function setApiTransport(next: ApiTransport | null) {
  transport = next ?? browserFetch;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** idempotencyKey: one per form submission (see submission-key.ts); the server runs it once. */
export type RequestOptions = { idempotencyKey?: string };

async function request<T>(
  method: Method,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
  retried = false,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = await csrf();
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await transport(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(NETWORK_ERROR);
  }
  if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;

  const error = await response
    .json()
    .then((b: ApiErrorBody) => ({ ...b, statusCode: response.status }))
    .catch(() => ({ statusCode: response.status, code: 'ERROR', message: response.statusText }));
  // A new session (sign-in, sign-out) rotates the CSRF secret: fetch a fresh token once.
  if (response.status === 403 && /csrf/i.test(error.code + error.message) && !retried) {
    csrfToken = null;
    return request<T>(method, url, body, options, true);
  }
  if (response.status === 429) error.code = 'RATE_LIMITED';
  if (response.status === 401 && error.code === 'UNAUTHORIZED') onUnauthorized();
  if (response.status === 423 || error.code === 'TWO_STEP_SETUP_REQUIRED') onGated();
  throw new ApiError(error);
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body: unknown = {}, options?: RequestOptions) =>
    request<T>('POST', url, body, options),
  patch: <T>(url: string, body: unknown) => request<T>('PATCH', url, body),
  put: <T>(url: string, body: unknown) => request<T>('PUT', url, body),
  delete: <T>(url: string) => request<T>('DELETE', url),
  /** After sign-in or sign-out the server issues a new CSRF secret. */
  resetCsrf: () => {
    csrfToken = null;
  },
};

/**
 * Calls an endpoint of the contract (@preffy/api): the address comes from its declaration and
 * its path parameters and query, the answer has the declared type. No URL strings in features.
 */
export function call<E extends EndpointDefinition>(
  definition: E,
  input: RequestOf<E> = {} as RequestOf<E>,
  options: RequestOptions = {},
): Promise<ResponseOf<E>> {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: object;
    body?: unknown;
  };
  const url = urlOf(definition, params, query as Record<string, unknown> | undefined);
  return request<ResponseOf<E>>(
    definition.method,
    url,
    body ?? (definition.method === 'GET' ? undefined : {}),
    options,
  );
}

/** A multipart upload to an endpoint of the contract (the browser sets the boundary). */
export function upload<E extends EndpointDefinition>(definition: E, form: FormData): Promise<ResponseOf<E>> {
  return request<ResponseOf<E>>(definition.method, urlOf(definition), form);
}

const TITLED = [
  'VALIDATION',
  'VERSION_CONFLICT',
  'FORBIDDEN',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'RATE_LIMITED',
] as const;
const oneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * The title and text a user sees for an API error, in their language: by its code, and the
 * code's reason when it has several (`errors.codes.<CODE>`, `errors.reasons.<CODE>.<reason>`;
 * decisions 0020 and 0092). A validation error shows its first field's message, the form's own
 * text; a 5xx never shows its message.
 */
export function describeError(error: unknown): { title: string; message: string } {
  const body = error instanceof ApiError ? error.body : { ...NETWORK_ERROR, code: 'ERROR', statusCode: 500 };
  const title = oneOf(TITLED, body.code)
    ? i18n.t(`errors.titles.${body.code}`)
    : i18n.t('errors.titles.generic');
  if (body.code === 'NETWORK') return { title, message: i18n.t('errors.network') };
  const code = knownCode(body);
  // A validation message reads 'field: text'; the field's own text is what has a translation.
  const firstFieldMessage = Object.values(body.fieldErrors ?? {})[0]?.[0];
  if (hasOwnFieldTexts(code) && firstFieldMessage)
    return { title, message: translateServerMessage(firstFieldMessage) };
  return { title, message: textOf(code, body.reason) };
}

type FormWithErrors = {
  getValues: () => object;
  setErrors: (errors: Record<string, string | undefined>) => void;
};

/**
 * Puts a failed request's field messages on the form's own fields (`aliases` maps a server field
 * onto the input that shows it, e.g. endDate → endDay). Any failure the form has no field for
 * still reaches the user, through `onOther` (a notification by default): none is dropped.
 */
export function showFormErrors(
  form: FormWithErrors,
  error: unknown,
  options: { aliases?: Record<string, string>; onOther?: (message: string) => void } = {},
) {
  const notify = (message: string) =>
    notifications.show({ color: 'red', title: describeError(error).title, message, autoClose: 8000 });
  const { aliases = {}, onOther = notify } = options;
  if (!(error instanceof ApiError) || !error.body.fieldErrors) return onOther(describeError(error).message);
  const fields = new Set(Object.keys(form.getValues()));
  const shown: Record<string, string> = {};
  let other: string | undefined;
  for (const [field, message] of Object.entries(error.fieldErrors())) {
    const target = aliases[field] ?? field;
    if (fields.has(target)) shown[target] = message;
    else other ??= message;
  }
  form.setErrors(shown);
  if (other !== undefined) onOther(other);
}

/** Every failed request the user started ends in a visible notification, never only the console. */
export function notifyError(error: unknown) {
  const { title, message } = describeError(error);
  notifications.show({ color: 'red', title, message, autoClose: 8000 });
}
