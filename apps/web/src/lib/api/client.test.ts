import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n/index.ts';
import { ApiError, describeError, showFormErrors } from './client.ts';

const error = (
  statusCode: number,
  code: string,
  message: string,
  fieldErrors?: Record<string, string[]>,
  reason?: string,
) => new ApiError({ statusCode, code, message, fieldErrors, reason });

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
  it('translates the field message of a validation error, not its "field: text" summary', async () => {
    await setLanguage('de');
    const invalid = error(400, 'VALIDATION', 'name: Text must not contain control characters', {
      name: ['Text must not contain control characters'],
    });
    expect(describeError(invalid).message).toBe('Der Text darf keine Steuerzeichen enthalten');
    await setLanguage('en');
  });
  it('puts field messages on the form and reports the ones it has no input for', () => {
    const form = { getValues: () => ({ email: '', endDay: null }), setErrors: vi.fn() };
    const onOther = vi.fn();
    showFormErrors(
      form,
      error(400, 'VALIDATION', 'email: Email is not valid!', {
        email: ['Email is not valid!'],
        endDate: ['End date must be after the start date'],
        'idempotency-key': ['Idempotency-Key must be 1 to 200 printable characters'],
      }),
      { aliases: { endDate: 'endDay' }, onOther },
    );
    expect(form.setErrors).toHaveBeenCalledWith({
      email: 'Email is not valid!',
      endDay: 'End date must be after the start date',
    });
    expect(onOther).toHaveBeenCalledWith('Idempotency-Key must be 1 to 200 printable characters');
  });
  it('reports a failure without field messages instead of dropping it', () => {
    const form = { getValues: () => ({ email: '' }), setErrors: vi.fn() };
    const onOther = vi.fn();
    showFormErrors(form, error(404, 'NOT_FOUND', 'Competition not found', undefined, 'competition'), {
      onOther,
    });
    expect(form.setErrors).not.toHaveBeenCalled();
    expect(onOther).toHaveBeenCalledWith('Competition not found');
  });
});

describe('API errors translated by code (decision 0020)', () => {
  it('uses the text of the code, whatever the English message says', async () => {
    await setLanguage('de');
    const ownEmail = error(
      403,
      'OWN_EMAIL_ONLY',
      'Organizers can only start competitions under their own email',
    );
    expect(describeError(ownEmail).message).toBe(
      'Veranstalter können Wettbewerbe nur mit ihrer eigenen E-Mail-Adresse starten',
    );
    expect(describeError(error(409, 'EMAIL_TAKEN', 'reworded on the server')).message).toMatch(/bereits/);
    await setLanguage('en');
  });
  it('names the record a 404 is about by its reason', () => {
    expect(
      describeError(error(404, 'NOT_FOUND', 'Competition not found', undefined, 'competition')).message,
    ).toBe('Competition not found');
  });
});

describe('API errors translated by code and reason (decision 0092)', () => {
  it('says which of its messages a code means, never reading the English text', async () => {
    await setLanguage('de');
    const lockout = error(429, 'RATE_LIMITED', 'reworded on the server', undefined, 'signIns');
    expect(describeError(lockout).message).toMatch(/Anmeldeversuche/);
    expect(
      describeError(error(404, 'NOT_FOUND', 'Payout file not found', undefined, 'payoutFile')).message,
    ).toBe('Auszahlungsdatei nicht gefunden');
    await setLanguage('en');
  });
  it("shows a code's own text when the answer names no reason, or one the code does not have", () => {
    expect(describeError(error(429, 'RATE_LIMITED', 'Rate limit exceeded')).message).toMatch(/wait a minute/);
    expect(describeError(error(403, 'FORBIDDEN', 'x', undefined, 'unheardOf')).message).toBe(
      'You do not have access to this.',
    );
  });
  it("puts a refusal's own text on the fields it names, in the user's language", async () => {
    await setLanguage('de');
    const taken = error(409, 'EMAIL_TAKEN', 'A user with this email already exists', {
      email: ['A user with this email already exists'],
    });
    expect(taken.fieldErrors().email).toMatch(/bereits/);
    await setLanguage('en');
  });
  it('says a framework refusal without a code of ours in a text of its own, not its English one', () => {
    expect(
      describeError(error(415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE', 'Unsupported Media Type')).message,
    ).toBe('The server could not handle this request.');
  });
});
