import { hostname } from 'node:os';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { isPagePath } from '@preffy/api';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, trustProxyOption } from './config/env.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { openAggregatesReader } from './db/aggregates-reader.ts';
import { clientAddressKey } from './lib/client-address.ts';
import { openApiTransform, withoutUnusedInputSchemas } from './lib/contract-route.ts';
import { registerAccessControl } from './plugins/access.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerLimits } from './plugins/limits/limits.ts';
import { InstanceHeartbeat } from './plugins/instance-heartbeat.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerControlCharacterCheck } from './plugins/control-characters.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { NOT_FOUND_MESSAGE, registerErrorHandler } from './plugins/error-handler.ts';
import { SESSION_COOKIE, registerSessionLoader } from './plugins/session.ts';
import { DeferredWork } from './plugins/deferred-work.ts';
import './plugins/types.ts';
import { AREAS, createJobWorker, publicShapesOf } from './modules/index.ts';
import { ensurePostDays } from './modules/analytics/index.ts';
import { findSessionUser } from './modules/auth/index.ts';
import { EmailWorker, createTransport } from './modules/email/index.ts';
import { twoStepSetupRequired } from './modules/settings/index.ts';
import { LOGIN_TOKEN_PARAM, registerSpa, withoutLoginToken } from './modules/spa/index.ts';

/**
 * Secrets that travel in addresses (sign-in links, calendar feed tokens, shared report links)
 * never reach the logs.
 */
function redactUrl(url: string) {
  const clean = url.includes(LOGIN_TOKEN_PARAM) ? withoutLoginToken(url) : url;
  return clean
    .replace(/^\/api\/calendar\/feed\/[^/?]+\.ics/, '/api/calendar/feed/[token].ics')
    .replace(/^\/api\/public\/reports\/[^/?]+/, '/api/public/reports/[token]')
    .replace(/^\/r\/[^/?]+/, '/r/[token]');
}

export type BuildOptions = {
  config: Config;
  logger?: boolean;
  /** Which of the WORKERS server processes this is (decision 0120): every log line names it. */
  worker?: number;
};

/** Builds the whole app (database, plugins, routes) without listening; tests call it too. */
export async function buildApp({ config, logger = true, worker }: BuildOptions): Promise<FastifyInstance> {
  const loggerOptions: FastifyServerOptions['logger'] = logger && {
    level: config.logLevel,
    ...(worker && { base: { pid: process.pid, hostname: hostname(), worker } }),
    // Sign-in tokens must never reach the logs.
    serializers: {
      req: (req) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
  const app = Fastify({
    logger: loggerOptions,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // An empty JSON body reads as {}, so an optional body may be left out with the content type
  // still set (issue 19), and a required one gets the usual 400 naming its fields. Fastify's own
  // parser (with its prototype-poisoning checks) reads everything else.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, {}) : parseJson(request, body.toString(), done),
  );

  const { db, dialect } = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  app.decorate('db', db);
  const aggregates = openAggregatesReader({ db, dialect, sqlitePath: config.sqlitePath });
  app.decorate('aggregatesDb', aggregates.db);
  app.decorate('dialect', dialect);
  app.decorate('config', config);
  await migrateToLatest(db);
  for (const warning of config.warnings) app.log.warn(warning);
  if (await ensurePostDays(db, config.businessTimeZone))
    app.log.info(
      { timeZone: config.businessTimeZone },
      'Counted the daily post rollups for the business time zone',
    );
  const emailWorker = new EmailWorker(db, {
    transport: createTransport(config.email),
    from: config.email.from,
    publicUrl: config.publicUrl,
    secret: config.cookieSecret,
    log: app.log,
  });
  app.decorate('emailWorker', emailWorker);
  const jobWorker = createJobWorker(AREAS, { db, config, log: app.log });
  app.decorate('jobWorker', jobWorker);
  const limits = registerLimits(app, { db, dialect, jobWorker });
  const afterResponse = new DeferredWork(app.log);
  app.decorate('afterResponse', afterResponse);
  const heartbeat = new InstanceHeartbeat(db, { ...config.instance, log: app.log });
  await heartbeat.start();
  app.decorate('instanceHeartbeat', heartbeat);
  // One hook so the order is certain: finish sending, then close the database.
  app.addHook('onClose', async () => {
    await afterResponse.settled();
    await emailWorker.stop();
    await jobWorker.stop();
    // Every request has ended: this instance holds no reservation any more.
    await heartbeat.stop({ forget: true });
    await aggregates.close();
    await db.destroy();
  });

  registerErrorHandler(app, publicShapesOf(AREAS));

  const https = config.publicUrl.startsWith('https://');
  registerSecurityHeaders(app, { https });
  await registerCompression(app);
  await app.register(cookie, { secret: config.cookieSecret });
  await app.register(csrf, {
    cookieOpts: { signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure: https },
  });
  // Every per-address limit counts an IPv6 /64 as one caller (lib/client-address.ts); on
  // PostgreSQL every instance counts in the database (plugins/limits/).
  await app.register(rateLimit, {
    ...limits,
    global: false,
    hook: 'preHandler',
    keyGenerator: (request) => clientAddressKey(request.ip),
  });
  await app.register(multipart);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Preffy Admin API', version: '1.0.0', license: { name: 'Proprietary' } },
      servers: [{ url: config.publicUrl }],
      components: {
        // Each route names the ones it needs (lib/contract-route.ts).
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          csrfToken: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
          partnerKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        },
      },
    },
    transform: openApiTransform,
    // Schemas registered with an id (the one error answer) are written once, as components.
    transformObject: withoutUnusedInputSchemas,
  });

  // Order matters: cookies are parsed, then the session loaded, then access and CSRF checked.
  registerSessionLoader(app, (token) => findSessionUser(db, token));
  registerAccessControl(app, { twoStepSetupRequired: (role) => twoStepSetupRequired(db, role) });
  registerControlCharacterCheck(app);
  registerIdempotency(app, { instanceId: heartbeat.id, deadAfterMs: config.instance.deadAfterMs });
  const spa = await registerSpa(app);

  for (const area of AREAS) for (const routes of area.routes ?? []) await app.register(routes);

  app.setNotFoundHandler((request, reply) => {
    // A missing asset is a 404, not index.html: a browser would run the page as a script.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/') &&
      request.url !== '/healthz';
    // An address the app has no page for is a 404 too (issue 19); the app shows its Not found
    // screen with the shell, so the page is still index.html.
    if (isPage && spa.servePage)
      return spa.servePage(request, reply.code(isPagePath(request.url.split('?')[0]!) ? 200 : 404));
    return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
  });

  return app;
}
