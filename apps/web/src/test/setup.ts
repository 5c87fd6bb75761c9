// jsdom lacks the browser APIs Mantine reads on mount.
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { modals } from '@mantine/modals';
import { catalogueReady } from '../lib/i18n/index.ts';
import { dialogHostListens } from '../lib/dialogs.ts';
import { ASYNC_UTIL_TIMEOUT_MS } from './timeouts.ts';

// findBy* and waitFor wait on a render, a stubbed fetch and React Query's scheduling, which take
// as long as the machine lets them: testing-library's 1 s default failed a passing test at 1.2 s
// on a busy 2-core machine. A wait returns as soon as its condition holds, so a long limit only
// delays a test that fails; one limit here, none per call (the tests' own limit: vitest.config.ts).
configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });

// The app's router waits for all of English before a screen; tests render screens directly.
await catalogueReady();
// Tests render their own ModalsProvider around what they test, before any click.
dialogHostListens();

// Files may share one jsdom (vitest.config.ts): leave nothing behind for the next test.
afterEach(() => {
  cleanup();
  notifications.clean();
  modals.closeAll();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  window.sessionStorage.clear();
});

window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
