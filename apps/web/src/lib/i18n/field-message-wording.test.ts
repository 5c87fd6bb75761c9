import type * as Api from '@preffy/api';
import { describe, expect, it, vi } from 'vitest';

const REWORDED = 'That email address does not look right';

// The contract with one field message reworded, as a later edit of its English text would leave it.
vi.mock('@preffy/api', async (importOriginal) => {
  const api = await importOriginal<typeof Api>();
  return {
    ...api,
    FIELD_MESSAGES: { ...api.FIELD_MESSAGES, 'form.emailInvalid': REWORDED },
    fieldMessageKey: (text: string) => (text === REWORDED ? 'form.emailInvalid' : api.fieldMessageKey(text)),
  };
});

describe('a field message reworded in English', () => {
  it('keeps its translations, and English shows the new words', async () => {
    // The test setup loaded i18n with the real contract; load it again with the reworded one.
    vi.resetModules();
    const { setLanguage, translateServerMessage } = await import('./index.ts');
    await setLanguage('de');
    expect(translateServerMessage(REWORDED)).toBe('Die E-Mail-Adresse ist ungültig!');
    await setLanguage('en');
    expect(translateServerMessage(REWORDED)).toBe(REWORDED);
  });
});
