import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '@preffy/api';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { BULK_TYPES, bulkEmailFor, sendBulkEmail, subscribersQuery } from './bulk-email.ts';
import { EMAIL_KINDS, type EmailKind, renderEmail } from './templates/messages.ts';
import { EMAIL_LANGUAGES, UNSUBSCRIBE_PLACEHOLDER, languageOf } from './templates/render.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

const kinds = Object.keys(EMAIL_KINDS) as [EmailKind, ...EmailKind[]];
const languages = Object.keys(EMAIL_LANGUAGES) as [string, ...string[]];

export async function emailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  r.get(
    '/api/email/kinds',
    {
      config: admin,
      schema: {
        tags: ['email'],
        summary: 'Every kind of email the product sends',
        response: {
          200: z.object({ items: z.array(z.object({ kind: z.string(), marketing: z.boolean() })) }),
        },
      },
    },
    async () => ({ items: kinds.map((kind) => ({ kind, marketing: EMAIL_KINDS[kind].marketing })) }),
  );

  const renderedSchema = z.object({
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    marketing: z.boolean(),
  });
  /** A rendered message for an admin's eyes, with a sample (not working) unsubscribe link. */
  const preview = <K extends EmailKind>(kind: K, data: unknown, language: string) => {
    const rendered = renderEmail(kind, data as never, languageOf(language));
    const sampleUnsubscribe = unsubscribeUrl(app.config.publicUrl, 'preview-only', 'sample@preffy.example');
    return {
      subject: rendered.subject,
      html: rendered.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, sampleUnsubscribe),
      text: rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, sampleUnsubscribe),
      marketing: EMAIL_KINDS[kind].marketing,
    };
  };

  r.get(
    '/api/email/preview/:kind',
    {
      config: admin,
      schema: {
        tags: ['email'],
        summary: 'A message kind rendered with sample data',
        params: z.object({ kind: z.enum(kinds) }),
        querystring: z.object({ language: z.enum(languages).default('en') }),
        response: { 200: renderedSchema },
      },
    },
    async (request) =>
      preview(request.params.kind, EMAIL_KINDS[request.params.kind].sample, request.query.language),
  );

  r.get(
    '/api/email/bulk/preview',
    {
      config: admin,
      schema: {
        tags: ['email'],
        summary: 'A Fancy, Promotion or Basic email for a competition, as recipients will get it',
        querystring: z.object({
          type: z.enum(BULK_TYPES),
          competitionId: z.string().min(1, 'Please choose a competition').max(100),
          language: z.enum(languages).default('en'),
        }),
        response: { 200: renderedSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const email = await bulkEmailFor(app.db, q.type, q.competitionId, app.config.publicUrl);
      return preview(email.kind, email.data, q.language);
    },
  );

  r.get(
    '/api/email/subscribers',
    {
      config: admin,
      schema: {
        tags: ['email'],
        summary: 'Subscribers (winners who are not unsubscribed or banned), paged and sortable',
        querystring: pageQuerySchema.extend({
          pageSize: z.coerce.number().int().min(1).max(100).default(10),
          sortBy: z.enum(['email', 'balance', 'createdAt']).default('email'),
        }),
        response: {
          200: pageOf(
            z.object({
              id: z.string(),
              email: z.string(),
              paypal: z.string().nullable(),
              balance: z.number(),
              isVetted: z.boolean(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const base = subscribersQuery(app.db, q.search);
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'email', 'paypal', 'balance', 'isVetted'])
          .orderBy(q.sortBy, q.sortDirection)
          .orderBy('id')
          .limit(q.pageSize)
          .offset(offsetOf(q))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map((w) => ({ ...w, isVetted: w.isVetted === 1 })), total: Number(count.total) };
    },
  );

  r.get(
    '/api/email/competitions',
    {
      config: admin,
      schema: {
        tags: ['email'],
        summary: 'Competitions to pick for a bulk email (at most 20 matches)',
        querystring: z.object({ search: z.string().trim().max(200).optional() }),
        response: {
          200: z.object({
            items: z.array(z.object({ id: z.string(), name: z.string(), organizer: z.string() })),
          }),
        },
      },
    },
    async (request) => {
      let q = app.db.selectFrom('competitions').select(['id', 'name', 'organizer']).where('deleted', '=', 0);
      const search = request.query.search;
      if (search) {
        const pattern = likePattern(search.toLowerCase());
        q = q.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['name']), 'like', pattern),
            eb(eb.fn('lower', ['organizer']), 'like', pattern),
          ]),
        );
      }
      return { items: await q.orderBy('endDate', 'desc').limit(20).execute() };
    },
  );

  r.post(
    '/api/email/bulk',
    {
      // Five parallel sends once queued every subscriber five times: one key, one send.
      config: { ...admin, idempotent: true },
      schema: {
        tags: ['email'],
        summary: 'Send a Fancy, Promotion or Basic email to selected subscribers',
        body: z.object({
          type: z.enum(BULK_TYPES),
          competitionId: z.string().min(1, 'Please choose a competition').max(100),
          selection: z.union([
            z.object({ emails: z.array(z.email()).min(1).max(100_000) }),
            z.object({
              all: z.literal(true),
              search: z.string().max(200).optional(),
              exclude: z.array(z.email().max(254)).max(100_000).optional(),
            }),
          ]),
        }),
        response: { 202: z.object({ messageId: z.string(), queued: z.number(), skipped: z.number() }) },
      },
      bodyLimit: 8 * 1024 * 1024,
    },
    async (request, reply) => {
      const result = await sendBulkEmail(app.db, {
        ...request.body,
        publicUrl: app.config.publicUrl,
        actorId: request.user!.id,
      });
      return reply.code(202).send(result);
    },
  );
}
