import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { pageOf, pageQuerySchema } from '@preffy/api';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { SECRET_LINK_HIDDEN, withoutSecretLinks } from '../auth/auth-links.ts';
import { RECIPIENT_STATUSES, messagesToAdministrators, statusCounts } from './outbox.repository.ts';

const countsSchema = z.object(
  Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, z.number()])) as Record<
    (typeof RECIPIENT_STATUSES)[number],
    z.ZodNumber
  >,
);
const messageSummary = z.object({
  id: z.string(),
  createdAt: z.number(),
  kind: z.string(),
  subject: z.string(),
  isMarketing: z.boolean(),
  language: z.string(),
  firstRecipient: z.string().nullable(),
  recipients: z.number(),
  counts: countsSchema,
});
const recipientSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  status: z.string(),
  reason: z.string().nullable(),
  attempts: z.number(),
  sentAt: z.number().nullable(),
  transport: z.string().nullable(),
});
const idParams = z.object({ id: z.string().min(1) });

/** A message's text as the outbox shows it: no working secret link addressed to an admin. */
const shown = (text: string, toAdministrator: boolean) =>
  toAdministrator ? withoutSecretLinks(text, SECRET_LINK_HIDDEN) : text;

/** The Outbox page: every message, rendered, with what happened to each recipient. */
export async function outboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  r.get(
    '/api/outbox',
    {
      config: admin,
      schema: {
        tags: ['email'],
        summary: 'Outbox messages, newest first; search by subject or recipient',
        querystring: pageQuerySchema
          .pick({ page: true, pageSize: true, search: true })
          .extend({ kind: z.string().max(50).optional() }),
        response: { 200: pageOf(messageSummary) },
      },
    },
    async (request) => {
      const q = request.query;
      let base = app.db.selectFrom('emailMessages');
      if (q.kind) base = base.where('kind', '=', q.kind);
      if (q.search) {
        const pattern = likePattern(q.search.toLowerCase());
        base = base.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['subject']), 'like', pattern),
            eb.exists(
              eb
                .selectFrom('emailRecipients')
                .select('emailRecipients.id')
                .whereRef('emailRecipients.messageId', '=', 'emailMessages.id')
                .where('emailRecipients.email', 'like', pattern),
            ),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'createdAt', 'kind', 'subject', 'isMarketing', 'language'])
          .select((eb) => [
            eb
              .selectFrom('emailRecipients')
              .select((e) => e.fn.min('email').as('m'))
              .whereRef('messageId', '=', 'emailMessages.id')
              .as('firstRecipient'),
          ])
          .orderBy('createdAt', 'desc')
          .orderBy('id')
          .limit(q.pageSize)
          .offset(offsetOf(q))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      const ids = rows.map((m) => m.id);
      const [counts, toAdministrators] = await Promise.all([
        statusCounts(app.db, ids),
        messagesToAdministrators(app.db, ids),
      ]);
      return {
        items: rows.map((m) => {
          const c = counts.get(m.id)!;
          return {
            ...m,
            subject: shown(m.subject, toAdministrators.has(m.id)),
            isMarketing: m.isMarketing === 1,
            firstRecipient: m.firstRecipient ?? null,
            counts: c,
            recipients: Object.values(c).reduce((a, b) => a + b, 0),
          };
        }),
        total: Number(count.total),
      };
    },
  );

  r.get(
    '/api/outbox/:id',
    {
      config: admin,
      schema: {
        tags: ['email'],
        summary: 'One message, rendered, with delivery counts',
        params: idParams,
        response: {
          200: messageSummary.extend({
            html: z.string(),
            text: z.string(),
            relatedEntity: z.string().nullable(),
            relatedId: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const m = await app.db
        .selectFrom('emailMessages')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!m) throw notFound('Message');
      const c = (await statusCounts(app.db, [m.id])).get(m.id)!;
      const toAdministrator = (await messagesToAdministrators(app.db, [m.id])).has(m.id);
      const first = await app.db
        .selectFrom('emailRecipients')
        .select('email')
        .where('messageId', '=', m.id)
        .orderBy('email')
        .limit(1)
        .executeTakeFirst();
      return {
        ...m,
        subject: shown(m.subject, toAdministrator),
        html: shown(m.html, toAdministrator),
        text: shown(m.text, toAdministrator),
        isMarketing: m.isMarketing === 1,
        counts: c,
        recipients: Object.values(c).reduce((a, b) => a + b, 0),
        firstRecipient: first?.email ?? null,
      };
    },
  );

  r.get(
    '/api/outbox/:id/recipients',
    {
      config: admin,
      schema: {
        tags: ['email'],
        summary: "A message's recipients and their delivery status",
        params: idParams,
        querystring: pageQuerySchema
          .pick({ page: true, pageSize: true })
          .extend({ status: z.enum(RECIPIENT_STATUSES as [string, ...string[]]).optional() }),
        response: { 200: pageOf(recipientSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      let base = app.db.selectFrom('emailRecipients').where('messageId', '=', request.params.id);
      if (q.status) base = base.where('status', '=', q.status as never);
      const [items, count] = await Promise.all([
        base
          .select(['email', 'name', 'status', 'reason', 'attempts', 'sentAt', 'transport'])
          .orderBy('email')
          .limit(q.pageSize)
          .offset(offsetOf(q))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(count.total) };
    },
  );
}
