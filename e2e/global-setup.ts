import { type FullConfig, request } from '@playwright/test';
import { auth } from '@preffy/api';
import { apiClient } from './tests/api-client.ts';
import { ADMIN, ADMIN_STATE } from './tests/helpers.ts';

/**
 * Signs the admin in once for the whole run and keeps the session cookie: sign-in is
 * rate-limited (10 tries in 15 minutes per address), so tests reuse this session instead
 * of signing in again. Tests about the sign-in form itself use the form.
 */
export default async function globalSetup(config: FullConfig) {
  const context = await request.newContext({ baseURL: config.projects[0]!.use.baseURL });
  await apiClient(context).call(auth.login, { body: ADMIN });
  await context.storageState({ path: ADMIN_STATE });
  await context.dispose();
}
