import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/index.ts';
import { ApiError, describeError } from './client.ts';

const error = (statusCode: number, code: string, message: string, fieldErrors?: Record<string, string[]>) =>
  new ApiError({ statusCode, code, message, fieldErrors });

describe('API errors as the user sees them', () => {
  it('shows the server message in the user language when it is a known one', async () => {
    await setLanguage('es');
    expect(describeError(error(401, 'INVALID_CREDENTIALS', 'Invalid credentials')).message).toBe(
      'Credenciales no válidas',
    );
    await setLanguage('en');
  });
  it('explains a version conflict instead of showing a bare status', () => {
    const shown = describeError(error(409, 'VERSION_CONFLICT', 'This record was changed by someone else'));
    expect(shown.title).toBe('Changed by someone else');
    expect(shown.message).toMatch(/Reload to see their changes/);
  });
  it('never shows internals of a server failure', () => {
    expect(describeError(error(500, 'INTERNAL', 'TypeError: x is undefined')).message).toBe(
      'Sorry! something went wrong, please contact our support team',
    );
  });
  it('says when the server cannot be reached', () => {
    expect(describeError(new ApiError({ statusCode: 0, code: 'NETWORK', message: '' })).message).toMatch(
      /cannot be reached/,
    );
  });
  it('gives translated field messages for forms', async () => {
    await setLanguage('de');
    expect(
      error(400, 'VALIDATION', 'email: Email is not valid!', {
        email: ['Email is not valid!'],
      }).fieldErrors(),
    ).toEqual({
      email: 'Die E-Mail-Adresse ist ungültig!',
    });
    await setLanguage('en');
  });
});
