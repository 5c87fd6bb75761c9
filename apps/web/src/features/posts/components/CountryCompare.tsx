import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/index.ts';

const same = (a: string | null, b: string | null) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** A stored country as people read it: a region code by its name, anything else as written. */
function countryName(value: string, language: string) {
  const code = value.trim();
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * The provider's country beside the one stored on the post: green when they are the same,
 * red otherwise (also when either is unknown), and it says which two it compared. With neither
 * known (a YouTube channel that names no country, say) the Invalid Country check had nothing to
 * judge, and the card says so rather than passing the post silently. The card does not know the
 * competition's limits, so it says so whether or not the competition limits countries.
 */
export function CountryCompare({ provider, stored }: { provider: string | null; stored: string | null }) {
  const { t } = useTranslation('posts');
  const language = currentLanguage();
  const name = (v: string | null) => (v?.trim() ? countryName(v, language) : t('country.unknown'));
  const match = same(provider, stored);
  return (
    <Paper
      bg={match ? 'green.1' : 'red.1'}
      px="xs"
      py={4}
      radius="sm"
      data-testid="country-compare"
      data-match={match}
    >
      <Text size="sm" fw={600} c={match ? 'green.9' : 'red.9'}>
        {match
          ? t('country.match', { country: name(stored) })
          : t('country.mismatch', { provider: name(provider), stored: name(stored) })}
      </Text>
      {!provider?.trim() && !stored?.trim() && (
        <Text size="sm" c="red.9" data-testid="country-uncheckable">
          {t('country.uncheckable')}
        </Text>
      )}
    </Paper>
  );
}
