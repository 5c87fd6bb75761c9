import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompetition } from '../../test/fixtures/competitions.ts';
import { insertPosts } from '../../test/fixtures/posts.ts';
import { TestClient, createTestApp, signedInClient } from '../../test/test-app.ts';
import {
  CONTROL_CHARACTER_MESSAGE,
  UNPAIRED_SURROGATE_MESSAGE,
  findRefusedText,
} from './control-characters.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('control characters in input', () => {
  it('finds them at any depth without overflowing the stack', () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 10_000; i++) deep = { x: deep };
    expect(findRefusedText(deep)?.path).toBe(Array(10_000).fill('x').join('.'));
    expect(findRefusedText({ list: ['ok', 'tab\tand\nnewline', 'bell\u0007'] })?.path).toBe('list.2');
    expect(findRefusedText({ text: 'plain, with\ttabs\r\nand lines' })).toBeNull();
  });

  it('answers 400 naming the field, on both databases (PostgreSQL cannot store NUL)', async () => {
    // The attack: a NUL in the sign-in email was a 500 on PostgreSQL.
    const login = await new TestClient(app).post('/api/auth/login', {
      email: 'fuzz\u0000fuzz',
      password: 'whatever-123',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().fieldErrors).toEqual({ email: [CONTROL_CHARACTER_MESSAGE] });

    const { client } = await signedInClient(app, 'admin');
    const before = await app.db.selectFrom('users').select('id').execute();
    const invite = await client.post('/api/users', {
      email: 'nul@preffy.test',
      name: 'fuzz\u0000fuzz',
      role: 'staff',
    });
    expect(invite.statusCode).toBe(400);
    expect(invite.json().fieldErrors).toEqual({ name: [CONTROL_CHARACTER_MESSAGE] });
    expect(await app.db.selectFrom('users').select('id').execute()).toEqual(before);

    const query = await client.get('/api/users?search=a%00b');
    expect(query.statusCode).toBe(400);
    expect(query.json().fieldErrors).toEqual({ search: [CONTROL_CHARACTER_MESSAGE] });
  });
});

describe('unpaired surrogates in input', () => {
  /**
   * Sends JSON text as written, with the escape ("\\ud800") that makes a lone surrogate:
   * JSON.stringify of such a string writes the same escape, and the server's parser turns it
   * back into one.
   */
  const sendJson = (client: TestClient, method: 'POST' | 'PUT', url: string, text: string) =>
    client.raw(method, url, Buffer.from(text), 'application/json');
  const expectRefused = (
    response: { statusCode: number; body: string; json: () => unknown },
    field: string,
  ) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { [field]: [UNPAIRED_SURROGATE_MESSAGE] },
    });
  };

  it('finds a lone high or low surrogate, in a value or a key, and lets a pair through', () => {
    expect(findRefusedText({ a: 'x\ud800' })).toEqual({ path: 'a', message: UNPAIRED_SURROGATE_MESSAGE });
    expect(findRefusedText({ a: ['ok', '\udc00y'] })?.path).toBe('a.1');
    expect(findRefusedText({ a: 'x\ud800\ud800\udc00' })?.path).toBe('a');
    expect(findRefusedText({ a: '\udc00\ud800' })?.path).toBe('a');
    expect(findRefusedText({ nested: { 'k\ud800': 1 } })?.path).toBe('nested');
    expect(findRefusedText({ a: 'smile \ud83d\ude00, \u00e9t\u00e9, \u4e2d' })).toBeNull();
  });

  it('answers 400 on the creator metrics, never 500, stores nothing, and takes an emoji', async () => {
    // The attack: a lone surrogate in a creator name was stored garbled by the post, and setting
    // that creator's metric then read back something else: a 500.
    const { client } = await signedInClient(app, 'staff');
    const id = await newCompetition(app, client, {});
    // Posts whose creators hold the lone surrogates, as another route stored them before.
    const lone = ['ana\ud800', 'ana\udc00', '\udc00\ud800ana'];
    await insertPosts(
      app,
      id,
      [...lone, 'smile\ud83d\ude00'].map((creator) => ({ creator })),
    );
    const url = `/api/competitions/${id}/creator-metrics`;
    const metrics = () =>
      app.db.selectFrom('creatorMetrics').select('creator').where('competitionId', '=', id).execute();
    for (const creator of ['ana\\ud800', 'ana\\udc00', '\\udc00\\ud800ana']) {
      const put = await sendJson(
        client,
        'PUT',
        url,
        `{"creator":"${creator}","platform":"tiktok","metric":5,"version":0}`,
      );
      expectRefused(put, 'creator');
    }
    expect(await metrics()).toEqual([]);

    // In an address a surrogate can only come percent-encoded (a URL turns a lone one into
    // U+FFFD): its three bytes, high (ED A0 80) or low (ED B0 80).
    for (const encoded of ['%ED%A0%80', '%ed%b0%80', '%ED%A0%80%ED%B0%80']) {
      expectRefused(await client.get(`${url}?pageSize=10&search=ana${encoded}`), 'search');
      const path = await client.get(`/api/competitions/${id}${encoded}/creator-metrics`);
      expect(path.statusCode, path.body).toBe(400);
    }

    const pair = await sendJson(
      client,
      'PUT',
      url,
      '{"creator":"smile\\ud83d\\ude00","platform":"tiktok","metric":5,"version":0}',
    );
    expect(pair.statusCode, pair.body).toBe(200);
    expect(await metrics()).toEqual([{ creator: 'smile\ud83d\ude00' }]);
    expect((await client.get(`${url}?search=\ud83d\ude00`)).json().total).toBe(1);
  });

  it('answers 400 on other routes too, in body, query and address, and stores nothing', async () => {
    const { client } = await signedInClient(app, 'admin');
    const users = () => app.db.selectFrom('users').select(['id', 'name']).execute();
    const before = await users();
    for (const name of ['Lone \\ud800 high', 'Lone \\udc00 low']) {
      const invite = await sendJson(
        client,
        'POST',
        '/api/users',
        `{"email":"lone@preffy.test","name":"${name}","role":"staff"}`,
      );
      expectRefused(invite, 'name');
    }
    const winner = await sendJson(
      client,
      'POST',
      '/api/winners',
      '{"email":"lone@creators.test","paypal":"lone\\udbff@paypal.test"}',
    );
    expectRefused(winner, 'paypal');
    expect(
      await app.db.selectFrom('winners').select('id').where('email', '=', 'lone@creators.test').execute(),
    ).toEqual([]);
    expect(await users()).toEqual(before);

    const query = await client.get('/api/users?search=a%ED%BF%BFb');
    expectRefused(query, 'search');
    const inName = await client.get('/api/users?a%ED%A0%80=1');
    expectRefused(inName, 'query');
    expect((await client.get('/api/competitions/%ED%A0%80')).statusCode).toBe(400);
    // A pair, percent-encoded as UTF-8 (F0 9F 98 80), is a search like any other.
    expect((await client.get('/api/users?search=%F0%9F%98%80')).statusCode).toBe(200);

    const emoji = await sendJson(
      client,
      'POST',
      '/api/users',
      '{"email":"emoji@preffy.test","name":"Emoji \\ud83d\\ude00","role":"staff"}',
    );
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect(emoji.json().user.name).toBe('Emoji \ud83d\ude00');
  });
});
