import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, signedInClient } from '../../test/test-app.ts';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from './control-characters.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('control characters in input', () => {
  it('finds them at any depth without overflowing the stack', () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 10_000; i++) deep = { x: deep };
    expect(findControlCharacter(deep)).toBe(Array(10_000).fill('x').join('.'));
    expect(findControlCharacter({ list: ['ok', 'tab\tand\nnewline', 'bell\u0007'] })).toBe('list.2');
    expect(findControlCharacter({ text: 'plain, with\ttabs\r\nand lines' })).toBeNull();
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
