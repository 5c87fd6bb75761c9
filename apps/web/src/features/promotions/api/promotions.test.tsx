import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSendPromotion } from './promotions.ts';

afterEach(() => vi.unstubAllGlobals());

const promotion = (id: string, name: string) =>
  ({ id, name, version: 1 }) as unknown as Parameters<ReturnType<typeof useSendPromotion>['mutate']>[0];

describe('useSendPromotion', () => {
  it('gives every send its own answer, even when a second one starts before the first is answered', async () => {
    const answers = new Map<string, (response: Response) => void>();
    vi.stubGlobal('fetch', (path: string) => {
      if (path === '/api/auth/csrf') return Promise.resolve(Response.json({ token: 'csrf' }));
      const id = /promotions\/(\w+)\/send/.exec(path)![1]!;
      return new Promise<Response>((resolve) => answers.set(id, resolve));
    });
    const onSent = vi.fn();
    const onFailed = vi.fn();
    const client = new QueryClient();
    const { result } = renderHook(() => useSendPromotion({ onSent, onFailed }), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    const a = promotion('a', 'A');
    const b = promotion('b', 'B');
    act(() => result.current.mutate(a));
    await waitFor(() => expect(answers.has('a')).toBe(true));
    act(() => result.current.mutate(b));
    await waitFor(() => expect(answers.has('b')).toBe(true));
    answers.get('b')!(Response.json({ messageId: 'm2', queued: 1, skipped: 0 }, { status: 202 }));
    answers.get('a')!(
      Response.json({ statusCode: 409, code: 'VERSION_CONFLICT', message: 'x' }, { status: 409 }),
    );
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(onSent).toHaveBeenCalledWith(b, { messageId: 'm2', queued: 1, skipped: 0 });
    expect(onFailed.mock.calls[0]![0]).toBe(a);
  });
});
