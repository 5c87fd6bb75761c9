// The benchmark's framework floor (bare-route.ts starts it): a bare Fastify route doing the server's
// session lookup and nothing else. It runs in its own process, as the real server does, so the
// floor pays the same hop between processes that every list's HTTP time includes.
//
// Beside a list it sends that list's own first page, stored once before the list is measured,
// compressed as the server compresses (decision 0089): sending those bytes is a cost of the
// answer, not of the list's code. It is not validated, serialized or built from rows.
import Fastify from 'fastify';
import { z } from 'zod';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { findSessionUser } from '../../apps/server/src/modules/auth/sessions.repository.ts';
import { registerCompression } from '../../apps/server/src/plugins/compression.ts';

const { db } = openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  sqlitePath: process.env.SQLITE_PATH!,
});
// The largest answer stored, the payout CSV of 1,000 winners (about 115 KB), is well within
// Fastify's default body limit of 1 MiB.
const app = Fastify();
await registerCompression(app);

const signedIn = async (cookie: string | undefined) => {
  const token = /(?:^|; )preffy_session=([^;]+)/.exec(cookie ?? '')?.[1] ?? '';
  return (await findSessionUser(db, token)) !== null;
};

app.get('/floor', async (request) => ({ ok: await signedIn(request.headers.cookie) }));

const answerSchema = z.object({ type: z.string(), body: z.string() });
const answers = new Map<string, z.infer<typeof answerSchema>>();
app.post<{ Params: { key: string } }>('/answers/:key', async (request) => {
  answers.set(request.params.key, answerSchema.parse(request.body));
  return { ok: true };
});
app.get<{ Params: { key: string } }>('/floor/:key', async (request, reply) => {
  const answer = answers.get(request.params.key);
  if (!(await signedIn(request.headers.cookie)) || !answer) return reply.code(404).send({ ok: false });
  return reply.type(answer.type).send(answer.body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
