import { type APIRequestContext, type Page, expect, request } from '@playwright/test';

export const ADMIN = { email: 'admin@preffy.test', password: 'admin-password-123' };

export async function signIn(page: Page, credentials = ADMIN) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(credentials.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** An admin API session, the way the web app talks to the server (cookie + CSRF header). */
export async function adminApi(baseURL: string): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await request.newContext({ baseURL });
  const { token: csrf } = (await (await api.get('/api/auth/csrf')).json()) as { token: string };
  const login = await api.post('/api/auth/login', { data: ADMIN, headers: { 'x-csrf-token': csrf } });
  expect(login.ok()).toBe(true);
  return { api, csrf };
}
