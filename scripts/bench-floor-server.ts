// The benchmark's framework floor (scripts/bench.ts): a bare Fastify route doing the server's
// session lookup and nothing else. It runs in its own process, as the real server does, so the
// floor pays the same hop between processes that every list's HTTP time includes.
import Fastify from 'fastify';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { findSessionUser } from '../apps/server/src/modules/auth/sessions.ts';

const { db } = openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  sqlitePath: process.env.SQLITE_PATH!,
});
const app = Fastify();
app.get('/floor', async (request) => {
  const token = /(?:^|; )preffy_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
  return { ok: (await findSessionUser(db, token)) !== null };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
