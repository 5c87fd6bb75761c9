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
import { ensurePostDays } from './modules/analytics/post-days.ts';
import { clientAddressKey } from './lib/client-address.ts';
import { openApiTransform, withoutUnusedInputSchemas } from './lib/contract-route.ts';
import { registerAccessControl } from './plugins/access.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerControlCharacterCheck } from './plugins/control-characters.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { NOT_FOUND_MESSAGE, registerErrorHandler } from './plugins/error-handler.ts';
import { SESSION_COOKIE, registerSessionLoader } from './plugins/session.ts';
import './plugins/types.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { DeferredWork } from './modules/auth/deferred-work.ts';
import { DELETE_EXPIRED_SESSIONS, deleteExpiredSessions } from './modules/auth/sessions.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { JobWorker } from './modules/stats/job-worker.ts';
import { createStatsSources } from './modules/stats/providers.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { postsRoutes } from './modules/posts/posts.routes.ts';
import { postAdminRoutes } from './modules/post-admin/post-admin.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { creatorsRoutes } from './modules/creators/creators.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { reviewRoutes } from './modules/review/review.routes.ts';
import { competitionsRoutes } from './modules/competitions/competitions.routes.ts';
import { publicCompetitionRoutes } from './modules/competitions/public.routes.ts';
import { EmailWorker } from './modules/email/email-worker.ts';
import { emailRoutes } from './modules/email/email.routes.ts';
import { outboxRoutes } from './modules/email/outbox.routes.ts';
import { unsubscribeRoutes } from './modules/email/unsubscribe.routes.ts';
import { createTransport } from './modules/email/transports/create-transport.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { LOGIN_TOKEN_PARAM, registerSpa, withoutLoginToken } from './modules/spa/spa.ts';
import { imagesRoutes } from './modules/storage/images.routes.ts';
import { s3Storage } from './modules/storage/s3-storage.ts';
import { localStorage } from './modules/storage/storage.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { winnersRoutes } from './modules/winners/winners.routes.ts';
import { finishRoutes } from './modules/finish/finish.routes.ts';
import { paypalRoutes } from './modules/paypal/paypal.routes.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { inquiriesRoutes } from './modules/inquiries/inquiries.routes.ts';
import { inquiryOptionsRoutes } from './modules/inquiry-options/inquiry-options.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';

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

export type BuildOptions = { config: Config; logger?: boolean };

/** Builds the whole app (database, plugins, routes) without listening; tests call it too. */
export async function buildApp({ config, logger = true }: BuildOptions): Promise<FastifyInstance> {
  const loggerOptions: FastifyServerOptions['logger'] = logger && {
    level: config.logLevel,
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
  const jobWorker = new JobWorker(db, createStatsSources(config.providers), {
    log: app.log,
    timeZone: config.businessTimeZone,
    paypal: config.paypal,
  });
  jobWorker.every(DELETE_EXPIRED_SESSIONS, 3600_000, () => deleteExpiredSessions(db));
  app.decorate('jobWorker', jobWorker);
  const afterResponse = new DeferredWork(app.log);
  app.decorate('afterResponse', afterResponse);
  // One hook so the order is certain: finish sending, then close the database.
  app.addHook('onClose', async () => {
    await afterResponse.settled();
    await emailWorker.stop();
    await jobWorker.stop();
    await aggregates.close();
    await db.destroy();
  });

  registerErrorHandler(app);

  const https = config.publicUrl.startsWith('https://');
  registerSecurityHeaders(app, { https });
  await registerCompression(app);
  await app.register(cookie, { secret: config.cookieSecret });
  await app.register(csrf, {
    cookieOpts: { signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure: https },
  });
  // Every per-address limit counts an IPv6 /64 as one caller (lib/client-address.ts).
  await app.register(rateLimit, {
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
  registerSessionLoader(app);
  registerAccessControl(app);
  registerControlCharacterCheck(app);
  registerIdempotency(app);
  const spa = await registerSpa(app);

  const featureRoutes = [
    healthRoutes,
    authRoutes,
    accountRoutes,
    settingsRoutes,
    usersRoutes,
    outboxRoutes,
    emailRoutes,
    unsubscribeRoutes,
    competitionsRoutes,
    publicCompetitionRoutes,
    calendarRoutes,
    postsRoutes,
    postAdminRoutes,
    paymentsRoutes,
    creatorsRoutes,
    referralsRoutes,
    reviewRoutes,
    statsRoutes,
    partnersRoutes,
    winnersRoutes,
    finishRoutes,
    paypalRoutes,
    promotionsRoutes,
    inquiriesRoutes,
    inquiryOptionsRoutes,
    analyticsRoutes,
    dashboardRoutes,
    reportsRoutes,
  ];
  for (const routes of featureRoutes) await app.register(routes);
  const storage = config.storage.kind === 's3' ? s3Storage(config.storage) : localStorage(config.dataDir);
  await app.register(imagesRoutes, { storage });

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
