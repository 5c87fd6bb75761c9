import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_ACTIVITY_KEY, useIdleLock } from './use-idle-lock.ts';

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

const minutes = (n: number) => n * 60_000;

describe('useIdleLock', () => {
  it('locks once after the idle minutes, not before', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleLock(15, onIdle));
    act(() => vi.advanceTimersByTime(minutes(14)));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(minutes(1) + 10_000));
    expect(onIdle).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(minutes(30)));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('starts counting again on a key press or a pointer move', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleLock(15, onIdle));
    act(() => vi.advanceTimersByTime(minutes(10)));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    act(() => vi.advanceTimersByTime(minutes(10)));
    window.dispatchEvent(new Event('pointermove'));
    act(() => vi.advanceTimersByTime(minutes(10)));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(minutes(6)));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts activity in another tab of the app (shared through localStorage)', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleLock(15, onIdle));
    act(() => vi.advanceTimersByTime(minutes(14)));
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    act(() => vi.advanceTimersByTime(minutes(14)));
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('never locks with 0 minutes', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleLock(0, onIdle));
    act(() => vi.advanceTimersByTime(minutes(600)));
    expect(onIdle).not.toHaveBeenCalled();
  });
});
