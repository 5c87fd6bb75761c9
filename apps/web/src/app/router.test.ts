import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { authKeys } from '../lib/session.ts';
import { testSession } from '../test/account.ts';
import { createAppRouter } from './router.tsx';

describe('the home address', () => {
  it('leads to all competitions', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(authKeys.me, testSession());
    const router = createAppRouter(queryClient, '/');
    await router.load();
    expect(router.state.location.pathname).toBe('/preffy/view');
  });
});
