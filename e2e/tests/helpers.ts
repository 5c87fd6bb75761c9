import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, type Page, type Request, expect, request } from '@playwright/test';
import { users } from '@preffy/api';
import { type ApiClient, apiClient, isApiRequest } from './api-client.ts';

export const ADMIN = { email: 'admin@preffy.test', password: 'admin-password-123' };
/**
 * The admin session the global setup keeps for the whole run (e2e/global-setup.ts); one file
 * per server address, so runs against two servers at once never overwrite each other's.
 */
export const ADMIN_STATE = path.resolve(
  import.meta.dirname,
  `../../.test-out/admin-state-${new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3199').port}.json`,
);

/** Signs in through the form (each try counts against the sign-in rate limit). */
export async function signInWithForm(page: Page, credentials = ADMIN) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(credentials.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The admin's session from the global setup, put into this page's browser context. */
export async function signIn(page: Page) {
  await page.context().addCookies(adminCookies());
  await page.goto('/dashboard');
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

function adminCookies() {
  const state = JSON.parse(readFileSync(ADMIN_STATE, 'utf8')) as { cookies: Cookie[] };
  return state.cookies;
}
type Cookie = Parameters<BrowserContext['addCookies']>[0][number];

/** A client over a request context of its own, disposed of when the test is done with it. */
async function ownApi(options: Parameters<typeof request.newContext>[0]) {
  const context = await request.newContext(options);
  return { ...apiClient(context), dispose: () => context.dispose() };
}

/** An admin API session, the way the web app talks to the server (cookie + CSRF header). */
export const adminApi = (baseURL: string) => ownApi({ baseURL, storageState: ADMIN_STATE });

/** A partner's API client: its key instead of a session, as the partner ingestion is called. */
export const partnerApi = (baseURL: string, key: string) =>
  ownApi({ baseURL, extraHTTPHeaders: { 'x-api-key': key } });

/** The page's own session (its cookie plus the CSRF header), as the app sends its requests. */
export const pageApi = (page: Page) => apiClient(page.request);

type Role = 'admin' | 'staff' | 'organizer';

/** A single-use sign-in link path (/?LoginToken=…) for an existing user, minted by the admin. */
export async function signInLinkPath(api: ApiClient, userId: string) {
  const { url } = await api.call(users.signInLink, { params: { id: userId }, body: {} });
  return new URL(url).pathname + new URL(url).search;
}

/** Invites a user with the role and answers a single-use sign-in link path (/?LoginToken=…). */
export async function newUserSignInPath(baseURL: string, role: Role, email?: string) {
  const api = await adminApi(baseURL);
  const address = email ?? `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@preffy.test`;
  const { user } = await api.call(users.invite, { body: { email: address, name: `E2E ${role}`, role } });
  const path = await signInLinkPath(api, user.id);
  await api.dispose();
  return { email: address, path };
}

/** Signs the page in as a new user with the role, through a one-time link. */
export async function signInAsNew(page: Page, baseURL: string, role: Role) {
  const { email, path } = await newUserSignInPath(baseURL, role);
  await page.goto(path);
  await expect(page).not.toHaveURL(/LoginToken/);
  return email;
}

/**
 * Types into a table's search box and waits until every API read made with that search has been
 * answered (the list, and its counts where it has them). A row found before may belong to the
 * unfiltered page, and a click on it may land on the loading overlay the refetch puts over the
 * table.
 */
export async function searchTable(page: Page, label: string, text: string) {
  const withSearch = (request: Request) =>
    request.method() === 'GET' &&
    isApiRequest(request) &&
    new URL(request.url()).searchParams.get('search') === text.trim();
  const pending = new Set<Request>();
  let answered = 0;
  const sent = (request: Request) => void (withSearch(request) && pending.add(request));
  const done = (request: Request) => void (pending.delete(request) && answered++);
  page.on('request', sent);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  try {
    await page.getByRole('textbox', { name: label }).fill(text);
    await expect.poll(() => answered > 0 && pending.size === 0).toBe(true);
  } finally {
    page.off('request', sent);
    page.off('requestfinished', done);
    page.off('requestfailed', done);
  }
}
