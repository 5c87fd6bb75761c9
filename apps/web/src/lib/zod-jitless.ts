// zod compiles object parsers with `new Function` unless told not to, and probes for it when the
// first object schema is built: under the app's Content-Security-Policy (no 'unsafe-eval') the
// probe is a violation on every page load (issue 19). z.config({ jitless: true }) would come too
// late: the build evaluates the shared chunk holding the contract's schemas before the entry's
// own code. So this module imports nothing, is a chunk of its own (vite.config.ts), is imported
// first by main.tsx, and sets the configuration zod adopts when it loads (zod/v4/core/core.js
// reads globalThis.__zod_globalConfig). The browser test on the CSP fails if it stops working.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
export {};
