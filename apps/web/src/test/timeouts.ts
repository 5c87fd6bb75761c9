/** How long a findBy* or waitFor waits (src/test/setup.ts). */
export const ASYNC_UTIL_TIMEOUT_MS = 15_000;
/** How long one test may take: several waits, each up to the limit above on a busy machine. */
export const TEST_TIMEOUT_MS = 60_000;
