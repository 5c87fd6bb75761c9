import { type FullConfig, expect, request } from '@playwright/test';
import { ADMIN, ADMIN_STATE } from './tests/helpers.ts';

/**
 * Signs the admin in once for the whole run and keeps the session cookie: sign-in is
 * rate-limited (10 tries in 15 minutes per address), so tests reuse this session instead
 * of signing in again. Tests about the sign-in form itself use the form.
 */
export default async function globalSetup(config: FullConfig) {
  const api = await request.newContext({ baseURL: config.projects[0]!.use.baseURL });
  const { token } = (await (await api.get('/api/auth/csrf')).json()) as { token: string };
  const login = await api.post('/api/auth/login', { data: ADMIN, headers: { 'x-csrf-token': token } });
  expect(login.ok(), await login.text()).toBe(true);
  await api.storageState({ path: ADMIN_STATE });
  await api.dispose();
}
