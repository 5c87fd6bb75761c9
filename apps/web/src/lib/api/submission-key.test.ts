import { describe, expect, it, vi } from 'vitest';
import { api } from './client.ts';
import { SubmissionKey } from './submission-key.ts';

describe('the Idempotency-Key of a form submission', () => {
  it('is reused when the same values are sent again, so a retry runs once', () => {
    const submission = new SubmissionKey();
    const key = submission.keyFor({ day: '2032-01-05', organizer: 'Luna' });
    expect(key).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(submission.keyFor({ day: '2032-01-05', organizer: 'Luna' })).toBe(key);
  });

  it('is new once the values change', () => {
    const submission = new SubmissionKey();
    const key = submission.keyFor({ organizer: 'Luna' });
    expect(submission.keyFor({ organizer: 'Luna Vega' })).not.toBe(key);
  });

  it('is new after a success, even with the same values', () => {
    const submission = new SubmissionKey();
    const key = submission.keyFor({ organizer: 'Luna' });
    submission.succeeded();
    expect(submission.keyFor({ organizer: 'Luna' })).not.toBe(key);
  });
});

describe('api.post with an Idempotency-Key', () => {
  it('sends the key as the Idempotency-Key header, next to the CSRF token', async () => {
    const sent: Headers[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      const body = url === '/api/auth/csrf' ? { token: 'csrf-token' } : { ok: true };
      return new Response(JSON.stringify(body), { status: 200 });
    });
    try {
      await api.post('/api/calendar/reservations', { organizer: 'Luna' }, { idempotencyKey: 'key-1' });
      await api.post('/api/calendar/feed');
    } finally {
      vi.unstubAllGlobals();
    }
    const [withKey, withoutKey] = sent.filter((h) => h.has('x-csrf-token'));
    expect(withKey!.get('idempotency-key')).toBe('key-1');
    expect(withoutKey!.has('idempotency-key')).toBe(false);
  });
});
